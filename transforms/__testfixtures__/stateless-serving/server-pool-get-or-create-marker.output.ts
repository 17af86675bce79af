/**
 * A pool that gets or creates a server per session (aaronsb/obsidian-mcp-plugin's `MCPServerPool`): the server it
 * returns is one it builds, kept per session. The marker calls it a per-session server built around the session id,
 * not a gateway with an upstream.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

class ServerPool {
  private readonly servers = new Map<string, McpServer>();

  getOrCreateServer(sessionId: string): McpServer {
    let server = this.servers.get(sessionId);
    if (!server) {
      server = new McpServer({ name: 'vault', version: '1.0.0' });
      server.registerTool('vault_status', { description: 'Vault status' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
      this.servers.set(sessionId, server);
    }
    return server;
  }
}

const pool = new ServerPool();
const transports = new Map<string, NodeStreamableHTTPServerTransport>();
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports.get(sessionId) : undefined;
  if (!transport && isInitializeRequest(req.body)) {
    const id = randomUUID();
    const server = pool.getOrCreateServer(id);
    transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => id });
    transports.set(id, transport);
    // @mcp-migrate-todo(session-state/per-session-server): the server factory `pool.getOrCreateServer(id)` is handed the session id (`id`): each session builds its server around it, and what its tools key by that id is session state (marked where it is kept). A 2026-07-28 request has no session id: once that state travels as an explicit handle the tools take (`<noun>_id` from a `create_<noun>` tool), build the server without the id and serve it with `createMcpHandler(pool.getOrCreateServer(id))`. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    await server.connect(transport);
  }
  if (!transport) {
    res.status(400).end();
    return;
  }
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
