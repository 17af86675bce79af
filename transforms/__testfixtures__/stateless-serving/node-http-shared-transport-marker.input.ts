/**
 * One stateless transport, created once in a method and handed every request by the node:http listener the
 * method starts (nspady/google-calendar-mcp): not the per-request idiom. The marker says so, instead of calling
 * it a transport created per request.
 */
import http from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

export class HttpTransportHandler {
  constructor(
    private readonly server: McpServer,
    private readonly port = 3000,
  ) {}

  async connect(): Promise<void> {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await this.server.connect(transport);
    const httpServer = http.createServer(async (req, res) => {
      if (req.url === '/mcp') {
        await transport.handleRequest(req, res);
        return;
      }
      res.writeHead(404).end();
    });
    httpServer.listen(this.port);
  }
}
