/**
 * microsoft/playwright-mcp's shape: one HTTP server, an HTTP+SSE endpoint kept for 2025-era clients
 * (`handleSSE`) and a Streamable HTTP one, each handed its own session registry by the dispatcher.
 */
import http from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

function createServer(): Server {
  return new Server({ name: 'pages', version: '1.0.0' }, { capabilities: { tools: {} } });
}

async function handleSSE(req: http.IncomingMessage, res: http.ServerResponse, url: URL, sessions: Map<string, SSEServerTransport>): Promise<void> {
  if (req.method === 'POST') {
    const sessionId = url.searchParams.get('sessionId');
    const transport = sessionId ? sessions.get(sessionId) : undefined;
    if (!transport) {
      res.statusCode = 404;
      res.end('Session not found');
      return;
    }
    await transport.handlePostMessage(req, res);
    return;
  }
  const transport = new SSEServerTransport('/sse', res);
  sessions.set(transport.sessionId, transport);
  res.on('close', () => sessions.delete(transport.sessionId));
  await createServer().connect(transport);
}

async function handleStreamable(req: http.IncomingMessage, res: http.ServerResponse, sessions: Map<string, StreamableHTTPServerTransport>): Promise<void> {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const existing = sessionId ? sessions.get(sessionId) : undefined;
  if (existing) {
    await existing.handleRequest(req, res);
    return;
  }
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: (id) => {
      sessions.set(id, transport);
    },
  });
  await createServer().connect(transport);
  await transport.handleRequest(req, res);
}

export function startHttpTransport(httpServer: http.Server): void {
  // @mcp-migrate-todo(session-transport/transport-registry): the session registry of the HTTP+SSE endpoint `handleSSE`, kept for 2025-era clients and handed this registry as an argument: it is that endpoint's (its SSE streams are found by session id), not plumbing the stateless handler replaces. It stays while the endpoint does and goes with it once no 2025-era client needs it.
  const sseSessions = new Map<string, SSEServerTransport>();
  // @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
  const streamableSessions = new Map<string, StreamableHTTPServerTransport>();
  httpServer.on('request', async (req, res) => {
    const url = new URL(`http://localhost${req.url}`);
    if (url.pathname.startsWith('/sse')) await handleSSE(req, res, url, sseSessions);
    else await handleStreamable(req, res, streamableSessions);
  });
}
