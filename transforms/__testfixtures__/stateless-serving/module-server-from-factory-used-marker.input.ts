/**
 * One server the module builds at startup with the project's own factory and connects to every session's transport,
 * also used by other code (closed on shutdown; review 40b S40-1: a registration made on it there would be missing from
 * every server the entry builds): not rewritten, the marker names the factory and the other use.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';

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
const server = buildServer(catalog);
const transports = new Map<string, NodeStreamableHTTPServerTransport>();

const app = express();
app.use(express.json());

app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports.get(sessionId) : undefined;
  if (!transport) {
    if (!isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport!);
      },
    });
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);

process.on('SIGINT', async () => {
  await server.close();
  process.exit(0);
});
