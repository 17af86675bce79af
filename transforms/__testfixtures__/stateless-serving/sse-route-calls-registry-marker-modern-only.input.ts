/**
 * The sse-route-calls shape with --modern-only, but the health route reports how many streams the registry holds
 * (executeautomation's shape). The endpoint, its helpers and the registry go; the count in the route that stays
 * becomes 0, under one marker: there are no streams to count, and whether to keep the field is the owner's call.
 */
import express, { type Request, type Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

export function startServer(port: number): void {
  const app = express();
  app.use(express.json());
  const streams: Record<string, SSEServerTransport> = {};

  const buildServer = () => {
    const server = new McpServer({ name: 'dice', version: '0.9.0' });
    server.registerTool('roll', { description: 'A roll of a six-sided die' }, async () => ({ content: [{ type: 'text', text: String(1 + Math.floor(Math.random() * 6)) }] }));
    return server;
  };

  // Opens a 2024-11-05 stream; its POSTs come back to `postPath`.
  const openStream = async (postPath: string, res: Response) => {
    const transport = new SSEServerTransport(postPath, res);
    streams[transport.sessionId] = transport;
    res.on('close', () => {
      delete streams[transport.sessionId];
    });
    await buildServer().connect(transport);
  };

  const postToStream = async (req: Request, res: Response) => {
    const stream = streams[String(req.query.sessionId)];
    if (!stream) {
      res.status(400).json({ error: 'unknown sessionId' });
      return;
    }
    await stream.handlePostMessage(req, res, req.body);
  };

  app.get('/sse', (_req, res) => openStream('/messages', res));
  app.post('/messages', (req, res) => postToStream(req, res));

  const mcp = toNodeHandler(createMcpHandler(buildServer));
  app.all('/mcp', (req, res) => mcp(req, res, req.body));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', openStreams: Object.keys(streams).length });
  });

  app.listen(port);
}
