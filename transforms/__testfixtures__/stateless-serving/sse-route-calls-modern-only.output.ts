/**
 * HTTP+SSE served by two arrow-function helpers declared in the start function, each route's handler a call of
 * one (executeautomation's shape), beside a stateless Streamable HTTP endpoint, with --modern-only. No 2025-era
 * client is served: the helpers, the routes that only call them and the registry only they use go.
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
    res.json({ status: 'ok' });
  });

  app.listen(port);
}
