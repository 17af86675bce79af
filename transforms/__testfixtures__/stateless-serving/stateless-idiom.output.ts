/**
 * The v1 stateless idiom on v2 imports: a new server and transport per POST, GET/DELETE 405.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function getServer() {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('ping_me', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(getServer, {
  responseMode: 'json',
  onerror: (error) => console.error('Error handling MCP request:', error),
});
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
