/**
 * neondatabase-labs/mcp-server-neon's shape: SDK 1.x's stateless idiom behind an auth middleware, the server built
 * per request by a factory fed the request's credentials (`const auth = req.auth`). Those must not be hoisted out
 * of the route (one user's key would serve every request): the marker says to read them from the context
 * `createMcpHandler` hands its factory per request (`ctx.authInfo`) and to keep the middleware in front.
 */
import express, { type Request, type Response } from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer, type OAuthTokenVerifier } from '@modelcontextprotocol/server';

const APP_NAME = 'neon';

function createMcpServer(options: { apiKey: string; account: unknown; app: string }): McpServer {
  const server = new McpServer({ name: options.app, version: '1.0.0' });
  server.registerTool('whoami', { description: 'The account this key belongs to' }, async () => ({
    content: [{ type: 'text', text: `${String(options.account)} (${options.apiKey.length} key characters)` }],
  }));
  return server;
}

const verifier: OAuthTokenVerifier = {
  async verifyAccessToken(token) {
    return { token, clientId: 'neon', scopes: [], extra: { account: 'demo' } };
  },
};

const app = express();
app.use(express.json());

app.post('/mcp', requireBearerAuth({ verifier }), async (req: Request, res: Response) => {
  const auth = req.auth;
  if (!auth) {
    res.status(401).send('Unauthorized');
    return;
  }
  const server = createMcpServer({
    apiKey: auth.token,
    account: auth.extra?.account,
    app: APP_NAME,
  });
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  // @mcp-migrate-todo(session-state/per-session-server): the server factory `createMcpServer` is called with values read from the request (`auth.token`, `auth.extra?.account`): never hoist them out of the route into constants (one request's values, such as one user's credentials, would serve every request). `createMcpHandler` calls its factory once per request with that request's context: read them from it, `ctx.authInfo` (the `AuthInfo` the auth middleware put on `req.auth`, forwarded by `toNodeHandler`) or `ctx.requestInfo` (the request, a Web `Request`: `headers.get()`), and keep the auth middleware, and any answer to a request without auth, in front of the handler (it does no auth of its own). Serve the endpoint with `createMcpHandler((ctx) => createMcpServer(…))` mounted with `toNodeHandler` (GET/DELETE then answer 405).
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
