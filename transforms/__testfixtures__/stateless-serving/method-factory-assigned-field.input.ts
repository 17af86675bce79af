/**
 * A class whose method builds a new server on every call and keeps the latest in a field it then returns
 * (`this.server = new McpServer(…); …; return this.server;`): a factory, not a getter of one held server (session 33
 * review V4). The stateless route becomes `createMcpHandler(() => catalog.createServer())`.
 */
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

class Catalog {
  private server?: McpServer;
  private readonly items = ['lamp', 'desk', 'chair'];

  createServer(): McpServer {
    this.server = new McpServer({ name: 'catalog', version: '2.0.0' });
    this.server.registerTool('list_items', { description: 'Every item of the catalog.' }, async () => ({
      content: [{ type: 'text', text: this.items.join(', ') }],
    }));
    return this.server;
  }
}

const catalog = new Catalog();
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const server = catalog.createServer();
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(8080);
