/**
 * SDK 1.x's README idiom for stateless Streamable HTTP, on SDK v2: one server built at module level, its tools
 * registered below it, connected to a new transport in every POST. Every request shares that server (concurrent
 * requests race on its transport). Its construction becomes the factory `createMcpHandler` builds a server per
 * request with, where it was; the JSON response mode is kept (sweep 11 J2: the route was marked, not rewritten).
 */
import express from 'express';
import { z } from 'zod';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function createServer() {
  // The weather server: one tool.
  const server = new McpServer({ name: 'weather', version: '1.0.0' });

  // Tools
  server.registerTool('get_weather', { description: 'The weather at a place.', inputSchema: z.object({ location: z.string() }) }, async ({ location }) => ({
    content: [{ type: 'text', text: `sunny in ${location}` }],
  }));
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(createServer, { responseMode: 'json' });
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
