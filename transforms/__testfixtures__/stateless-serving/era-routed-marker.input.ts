/**
 * One endpoint for both protocol eras (the SDK's legacy-routing pattern, apify's dev server shape): a
 * predicate built on `isLegacyRequest` sends 2026-07-28 requests to a stateless entry, and the sessionful
 * path after it keeps serving 2025-era clients with sessions. Not rewritten: one marker at the sessionful
 * transport saying it is the 2025-era path and what goes with it.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, isLegacyRequest, McpServer } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'both-eras', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

/** Whether the stateless entry answers this request (everything but 2025-era traffic). */
async function isModernRequest(req: Request): Promise<boolean> {
  return !(await isLegacyRequest(await toWebRequest(req, req.body)));
}

const modernHandler = toNodeHandler(createMcpHandler(buildServer, { legacy: 'reject' }));

async function serveModern(req: Request, res: Response): Promise<void> {
  await modernHandler(req, res, req.body);
}

const app = express();
app.use(express.json());
const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

app.post('/mcp', async (req: Request, res: Response) => {
  if (await isModernRequest(req)) {
    await serveModern(req, res);
    return;
  }
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport && !sessionId && isInitializeRequest(req.body)) {
    const created = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = created;
      },
    });
    transport = created;
    await buildServer().connect(created);
  }
  if (!transport) {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
