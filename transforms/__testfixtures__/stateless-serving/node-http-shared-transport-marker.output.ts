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
    // @mcp-migrate-todo(session-transport/session-id-generator): one stateless transport is created in the method `connect()` and serves every request the listener inside it receives (SDK 1.x's stateless mode wants a transport per request: one shared transport mixes up the ids of concurrent requests), and it speaks the 2025 protocol only: replace it and the listener that hands it the requests with one stateless endpoint by hand. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
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
