/**
 * A server built inline in the route whose tools a local function registers (`function registerTools() { … }`, then
 * `registerTools();`): both move into the factory, the call with the function (review 35 A3: the call was left in the
 * route and dropped with it, and the migrated server had no tools).
 */
import express from 'express';
import { z } from 'zod';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  function registerTools() {
    server.registerTool('add', { description: 'Add', inputSchema: z.object({ a: z.number(), b: z.number() }) }, async ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }));
  }
  registerTools();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
