/**
 * A sessionful express endpoint that checks the caller's bearer token before anything else (samuelhalff/msgraph-mcp's
 * shape, sweep 12 K1): the check is the server's authentication, not session plumbing. The stateless entry replaces
 * the session routing; the check stays in front of it, for every method of the endpoint.
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
  const auth = req.headers.authorization;
  if (auth !== `Bearer ${API_TOKEN}`) {
    res.status(401).json({ error: 'authentication_required' });
    return;
  }
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
