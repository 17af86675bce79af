/**
 * The server built per request by a factory fed the caller's API key, read from the request's headers into a `let`
 * assigned after its declaration. The key must not be hoisted out of the route (one caller's key would serve every
 * request): the marker says to read it from the context `createMcpHandler` hands its factory per request.
 */
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

function createMcpServer(options: { apiKey: string; app: string }): McpServer {
  const server = new McpServer({ name: options.app, version: '1.0.0' });
  server.registerTool('key_length', { description: 'How long the caller\u2019s key is.' }, async () => ({
    content: [{ type: 'text', text: String(options.apiKey.length) }],
  }));
  return server;
}

const app = express();
app.use(express.json());

app.post('/mcp', async (req: Request, res: Response) => {
  let apiKey: string;
  apiKey = String(req.headers['x-api-key'] ?? '');
  const server = createMcpServer({ apiKey, app: 'keys' });
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
