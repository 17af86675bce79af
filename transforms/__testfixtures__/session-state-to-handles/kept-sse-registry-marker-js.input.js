/**
 * The same shape in JavaScript: the registry handed to the kept HTTP+SSE endpoint is its own.
 */
import http from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

function createServer() {
  return new Server({ name: 'pages', version: '1.0.0' }, { capabilities: { tools: {} } });
}

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {URL} url
 * @param {Map<string, SSEServerTransport>} sessions
 */
async function handleSSE(req, res, url, sessions) {
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

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {Map<string, StreamableHTTPServerTransport>} sessions
 */
async function handleStreamable(req, res, sessions) {
  const sessionId = /** @type {string | undefined} */ (req.headers['mcp-session-id']);
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

/** @param {http.Server} httpServer */
export function startHttpTransport(httpServer) {
  const sseSessions = new Map();
  const streamableSessions = new Map();
  httpServer.on('request', async (req, res) => {
    const url = new URL(`http://localhost${req.url}`);
    if (url.pathname.startsWith('/sse')) await handleSSE(req, res, url, sseSessions);
    else await handleStreamable(req, res, streamableSessions);
  });
}
