/**
 * Plain node:http, one transport per MCP session (SDK v1).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

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

const httpServer = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  if (req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  const body = req.method === 'POST' ? await readJson(req) : undefined;
  if (req.method === 'POST') {
    const server = buildServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    return;
  }
  if (req.method === 'GET' || req.method === 'DELETE') {
    res
      .writeHead(405, { Allow: 'POST', 'Content-Type': 'application/json' })
      .end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Method not allowed.' },
          id: null,
        })
      );
    return;
  }
  res.writeHead(405).end();
});

httpServer.listen(3000);
