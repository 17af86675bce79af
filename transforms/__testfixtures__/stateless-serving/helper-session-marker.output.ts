/**
 * A node:http dispatcher whose transports are made by a `openSession()` helper and kept in a `sessions` map
 * that an idle reaper also sweeps, and whose session routing also enforces a per-session quota (the
 * application's own logic): a marker at the transport naming the helper, where it is called, why it is not
 * rewritten, the reaper that goes with the sessions, and the web-standard entry (`handler.fetch`); nothing
 * rewritten.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isInitializeRequest, McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  return new McpServer({ name: 'notes', version: '0.3.0' });
}

const IDLE_MS = 30 * 60_000;
const QUOTA = 1000;
const calls = new Map<string, number>();

function overQuota(id: string): boolean {
  const count = (calls.get(id) ?? 0) + 1;
  calls.set(id, count);
  return count > QUOTA;
}
const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; seen: number }>();

async function openSession(): Promise<WebStandardStreamableHTTPServerTransport> {
  // @mcp-migrate-todo(session-transport/session-id-generator): the transport is created in the helper `openSession()` (called from `dispatch()`), not in a route handler: replace the helper, the session registry and the routing that calls it with one stateless endpoint by hand. It is not rewritten: the session routing in `dispatch()` also runs the application's own logic (calls `overQuota`). The registry's idle expiry (`reaper`) goes with the sessions: remove it, there is nothing left to expire. Serve the endpoint with `handler.fetch(request)` and `const handler = createMcpHandler(buildServer)` (GET/DELETE then answer 405).
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (id) => {
      sessions.set(id, { transport, seen: Date.now() });
    },
  });
  await buildServer().connect(transport);
  return transport;
}

const reaper = setInterval(() => {
  for (const [id, entry] of sessions) {
    if (Date.now() - entry.seen > IDLE_MS) void entry.transport.close().finally(() => sessions.delete(id));
  }
}, 60_000);
reaper.unref();

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.url !== '/mcp' || req.method !== 'POST') {
    res.writeHead(404).end();
    return;
  }
  const raw = await readBody(req);
  const body: unknown = JSON.parse(raw);
  const id = req.headers['mcp-session-id'];
  const known = typeof id === 'string' ? sessions.get(id) : undefined;
  if (known) known.seen = Date.now();
  if (known && typeof id === 'string' && overQuota(id)) {
    res.writeHead(429).end('quota exceeded');
    return;
  }
  const transport = known?.transport ?? (isInitializeRequest(body) ? await openSession() : undefined);
  if (!transport) {
    res.writeHead(400).end('no session');
    return;
  }
  const request = new Request('http://localhost/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: raw });
  const response = await transport.handleRequest(request, { parsedBody: body });
  res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
}

createServer((req, res) => void dispatch(req, res)).listen(3000);
