/**
 * One named handler mounted on POST, GET and DELETE of /mcp that tells the methods apart itself: the
 * transport is created in its `POST && !sessionId && isInitializeRequest` branch, session requests are
 * looked up in a record, and a sessionless GET describes the server (the application's own answer).
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

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

const mcpHandler = createMcpHandler(buildServer, {
  onerror: (error) => log.error({ failure: String(error) }, 'MCP request failed'),
});
const mcpNodeHandler = toNodeHandler(mcpHandler);

// A GET without a session tells the caller what this server is.
app.get('/mcp', async (req: express.Request, res: express.Response) => {
  res.json({ name: SERVER_NAME, transport: 'streamable-http' });
  return;
});
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

process.on('SIGTERM', async () => {
  await mcpHandler.close();
  process.exit(0);
});

app.listen(3000);
