/**
 * Two servers of one package, started apart (`node dist/sse-server.js`, `node dist/http-server.js`): this one serves
 * HTTP+SSE only, the other Streamable HTTP. They share a module of types that names `StreamableHTTPServerTransport`
 * in a type and serves nothing. With --modern-only this program's endpoint is its only one: its stream route becomes
 * the 2026-07-28 entry, as if the other program did not exist (it runs in another process).
 */
import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function createServer(): McpServer {
  const server = new McpServer({ name: 'sse-ping', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(createServer, { legacy: 'reject' });
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
