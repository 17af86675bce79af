/**
 * express-auth-gate's endpoint with its check written so that the rewrite does not keep it as one (it throws instead
 * of answering, and a value is changed between checks: the review of sweep 12 K1's fix). Nothing of it may be dropped
 * with the session plumbing, so the route is marked and left as it is (a check using only the request and literals is
 * refused the same way: request-guards.ts).
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const API_TOKEN = process.env.MCP_TOKEN ?? 'dev-token';

function createServer(): McpServer {
  const server = new McpServer({ name: 'mail', version: '1.0.0' });
  server.registerTool('inbox_count', { description: 'How many unread mails.' }, async () => ({ content: [{ type: 'text', text: '3' }] }));
  return server;
}

const app = express();
app.use(express.json());
const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

app.post('/mcp', async (req: Request, res: Response) => {
  let auth = req.headers.authorization;
  if (!auth && typeof req.query.key === 'string') auth = `Bearer ${req.query.key}`;
  if (auth !== `Bearer ${API_TOKEN}`) throw new Error('authentication_required');
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
