/**
 * A session store behind an interface (in memory or Redis) holds one record per session: the serving layer puts the
 * record there when the session opens (with slots for its transport and server), and the tools of that session's
 * server read it through a helper that takes no argument (`getSessionData()`, a closure over the id the factory was
 * given) and write their history back (yigitkonur/example-mcp-server-streamable-http, sweep 13 L4). Both markers say
 * that tools use it: the record is to be split (serving objects go with the sessions, the history goes behind a
 * handle), and the closure's reads need the handle handed to them; nothing calls it serving bookkeeping.
 */
import express from 'express';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

interface SessionData {
  transport: StreamableHTTPServerTransport;
  startTime: number;
  calculations: number[];
}

interface SessionStore {
  get(id: string): Promise<SessionData | undefined>;
  set(id: string, data: SessionData): Promise<void>;
  delete(id: string): Promise<void>;
}

declare const sessionStore: SessionStore;

function createServer(sessionId: string): McpServer {
  const server = new McpServer({ name: 'calculator', version: '1.0.0' });
  const getSessionData = async (): Promise<SessionData> => {
    // @mcp-migrate-todo(session-state/keyed-store): `sessionStore` is keyed by the session id here too: one store, marked with what to do about it above `await sessionStore.set(newSessionId, { transport, startTime…` in the handler of `post('/mcp', …)`. Resolve this call together with that marker.
    const data = await sessionStore.get(sessionId);
    if (!data) throw new Error('Session not found');
    return data;
  };
  server.tool('add', 'Add two numbers and remember the result', { a: z.number(), b: z.number() }, async ({ a, b }) => {
    const data = await getSessionData();
    data.calculations.push(a + b);
    // @mcp-migrate-todo(session-state/keyed-store): `sessionStore` is keyed by the session id here too: one store, marked with what to do about it above `await sessionStore.set(newSessionId, { transport, startTime…` in the handler of `post('/mcp', …)`. Resolve this call together with that marker.
    await sessionStore.set(sessionId, data);
    return { content: [{ type: 'text', text: String(a + b) }] };
  });
  server.tool('history', 'The results so far', async () => {
    const data = await getSessionData();
    return { content: [{ type: 'text', text: data.calculations.join(', ') }] };
  });
  return server;
}

// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
const transports = new Map<string, StreamableHTTPServerTransport>();
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const known = sessionId ? transports.get(sessionId) : undefined;
  if (known) {
    await known.handleRequest(req, res, req.body);
    return;
  }
  if (sessionId || !isInitializeRequest(req.body)) {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
    return;
  }
  const newSessionId = randomUUID();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => newSessionId,
    onsessionclosed: async (closedSessionId) => {
      transports.delete(closedSessionId);
      // @mcp-migrate-todo(session-state/keyed-store): `sessionStore` is keyed by the session id here too: one store, marked with what to do about it above `await sessionStore.set(newSessionId, { transport, startTime…`. Resolve this call together with that marker.
      await sessionStore.delete(closedSessionId);
    },
  });
  transports.set(newSessionId, transport);
  // @mcp-migrate-todo(session-state/keyed-store): `sessionStore` keeps one record per session that holds both the serving layer's objects (a transport or a server) and state the tools `add` and `history` read and write back. Split it: the serving objects go with the sessions when serving becomes stateless (createMcpHandler builds them per request); what the tools keep (the rest of the record) must outlive the request without a session id, so store it under an explicit handle a create tool mints (`<noun>_id`, checked against the caller) that the tools take as an argument.
  await sessionStore.set(newSessionId, { transport, startTime: Date.now(), calculations: [] });
  await createServer(newSessionId).connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
