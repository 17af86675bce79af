/**
 * An HTTP server whose only MCP endpoint is HTTP+SSE (executeautomation's shape), with --modern-only: two arrow
 * helpers in the start function serve it, mounted by four routes (/sse with /messages, and the same helpers again
 * on /mcp), a low-level `Server` built per stream by a factory, and a health route counting the open streams.
 * The helpers, their routes and the registry go; the count becomes 0 under a marker; and since nothing else would
 * serve MCP, the GET /mcp route becomes the 2026-07-28 entry (`createMcpHandler(createMcpServer, { legacy:
 * 'reject' })`), which the parsed body is handed to. The shutdown loop closing the streams closes the entry.
 */
import express from 'express';
import { Server, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

export async function startHttpServer(port: number): Promise<void> {
  const app = express();
  app.use(express.json());

  const createMcpServer = () => {
    const server = new Server({ name: 'browser-tools', version: '2.1.0' }, { capabilities: { tools: {} } });
    return server;
  };

  const mcpHandler = createMcpHandler(createMcpServer, { legacy: 'reject' });
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

  app.get('/health', (_req, res) => {
    // @mcp-migrate-todo(session-transport/transport-registry): `Object.keys(transports).length` counted the sessions in `transports`, the registry of the HTTP+SSE endpoint that --modern-only removed: no 2025-era client is served, so it is 0 now. Drop it from what this code reports, or count something that still exists (requests in flight).
    res.json({ status: 'ok', activeSessions: 0 });
  });

  const shutdown = async () => {
    // Close every open stream first
    await mcpHandler.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());

  await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', () => resolve()));
}
