/**
 * A sessionful express endpoint followed by a route on the same path that does more than answer (it records
 * the refused method). One `all` route serving the endpoint would take every method first, so that logic would
 * silently stop running: the endpoint is left for a person, with a marker saying why.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function createServer(): McpServer {
  return new McpServer({ name: 'notes', version: '1.0.0' });
}

const refused: string[] = [];
const app = express();
app.use(express.json());
const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

// @mcp-migrate-todo(session-transport/session-id-generator): the `app.all('/mcp', …)` route below this endpoint does more than answer, and it would never run once one `all` route serves the endpoint: move its logic into middleware before the endpoint, then replace the session routes. Serve the endpoint with `createMcpHandler(createServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405). `createServer` already builds the server: serve with it (a new server per request).
app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId && transports[sessionId]) {
    await transports[sessionId].handleRequest(req, res, req.body);
    return;
  }
  if (!sessionId && isInitializeRequest(req.body)) {
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport;
      },
    });
    await createServer().connect(transport);
    await transport.handleRequest(req, res, req.body);
    return;
  }
  res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request' }, id: null });
});

app.all('/mcp', (req: Request, res: Response) => {
  refused.push(req.method);
  res.status(405).end();
});

app.listen(3000);
