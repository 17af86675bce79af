/**
 * The sse-route-calls shape with --modern-only, but the health route reports how many streams the registry holds
 * (executeautomation's shape). The endpoint, its helpers and the registry go; the count in the route that stays
 * becomes 0, under one marker: there are no streams to count, and whether to keep the field is the owner's call.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';

export function startServer(port: number): void {
  const app = express();
  app.use(express.json());

  const buildServer = () => {
    const server = new McpServer({ name: 'dice', version: '0.9.0' });
    server.registerTool('roll', { description: 'A roll of a six-sided die' }, async () => ({ content: [{ type: 'text', text: String(1 + Math.floor(Math.random() * 6)) }] }));
    return server;
  };

  const mcp = toNodeHandler(createMcpHandler(buildServer));
  app.all('/mcp', (req, res) => mcp(req, res, req.body));

  app.get('/health', (_req, res) => {
    // @mcp-migrate-todo(session-transport/transport-registry): `Object.keys(streams).length` counted the sessions in `streams`, the registry of the HTTP+SSE endpoint that --modern-only removed: no 2025-era client is served, so it is 0 now. Drop it from what this code reports, or count something that still exists (requests in flight).
    res.json({ status: 'ok', openStreams: 0 });
  });

  app.listen(port);
}
