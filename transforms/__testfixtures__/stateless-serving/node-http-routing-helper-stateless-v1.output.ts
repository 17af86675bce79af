/**
 * The routing-helper shape on SDK 1.x with --target stateless-v1: the listener hands /mcp requests to a
 * helper, passing it the server list and the session map it owns.
 */
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
) {
  if (req.method !== 'POST') {
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
  const server = await serverList.create();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

export function startHttp(port: number, serverList: ServerList): http.Server {
  const httpServer = http.createServer(async (req, res) => {
    if (!req.url) {
      res.statusCode = 400;
      res.end('Bad request: missing URL');
      return;
    }
    const url = new URL(`http://localhost${req.url}`);
    if (url.pathname.startsWith('/mcp')) await routeMcp(req, res, serverList);
  });
  httpServer.listen(port, () => console.log(`Listening on http://localhost:${port}/mcp`));
  return httpServer;
}
