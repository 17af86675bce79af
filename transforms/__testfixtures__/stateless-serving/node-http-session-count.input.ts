/**
 * Plain node:http, one transport per MCP session in a plain object (SDK v2 imports, 2025-era serving); a status
 * line on SIGUSR2 counts the open sessions.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';

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

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

const httpServer = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  if (req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  const body = req.method === 'POST' ? await readJson(req) : undefined;
  if (req.method === 'POST') {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    let transport = sessionId ? transports[sessionId] : undefined;
    if (!transport && !sessionId && isInitializeRequest(body)) {
      const created = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          transports[sid] = created;
        },
      });
      transport = created;
      await buildServer().connect(created);
    }
    if (!transport) {
      res.writeHead(400).end('No valid session');
      return;
    }
    await transport.handleRequest(req, res, body);
    return;
  }
  if (req.method === 'GET' || req.method === 'DELETE') {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    const transport = sessionId ? transports[sessionId] : undefined;
    if (!transport) {
      res.writeHead(400).end('No valid session');
      return;
    }
    await transport.handleRequest(req, res);
    return;
  }
  res.writeHead(405).end();
});

httpServer.listen(3000);

process.on('SIGUSR2', () => {
  console.error(`status: ${Object.keys(transports).length} open sessions, uptime ${Math.round(process.uptime())}s`);
});
