import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';

function createServer(): McpServer {
  const server = new McpServer({ name: 'http-ping', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const handler = toNodeHandler(createMcpHandler(createServer));
const app = express();
app.use(express.json());
app.all('/mcp', (req, res) => handler(req, res, req.body));
app.listen(3001);
