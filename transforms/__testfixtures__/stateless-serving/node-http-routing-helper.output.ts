/**
 * Plain node:http whose listener hands /mcp requests to a routing helper, passing it the server list and
 * the session map it owns (SDK v2 imports, 2025-era serving): the helper only routes sessions.
 */
import http from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

export class ServerList {
  constructor(private readonly name: string) {}

  async create(): Promise<McpServer> {
    const server = new McpServer({ name: this.name, version: '1.0.0' });
    server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    return server;
  }
}

export function startHttp(port: number, serverList: ServerList): http.Server {
  const mcpHandler = createMcpHandler(() => serverList.create());
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  const httpServer = http.createServer(async (req, res) => {
    if (!req.url) {
      res.statusCode = 400;
      res.end('Bad request: missing URL');
      return;
    }
    const url = new URL(`http://localhost${req.url}`);
    if (url.pathname.startsWith('/mcp')) await mcpNodeHandler(req, res);
  });
  httpServer.listen(port, () => console.log(`Listening on http://localhost:${port}/mcp`));
  return httpServer;
}
