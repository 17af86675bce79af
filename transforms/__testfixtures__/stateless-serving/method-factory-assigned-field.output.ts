/**
 * A class whose method builds a new server on every call and keeps the latest in a field it then returns
 * (`this.server = new McpServer(…); …; return this.server;`): a factory, not a getter of one held server (session 33
 * review V4). The stateless route becomes `createMcpHandler(() => catalog.createServer())`.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

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

const mcpHandler = createMcpHandler(() => catalog.createServer());
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(8080);
