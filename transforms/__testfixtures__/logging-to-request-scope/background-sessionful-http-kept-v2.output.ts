/**
 * A heartbeat logged outside any request, on a server whose Streamable HTTP endpoint keeps its sessions: one
 * server, built once, is connected to each new transport by a helper, so the serving transform marks the endpoint
 * instead of rewriting it. A 2025-era client's session still has its GET stream, and the heartbeat still reaches it.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

// @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
const server = new McpServer({ name: 'monitor', version: '1.0.0' }, { capabilities: { logging: {} } });

const transports = new Map<string, NodeStreamableHTTPServerTransport>();
const connected = new WeakSet<NodeStreamableHTTPServerTransport>();

async function ensureConnected(transport: NodeStreamableHTTPServerTransport): Promise<void> {
  if (!connected.has(transport)) {
    await server.connect(transport);
    connected.add(transport);
  }
}

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports.get(sessionId) : undefined;
  if (!transport) {
    const created = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, created);
      },
    });
    transport = created;
  }
  await ensureConnected(transport);
  await transport.handleRequest(req, res, req.body);
});

// Every minute, while the process runs.
setInterval(() => {
  // @mcp-migrate-todo(deprecated-feature/logging): sendLoggingMessage outside a request, kept: it still reaches 2025-era clients on sessionful Streamable HTTP connections (deprecated, working through the deprecation window), but 2026-07-28 clients never receive it (no request carries it). If it must be seen, also write it to stderr or OpenTelemetry; apply --modern-only turns it into a stderr line.
  void server.sendLoggingMessage({ level: 'info', logger: 'monitor', data: 'heartbeat' });
}, 60_000).unref();

app.listen(3000);
