/**
 * Plain node:http already serving without sessions in SDK 1.x's idiom (SDK v2 imports), behind a path check, the
 * body read for POST (dynatrace-mcp): a server and a `sessionIdGenerator: undefined` transport per request, no registry.
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
  if (req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  let body: unknown;
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }
  await mcpNodeHandler(req, res, body);
});

httpServer.listen(3000);
