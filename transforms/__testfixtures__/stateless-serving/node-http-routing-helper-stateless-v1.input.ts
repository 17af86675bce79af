/**
 * The routing-helper shape on SDK 1.x with --target stateless-v1: the listener hands /mcp requests to a
 * helper, passing it the server list and the session map it owns.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export class ServerList {
  constructor(private readonly name: string) {}

  async create(): Promise<McpServer> {
    const server = new McpServer({ name: this.name, version: '1.0.0' });
    server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    return server;
  }
}

async function routeMcp(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  serverList: ServerList,
  sessions: Map<string, StreamableHTTPServerTransport>,
) {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId) {
    const transport = sessions.get(sessionId);
    if (!transport) {
      res.statusCode = 404;
      res.end('Session not found');
      return;
    }
    return await transport.handleRequest(req, res);
  }

  if (req.method === 'POST') {
    const id = crypto.randomUUID();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
    });
    sessions.set(id, transport);
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = await serverList.create();
    await server.connect(transport);
    return await transport.handleRequest(req, res);
  }

  res.statusCode = 400;
  res.end('Invalid request');
}

export function startHttp(port: number, serverList: ServerList): http.Server {
  // One transport per MCP session, by session id.
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const httpServer = http.createServer(async (req, res) => {
    if (!req.url) {
      res.statusCode = 400;
      res.end('Bad request: missing URL');
      return;
    }
    const url = new URL(`http://localhost${req.url}`);
    if (url.pathname.startsWith('/mcp')) await routeMcp(req, res, serverList, sessions);
  });
  httpServer.listen(port, () => console.log(`Listening on http://localhost:${port}/mcp`));
  return httpServer;
}
