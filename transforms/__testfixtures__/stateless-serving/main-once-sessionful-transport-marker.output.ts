/**
 * One server from the project's factory, connected once in `main()` to the one sessionful transport of the process,
 * which the node:http listener hands every request (MiguelTVMS/tplink-omada-mcp's http.ts, sweep 34 AH5). Marked, as a
 * transport made once for the whole process (a second client's initialize is refused), naming the factory with its
 * argument, which is in scope where the handler replacing the transport is built; the listener is marked too.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

class ApiClient {
  constructor(private readonly baseUrl: string) {}
  async sites(): Promise<unknown> {
    return fetch(`${this.baseUrl}/sites`).then((r) => r.json());
  }
}

function createMcpServer(client: ApiClient): McpServer {
  const server = new McpServer({ name: 'omada', version: '0.3.0' });
  server.registerTool('list-sites', { description: 'List the controller sites' }, async () => ({
    content: [{ type: 'text', text: JSON.stringify(await client.sites()) }],
  }));
  return server;
}

async function main(): Promise<void> {
  const client = new ApiClient(process.env.API_URL ?? 'http://localhost:8043');
  const mcpServer = createMcpServer(client);
  // @mcp-migrate-todo(session-transport/session-id-generator): one sessionful transport is created once, in `main()`, which no route handler calls, for the whole process: it serves a single session (once the first client has initialised, every other client's initialize is refused) and speaks the 2025 protocol only: replace it, its `connect` and the code that hands it the requests with one stateless endpoint. Serve the endpoint with `createMcpHandler(() => createMcpServer(client))` mounted with `toNodeHandler` (GET/DELETE then answer 405).
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcpServer.connect(transport);
  http
    .createServer(async (req, res) => {
      if (req.url !== '/mcp') {
        res.statusCode = 404;
        res.end();
        return;
      }
      // @mcp-migrate-todo(session-transport/session-route): every request of every method is handed to the one sessionful transport created in this file (marked there): replace this listener and that transport together. Serve the endpoint with `toNodeHandler(createMcpHandler(() => createMcpServer(client)))` from the request listener (route other paths before it; GET/DELETE then answer 405).
      await transport.handleRequest(req, res);
    })
    .listen(3000);
}

void main();
