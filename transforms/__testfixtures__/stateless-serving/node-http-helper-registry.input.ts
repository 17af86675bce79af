/**
 * A node:http server started by an exported function: a `createSession()` helper opens web-standard
 * transports into a `sessions` map, the request listener routes on the mcp-session-id header (404 unknown,
 * 400 missing, initialize opens one), a GET/DELETE branch serves existing sessions, an idle reaper sweeps the
 * map on a TTL read from the options, and stop() closes every session (tobi/qmd's shape).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isInitializeRequest, McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

interface NoteStore {
  titles(): string[];
}

async function buildServer(notes: NoteStore): Promise<McpServer> {
  const server = new McpServer({ name: 'notes', version: '1.4.0' });
  server.registerResource('titles', 'notes://titles', {}, async (uri) => ({ contents: [{ uri: uri.href, text: notes.titles().join('\n') }] }));
  return server;
}

/** Idle sessions are closed after this many seconds unless the caller says otherwise; 0 keeps them. */
const DEFAULT_IDLE_SECONDS = 900;

function idleTtlMs(seconds?: number): number {
  const value = seconds ?? DEFAULT_IDLE_SECONDS;
  if (!Number.isFinite(value) || value < 0) throw new Error(`Invalid idle TTL: ${value}`);
  return value * 1000;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function toWebHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
  return headers;
}

export async function startHttp(port: number, notes: NoteStore, options: { quiet?: boolean; idleSeconds?: number } = {}): Promise<{ stop(): Promise<void> }> {
  function log(message: string): void {
    if (!options.quiet) console.error(message);
  }

  // Each client gets its own server and transport, kept by session id.
  type Session = { transport: WebStandardStreamableHTTPServerTransport; lastSeen: number };
  const sessions = new Map<string, Session>();

  async function createSession(): Promise<WebStandardStreamableHTTPServerTransport> {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, lastSeen: Date.now() });
        log(`session ${id} opened (${sessions.size} open)`);
      },
    });
    const server = await buildServer(notes);
    await server.connect(transport);
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    return transport;
  }

  // Close sessions nobody has used for a while.
  const ttlMs = idleTtlMs(options.idleSeconds);
  let reaper: ReturnType<typeof setInterval> | undefined;
  if (ttlMs > 0) {
    reaper = setInterval(() => {
      for (const [id, session] of sessions) {
        if (Date.now() - session.lastSeen < ttlMs) continue;
        log(`session ${id} idle, closing`);
        void session.transport.close();
      }
    }, Math.min(ttlMs, 60_000));
    reaper.unref();
  }

  const httpServer: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/health') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      return;
    }

    if (req.url === '/mcp' && req.method === 'POST') {
      const raw = await readBody(req);
      const body: unknown = JSON.parse(raw);
      const headers = toWebHeaders(req);

      // Route to the caller's session, or open one on initialize.
      const sessionId = headers['mcp-session-id'];
      let transport: WebStandardStreamableHTTPServerTransport;
      if (sessionId) {
        const session = sessions.get(sessionId);
        if (!session) {
          res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
          return;
        }
        session.lastSeen = Date.now();
        transport = session.transport;
      } else if (isInitializeRequest(body)) {
        transport = await createSession();
      } else {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Missing session ID' }, id: null }));
        return;
      }

      const request = new Request(`http://localhost:${port}/mcp`, { method: 'POST', headers, body: raw });
      const response = await transport.handleRequest(request, { parsedBody: body });
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
      log(`POST /mcp ${response.status}`);
      return;
    }

    if (req.url === '/mcp') {
      const headers = toWebHeaders(req);
      // GET and DELETE need a live session.
      const sessionId = headers['mcp-session-id'];
      const session = sessionId ? sessions.get(sessionId) : undefined;
      if (!session) {
        res.writeHead(404).end();
        return;
      }
      session.lastSeen = Date.now();
      const transport = session.transport;
      const request = new Request(`http://localhost:${port}/mcp`, { method: req.method, headers });
      const response = await transport.handleRequest(request);
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
      return;
    }

    res.writeHead(404).end();
  });

  await new Promise<void>((resolve) => httpServer.listen(port, resolve));
  return {
    async stop() {
      if (reaper) clearInterval(reaper);
      for (const session of sessions.values()) {
        await session.transport.close();
      }
      sessions.clear();
      httpServer.close();
    },
  };
}
