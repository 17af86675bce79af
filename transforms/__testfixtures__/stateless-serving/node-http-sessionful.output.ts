/**
 * Plain node:http, one transport per MCP session (SDK v2 imports, 2025-era serving).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'plain', version: '1.0.0' });
  server.registerTool('ping_me', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const mcpHandler = createMcpHandler(buildServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);

const httpServer = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  if (req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  const body = req.method === 'POST' ? await readJson(req) : undefined;
  if (req.method === 'POST') {
    await mcpNodeHandler(req, res, body);
    return;
  }
  if (req.method === 'GET' || req.method === 'DELETE') {
    await mcpNodeHandler(req, res, body);
    return;
  }
  res.writeHead(405).end();
});

httpServer.listen(3000);
