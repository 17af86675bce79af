/**
 * A session registry whose records keep the client's API key beside the transport: the key arrives once, with the
 * initialize request, and every tool call reads it back by the session id. Serving this endpoint statelessly would
 * remove the registry and the key with it, so the rewrite is refused and the registry marked (sweep 19 S2).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';

interface ClientSession {
  transport: NodeStreamableHTTPServerTransport;
  // Forwarded to the upstream API on every call.
  apiKey: string;
  openedAt: number;
}

// @mcp-migrate-todo(session-transport/transport-registry): `sessions` routes requests to a transport per session id, and its records also keep `apiKey`, read back by the session id in this file. Removing it with the session routing would lose that: first move it off the session (a credential comes with each request: `authInfo` from its bearer token, or a header the client sends every time; other state travels as an explicit handle a tool returns), then serve the endpoint statelessly and remove the registry. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405). `buildServer` already builds the server: serve with it (a new server per request).
const sessions = new Map<string, ClientSession>();

const buildServer = () => {
  const server = new McpServer({ name: 'tables', version: '1.0.0' });
  server.registerTool('list_tables', { description: 'List the tables the key can see' }, async (ctx) => {
    const session = sessions.get(ctx.sessionId ?? '');
    if (!session) throw new Error('unknown session');
    const res = await fetch('https://api.example.com/tables', { headers: { authorization: `Bearer ${session.apiKey}` } });
    return { content: [{ type: 'text', text: await res.text() }] };
  });
  return server;
};

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const existing = sessionId ? sessions.get(sessionId) : undefined;
  if (existing) {
    await existing.transport.handleRequest(req, res, req.body);
    return;
  }
  if (sessionId || !isInitializeRequest(req.body)) {
    res.status(400).json({ error: 'No valid session' });
    return;
  }
  const apiKey = req.header('x-api-key');
  if (!apiKey) {
    res.status(401).json({ error: 'x-api-key required' });
    return;
  }
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      sessions.set(id, { transport, apiKey, openedAt: Date.now() });
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await buildServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
