/**
 * A hand-written HTTP+SSE transport (contentful-mcp's shape): the project's own class writes the SSE frames, a new
 * server is connected to it per stream, and a map keeps the streams by id for the POSTs. None of it is the SDK's, so
 * nothing is rewritten: one marker at the `new` says what it is and what serves 2026-07-28 clients instead.
 */
import { randomUUID } from 'node:crypto';
import express, { type Response } from 'express';
import { McpServer, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';

class EventStreamTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  constructor(
    readonly id: string,
    private readonly res: Response,
  ) {}

  async start(): Promise<void> {
    this.res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    this.res.write(`event: endpoint\ndata: /messages?id=${this.id}\n\n`);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.res.write(`data: ${JSON.stringify(message)}\n\n`);
  }

  async close(): Promise<void> {
    this.res.end();
    this.onclose?.();
  }
}

const streams = new Map<string, EventStreamTransport>();
const app = express();
app.use(express.json());

function buildServer(): McpServer {
  return new McpServer({ name: 'events', version: '0.2.0' });
}

app.get('/events', async (_req, res) => {
  // @mcp-migrate-todo(session-transport/sse-transport): `EventStreamTransport` is a hand-written HTTP+SSE transport (one stream per client, each connected to an MCP server): it serves 2025-era clients only and is sessionful by design, so it is not rewritten; keep it while they need it, and serve 2026-07-28 clients with `createMcpHandler(factory)` (mounted with `toNodeHandler`).
  const transport = new EventStreamTransport(randomUUID(), res);
  streams.set(transport.id, transport);
  res.on('close', () => streams.delete(transport.id));
  await buildServer().connect(transport);
});

app.post('/messages', (req, res) => {
  const stream = streams.get(String(req.query.id));
  if (!stream) {
    res.status(404).end();
    return;
  }
  stream.onmessage?.(req.body as JSONRPCMessage);
  res.status(202).end();
});

app.listen(3000);
