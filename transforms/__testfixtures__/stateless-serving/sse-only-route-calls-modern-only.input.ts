/**
 * An HTTP server whose only MCP endpoint is HTTP+SSE (executeautomation's shape), with --modern-only: two arrow
 * helpers in the start function serve it, mounted by four routes (/sse with /messages, and the same helpers again
 * on /mcp), a low-level `Server` built per stream by a factory, and a health route counting the open streams.
 * The helpers, their routes and the registry go; the count becomes 0 under a marker; and since nothing else would
 * serve MCP, the GET /mcp route becomes the 2026-07-28 entry (`createMcpHandler(createMcpServer, { legacy:
 * 'reject' })`), which the parsed body is handed to. The shutdown loop closing the streams closes the entry.
 */
import express from 'express';
import { Server } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

type Transports = Record<string, SSEServerTransport>;

export async function startHttpServer(port: number): Promise<void> {
  const app = express();
  app.use(express.json());

  // One stream per client, by the session id of its POSTs
  const transports: Transports = {};

  const createMcpServer = () => {
    const server = new Server({ name: 'browser-tools', version: '2.1.0' }, { capabilities: { tools: {} } });
    return server;
  };

  // Opens a stream whose POSTs come back to `messagePath`
  const handleSseConnection = async (messagePath: string, req: express.Request, res: express.Response) => {
    const transport = new SSEServerTransport(messagePath, res);
    transports[transport.sessionId] = transport;
    console.error('stream opened', transport.sessionId, Object.keys(transports).length);
    res.on('close', () => {
      delete transports[transport.sessionId];
    });
    await createMcpServer().connect(transport);
  };

  const handlePostMessage = async (req: express.Request, res: express.Response) => {
    const transport = transports[req.query.sessionId as string];
    if (!transport) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No transport found for sessionId' }, id: null });
      return;
    }
    await transport.handlePostMessage(req, res, req.body);
  };

  // Legacy SSE endpoint
  app.get('/sse', (req, res) => handleSseConnection('/messages', req, res));
  app.post('/messages', (req, res) => handlePostMessage(req, res));

  // Unified endpoint (the same SSE protocol)
  app.get('/mcp', (req, res) => handleSseConnection('/mcp', req, res));
  app.post('/mcp', (req, res) => handlePostMessage(req, res));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', activeSessions: Object.keys(transports).length });
  });

  const shutdown = async () => {
    // Close every open stream first
    for (const sessionId in transports) {
      try {
        await transports[sessionId]!.close();
        delete transports[sessionId];
      } catch (error) {
        console.error('closing', sessionId, error);
      }
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());

  await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', () => resolve()));
}
