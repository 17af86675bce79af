/**
 * One module-level server connected to each new session's transport by a helper of the project
 * (`ensureConnected(transport)`, iceener/spotify-streamable-mcp-server): the helper builds nothing, it connects
 * the one server every session shares. The marker says so.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const server = new McpServer({ name: 'player', version: '1.0.0' });
server.registerTool('now_playing', { description: 'What is playing' }, async () => ({ content: [{ type: 'text', text: 'nothing' }] }));

const transports = new Map<string, NodeStreamableHTTPServerTransport>();
const connected = new WeakSet<NodeStreamableHTTPServerTransport>();

async function ensureConnected(transport: NodeStreamableHTTPServerTransport): Promise<void> {
  if (connected.has(transport)) return;
  await server.connect(transport);
  connected.add(transport);
}

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports.get(sessionId) : undefined;
  if (!transport) {
    // @mcp-migrate-todo(session-transport/session-id-generator): one server, `server` (built once, outside that function), is connected to each new transport by `ensureConnected(transport)` (declared in this file), once per transport: every session shares it (the SDK keeps only the latest transport), and the route has no factory to serve with. Build the server in a factory (what builds `server` today, with its registrations) and serve the endpoint with it. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
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
app.listen(3000);
