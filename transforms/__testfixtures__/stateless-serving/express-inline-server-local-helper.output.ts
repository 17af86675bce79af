/**
 * A server built inline in the route whose tools a local function registers (`function registerTools() { … }`, then
 * `registerTools();`): both move into the factory, the call with the function (review 35 A3: the call was left in the
 * route and dropped with it, and the migrated server had no tools).
 */
import express from 'express';
import { z } from 'zod';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

const app = express();
app.use(express.json());

function buildServer() {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  function registerTools() {
    server.registerTool('add', { description: 'Add', inputSchema: z.object({ a: z.number(), b: z.number() }) }, async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }));
  }
  registerTools();
  return server;
}

const mcpHandler = createMcpHandler(buildServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
