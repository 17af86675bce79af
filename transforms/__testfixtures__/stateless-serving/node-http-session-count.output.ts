/**
 * Plain node:http, one transport per MCP session in a plain object (SDK v2 imports, 2025-era serving); a status
 * line on SIGUSR2 counts the open sessions.
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

process.on('SIGUSR2', () => {
  // @mcp-migrate-todo(session-transport/transport-registry): `Object.keys(transports).length` counted the sessions in `transports`, the session registry that stateless serving removed: 2026-07-28 has no sessions, so it is 0 now. Drop it from what this code reports, or count something that still exists (requests in flight).
  console.error(`status: 0 open sessions, uptime ${Math.round(process.uptime())}s`);
});
