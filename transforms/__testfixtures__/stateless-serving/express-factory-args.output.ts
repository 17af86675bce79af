/**
 * A sessionful express route whose factory takes a store built once at startup (`buildServer(catalog)`):
 * the store is shared by every request as it was by every session, so the factory is a closure over it.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

interface Catalog {
  titles: string[];
}

function buildServer(catalog: Catalog): McpServer {
  const server = new McpServer({ name: 'catalog', version: '1.4.0' });
  server.registerTool('count-titles', { description: 'How many titles the catalog has' }, async () => ({
    content: [{ type: 'text', text: String(catalog.titles.length) }],
  }));
  return server;
}

const catalog: Catalog = { titles: ['Dune', 'Solaris'] };

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(() => buildServer(catalog));
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
