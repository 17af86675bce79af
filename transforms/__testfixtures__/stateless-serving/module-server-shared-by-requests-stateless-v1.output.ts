/**
 * SDK 1.x's stateless idiom with the server hoisted to module level, kept on SDK 1.x (`--target stateless-v1`): every
 * request connects the one server to its own transport, and overlapping requests fail ("Already connected to a
 * transport"). The route stays as it is; its `connect` is made on a new server from the extracted factory.
 */
import express from 'express';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

function createServer() {
  // The weather server: one tool.
  const server = new McpServer({ name: 'weather', version: '1.0.0' });

  server.registerTool('get_weather', { description: 'The weather at a place.', inputSchema: { location: z.string() } }, async ({ location }) => ({
    content: [{ type: 'text', text: `sunny in ${location}` }],
  }));
  return server;
}

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => transport.close());
  await createServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.get('/mcp', (req, res) => res.status(405).end());

app.listen(3000);
