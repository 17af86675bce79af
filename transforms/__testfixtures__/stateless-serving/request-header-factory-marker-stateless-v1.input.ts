/**
 * Sessions on SDK 1.x whose server is built, when a session starts, by a factory fed the caller's API key from the
 * request's headers. With --target stateless-v1 the key must still be read in the route for each POST, never
 * hoisted out of it (one caller's key would serve every request): the marker says so in SDK 1.x terms.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

export function buildServer(options: { apiKey: string }): McpServer {
  const server = new McpServer({ name: 'keys', version: '1.0.0' });
  server.registerTool('key_length', { description: 'How long the caller\u2019s key is.' }, async () => ({
    content: [{ type: 'text', text: String(options.apiKey.length) }],
  }));
  return server;
}

const app = express();
app.use(express.json());

const transports = new Map<string, StreamableHTTPServerTransport>();

app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports.get(sessionId) : undefined;
  if (!transport) {
    if (sessionId || !isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
      return;
    }
    const created = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        transports.set(sid, created);
      },
    });
    transport = created;
    await buildServer({ apiKey: String(req.headers['x-api-key']) }).connect(created);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
