import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createServer } from './server.js';

const app = express();

const mcpHandler = createMcpHandler(createServer, {
  onerror: (error) => console.error('Error handling MCP request:', error),
});
app.all('/mcp', toNodeHandler(mcpHandler));

const httpServer = app.listen(3001);

process.on('SIGINT', async () => {
  await mcpHandler.close();
  httpServer.close();
  process.exit(0);
});
