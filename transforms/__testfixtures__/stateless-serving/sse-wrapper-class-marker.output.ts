/**
 * An HTTP+SSE server whose module-level object is the project's own class around an SDK server (lark-base's
 * `BaseMCPServer`, sweep 19 S1): it is not what `createMcpHandler` takes, so no factory is extracted from it and no
 * entry is written; the endpoint stays with a marker that says so.
 */
import express from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

class BaseMCPServer {
  readonly server = new Server({ name: 'base', version: '1.0.0' }, { capabilities: { tools: {} } });

  constructor() {
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
  }

  async connect(transport: Transport): Promise<void> {
    await this.server.connect(transport);
  }
}

const server = new BaseMCPServer();
const app = express();
const transports: Record<string, SSEServerTransport> = {};

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /sse, POST /messages, registry `transports`) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, so the session ids it reads, logs and keys its registry with stay with it. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` removes it once a Streamable HTTP endpoint serves 2026-07-28 clients; the project has no Streamable HTTP endpoint yet: serve 2026-07-28 clients with `createMcpHandler(factory)` (mounted with `toNodeHandler`) (not added automatically: its server is not built by a factory the entry can call (`server` is a `BaseMCPServer`, a class of the project's own around an SDK server, not the SDK server itself, and the serving entry's factory must return that server: write `function buildServer() { return new BaseMCPServer(…).<the field holding the SDK server>; }` (when the class does nothing else per connection), then re-run)).
app.get('/sse', async (req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  res.on('close', () => delete transports[transport.sessionId]);
  await server.connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports[String(req.query.sessionId)];
  if (transport) await transport.handlePostMessage(req, res);
  else res.status(400).send('No transport found for sessionId');
});

app.listen(3001);
