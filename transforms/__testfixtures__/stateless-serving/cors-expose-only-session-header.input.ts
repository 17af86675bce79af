/**
 * A stateless server whose CORS set-up exposes `Mcp-Session-Id` and nothing else, as the cors middleware's option and
 * as a header set by hand: with the header gone nothing is left to expose, so the option and the statement go
 * (sweep 11 J7: the option was left as it was). The allow-list keeps its other headers (on SDK 1.x, as here, it gains
 * none of the 2026-07-28 request headers). The POST route already serves SDK 1.x's stateless idiom and stays.
 */
import express from 'express';
import cors from 'cors';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

function createServer(): McpServer {
  const server = new McpServer({ name: 'diagrams', version: '0.4.0' });
  server.registerTool('render', { description: 'Renders a diagram.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  return server;
}

const app = express();
app.use(express.json());
app.use(cors({ origin: '*', exposedHeaders: ['Mcp-Session-Id'] }));
app.use((_req, res, next) => {
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Mcp-Session-Id');
  res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id');
  next();
});

app.post('/mcp', async (req, res) => {
  const server = createServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
