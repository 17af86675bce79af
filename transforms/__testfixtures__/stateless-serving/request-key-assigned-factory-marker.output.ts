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
  // @mcp-migrate-todo(session-state/per-session-server): the server factory `createMcpServer` is called with values read from the request (`apiKey`): never hoist them out of the route into constants (one request's values, such as one user's credentials, would serve every request). `createMcpHandler` calls its factory once per request with that request's context: read them from it, `ctx.authInfo` (the `AuthInfo` the auth middleware put on `req.auth`, forwarded by `toNodeHandler`) or `ctx.requestInfo` (the request, a Web `Request`: `headers.get()`), and keep the auth middleware, and any answer to a request without auth, in front of the handler (it does no auth of its own). Serve the endpoint with `createMcpHandler((ctx) => createMcpServer(…))` mounted with `toNodeHandler` (GET/DELETE then answer 405).
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
