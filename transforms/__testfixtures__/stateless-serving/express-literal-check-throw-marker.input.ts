/**
 * A sessionful express endpoint whose authentication check throws instead of answering, using only the request and
 * literals (the review of sweep 12 K1's fix): nothing in it is custom logic by name, and it is not a check the rewrite
 * keeps, so the route is refused by the request-guard pass and marked rather than losing the check.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function createServer(): McpServer {
  const server = new McpServer({ name: 'mail', version: '1.0.0' });
  server.registerTool('inbox_count', { description: 'How many unread mails.' }, async () => ({ content: [{ type: 'text', text: '3' }] }));
  return server;
}

const app = express();
app.use(express.json());
const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

app.post('/mcp', async (req: Request, res: Response) => {
  if (!req.headers.authorization) throw new Error('authentication_required');
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: NodeStreamableHTTPServerTransport;
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport;
      },
    });
    await createServer().connect(transport);
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session ID provided' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
