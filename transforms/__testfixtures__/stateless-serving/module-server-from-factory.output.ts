/**
 * One server the module builds at startup with the project's own factory (`const server = buildServer(catalog)`),
 * connected to every session's transport (sweep 31 AE1): the entry is given that factory, called as the module called
 * it, and the module's instance, used for nothing else, goes with the route.
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
