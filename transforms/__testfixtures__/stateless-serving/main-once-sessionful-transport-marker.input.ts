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
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcpServer.connect(transport);
  http
    .createServer(async (req, res) => {
      if (req.url !== '/mcp') {
        res.statusCode = 404;
        res.end();
        return;
      }
      await transport.handleRequest(req, res);
    })
    .listen(3000);
}

void main();
