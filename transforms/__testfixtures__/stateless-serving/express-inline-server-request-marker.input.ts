/**
 * A server built inline in the route from what the request carries (the caller's workspace header): a factory at
 * the module's top level could not see the request, so the construction is not extracted and the route is marked.
 */
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const workspace = String(req.headers['x-workspace'] ?? 'default');
  const server = new McpServer({ name: `notes-${workspace}`, version: '1.0.0' });
  server.registerTool('where', { description: 'Which workspace this is' }, async () => ({ content: [{ type: 'text', text: workspace }] }));
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
