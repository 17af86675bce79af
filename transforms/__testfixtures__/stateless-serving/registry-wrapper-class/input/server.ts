/**
 * The transport registry lives in a class of its own module (`sessionManager.add/get/exists/remove`, sweep 31 AE2):
 * its methods only reach the registry, so the routes' calls of them are session routing, replaced with the routes by
 * `createMcpHandler`; the class, used by nothing then, is left for a person to delete.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createMcpServer } from './mcp-server.js';
import { sessionManager } from './session-manager.js';

const greeting = 'Hello from the greeter';

const app = express();
app.use(express.json());

app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId && sessionManager.exists(sessionId)) {
    const existing = sessionManager.get(sessionId)!;
    await existing.handleRequest(req, res, req.body);
    return;
  }
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      sessionManager.add(id, transport);
    },
  });
  const server = createMcpServer(greeting);
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.delete('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string;
  if (sessionManager.exists(sessionId)) {
    await sessionManager.get(sessionId)!.close();
    sessionManager.remove(sessionId);
  }
  res.status(204).end();
});

app.listen(3000);
