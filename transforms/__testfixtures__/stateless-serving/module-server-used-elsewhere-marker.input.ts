/**
 * A module-level server connected in the route, but also used outside its construction (closed on shutdown): it
 * cannot become a factory mechanically, so the route is marked and says where the server is used.
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const server = new McpServer({ name: 'clock', version: '1.0.0' });
server.registerTool('now', { description: 'The time.' }, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

const listener = app.listen(3000);
process.on('SIGTERM', async () => {
  await server.close();
  listener.close();
});
