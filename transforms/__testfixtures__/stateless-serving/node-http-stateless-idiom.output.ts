/**
 * Plain node:http already serving without sessions in SDK 1.x's idiom (SDK v2 imports): a server and a
 * `sessionIdGenerator: undefined` transport per request, every method handed to it, no registry (mapbox's dev server).
 */
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'plain', version: '1.0.0' });
  server.registerTool('ping_me', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const mcpHandler = createMcpHandler(buildServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);

const httpServer = createServer(async (req, res) => {
  await mcpNodeHandler(req, res);
});

httpServer.listen(3000);
