// @ts-check
/** Another program of the collection: one shared transport that mints its own session ids. */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const server = new McpServer({ name: 'sessions', version: '1.0.0' });
server.registerTool('hello', { description: 'Says hello' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));

const app = express();
app.use(express.json());

const transport = new StreamableHTTPServerTransport({
  sessionIdGenerator: () => `session-${Date.now()}`,
});

app.post('/mcp', async (req, res) => {
  await transport.handleRequest(req, res, req.body);
});

app.options('/mcp', (req, res) => {
  res.header('Access-Control-Allow-Headers', 'Content-Type, Mcp-Session-Id');
  res.status(200).end();
});

await server.connect(transport);
app.listen(3005);
