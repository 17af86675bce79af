/**
 * The SDK README's sessionful Streamable HTTP server, written out: the server is built inline, in the branch that
 * opens a session, with its tools registered right there.
 */
import express from 'express';
import { z } from 'zod';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

const VERSION = '1.2.0';

const app = express();
app.use(express.json());

function buildServer() {
  const server = new McpServer({ name: 'example-server', version: VERSION });
  // The one tool of this server.
  server.registerTool('add', { description: 'Add two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }) }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  return server;
}

const mcpHandler = createMcpHandler(buildServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
