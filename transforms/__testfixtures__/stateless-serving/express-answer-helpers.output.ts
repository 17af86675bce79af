/**
 * A sessionful express endpoint whose error answers are helpers of the file (yuki9541134/mcp-redash's
 * `sendSessionNotFound(res)`, `sendInternalError(res)`): they only write a JSON-RPC error on the response, so the
 * route is session plumbing, and they go with it.
 */
import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function createServer(): McpServer {
  return new McpServer({ name: 'queries', version: '1.0.0' });
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(createServer, {
  onerror: (error) => console.error('Error handling POST /mcp:', error),
});
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
