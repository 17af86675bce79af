/**
 * onsessionclosed does more than registry bookkeeping: it releases a per-session lease.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';

const leases = new Set<string>();

function buildServer(): McpServer {
  return new McpServer({ name: 'leases', version: '1.0.0' });
}

const app = express();
app.use(express.json());

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport && isInitializeRequest(req.body)) {
    const created = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        transports[sid] = created;
        // @mcp-migrate-todo(session-transport/session-lifecycle): custom session-lifecycle work in `onsessioninitialized` (uses `leases`): there are no sessions to open or close on 2026-07-28. Move setup into the server factory and cleanup into handle expiry. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405). `buildServer` already builds the server: serve with it (a new server per request).
        leases.add(sid);
      },
      onsessionclosed: (sid) => {
        delete transports[sid];
        leases.delete(sid);
      },
    });
    transport = created;
    await buildServer().connect(created);
  }
  if (!transport) {
    res.status(400).send('No valid session');
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
