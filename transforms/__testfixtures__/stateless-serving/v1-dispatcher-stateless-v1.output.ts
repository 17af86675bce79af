/**
 * One named handler mounted on POST, GET and DELETE of /mcp that tells the methods apart itself: the
 * transport is created in its `POST && !sessionId && isInitializeRequest` branch, session requests are
 * looked up in a record, and a sessionless GET describes the server (the application's own answer).
 * SDK 1.x with --target stateless-v1.
 */
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const log = {
  info: (data: object, message?: string) => console.log(message ?? '', data),
  warn: (data: object, message?: string) => console.warn(message ?? '', data),
  error: (data: object, message?: string) => console.error(message ?? '', data),
};

const SERVER_NAME = 'greeter';

const buildServer = () => {
  const server = new McpServer({ name: SERVER_NAME, version: '2.1.0' });
  server.registerTool('greet', { description: 'Say hello' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));
  return server;
};

const app = express();
app.use(express.json());

const handleMcp = async (req: express.Request, res: express.Response) => {
  // A GET without a session tells the caller what this server is.
  if (req.method === 'GET') {
    res.json({ name: SERVER_NAME, transport: 'streamable-http' });
    return;
  }
  if (req.method !== 'POST') {
    res
      .status(405)
      .set('Allow', 'POST')
      .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    return;
  }
  const server = buildServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    log.error({ failure: String(error) }, 'MCP request failed');
    if (!res.headersSent) {
      res
        .status(500)
        .json({
          jsonrpc: '2.0',
          error: { code: -32603, message: 'Internal server error' },
          id: null,
        });
    }
  }
};

app.post('/mcp', handleMcp);
app.get('/mcp', handleMcp);
app.delete('/mcp', handleMcp);

process.on('SIGTERM', async () => {
  process.exit(0);
});

app.listen(3000);
