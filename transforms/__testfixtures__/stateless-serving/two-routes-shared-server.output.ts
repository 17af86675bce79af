/**
 * One server from the project's factory, connected by two stateless routes (the MCP path and an alias) and by stdio
 * (review 42 S42-1): each route gets its own handler, named apart (`mcpHandler`, `mcpHandler2`: the second was declared
 * under the first one's name, and the file did not load), stdio is served from the factory, and the instance goes.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function createServer(): McpServer {
  const server = new McpServer({ name: 'mailbox', version: '0.9.0' });
  server.registerTool('count-unread', { description: 'How many messages are unread' }, async () => ({
    content: [{ type: 'text', text: '3' }],
  }));
  return server;
}


export async function startHttp(): Promise<void> {
  const app = express();
  app.use(express.json());
  const mcpHandler = createMcpHandler(createServer);
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
  const mcpHandler2 = createMcpHandler(createServer);
  const mcpNodeHandler2 = toNodeHandler(mcpHandler2);
  app.all('/api/mcp', (req, res) => mcpNodeHandler2(req, res, req.body));
  app.listen(3000);
}

export async function startStdio(): Promise<void> {
  serveStdio(createServer);
}
