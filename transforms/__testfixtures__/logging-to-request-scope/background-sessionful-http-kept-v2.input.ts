/**
 * A heartbeat logged outside any request, on a server whose Streamable HTTP endpoint keeps its sessions: one
 * server, built once, is connected to each new transport by a helper, so the serving transform marks the endpoint
 * instead of rewriting it. A 2025-era client's session still has its GET stream, and the heartbeat still reaches it.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

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
  void server.sendLoggingMessage({ level: 'info', logger: 'monitor', data: 'heartbeat' });
}, 60_000).unref();

app.listen(3000);
