/**
 * SDK 1.x's README idiom for stateless Streamable HTTP, on SDK v2: one server built at module level, its tools
 * registered below it, connected to a new transport in every POST. Every request shares that server (concurrent
 * requests race on its transport). Its construction becomes the factory `createMcpHandler` builds a server per
 * request with, where it was; the JSON response mode is kept (sweep 11 J2: the route was marked, not rewritten).
 */
import express from 'express';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

// The weather server: one tool.
const server = new McpServer({ name: 'weather', version: '1.0.0' });

// Tools
server.registerTool('get_weather', { description: 'The weather at a place.', inputSchema: z.object({ location: z.string() }) }, async ({ location }) => ({
  content: [{ type: 'text', text: `sunny in ${location}` }],
}));

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => transport.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
