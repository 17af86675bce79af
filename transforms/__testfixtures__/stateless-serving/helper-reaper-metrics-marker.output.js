/**
 * Plain JS: the helper/registry shape of node-http-helper-registry-js, but its idle sweep also reports a
 * gauge (the application's own work, not session plumbing): one marker at the transport saying why it is
 * not rewritten; nothing rewritten (removing the sweep would drop the gauge).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function buildServer() {
  const server = new McpServer({ name: 'clock', version: '0.2.0' });
  server.registerTool('now', { description: 'The current time' }, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));
  return server;
}

const IDLE_MS = 10 * 60_000;
const sessions = {};

const openSession = async () => {
  // @mcp-migrate-todo(session-transport/session-id-generator): the transport is created in the helper `openSession()`, not in a route handler: replace the helper, the session registry and the routing that calls it with one stateless endpoint by hand. It is not rewritten: the idle reaper at the top level of the file also runs the application's own logic (calls `reportGauge`). The registry's idle expiry (`sweep`) goes with the sessions: remove it, there is nothing left to expire. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405).
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      sessions[id] = { transport, seen: Date.now() };
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) delete sessions[transport.sessionId];
  };
  await buildServer().connect(transport);
  return transport;
};

const sweep = setInterval(() => {
  for (const { transport, seen } of Object.values(sessions)) {
    if (Date.now() - seen > IDLE_MS) void transport.close();
    reportGauge(Object.keys(sessions).length);
  }
}, 60_000);

async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
}

createServer(async (req, res) => {
  if (req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  if (req.method === 'POST') {
    const body = await readJson(req);
    const sessionId = req.headers['mcp-session-id'];
    const session = typeof sessionId === 'string' ? sessions[sessionId] : undefined;
    if (session) session.seen = Date.now();
    const transport = session ? session.transport : isInitializeRequest(body) ? await openSession() : undefined;
    if (!transport) {
      res.writeHead(400).end('Bad Request: no valid session');
      return;
    }
    await transport.handleRequest(req, res, body);
    return;
  }
  if (req.method === 'GET' || req.method === 'DELETE') {
    const sessionId = req.headers['mcp-session-id'];
    const transport = typeof sessionId === 'string' ? sessions[sessionId]?.transport : undefined;
    if (!transport) {
      res.writeHead(400).end('Bad Request: no valid session');
      return;
    }
    await transport.handleRequest(req, res);
    return;
  }
  res.writeHead(405).end();
}).listen(3000);

process.on('SIGTERM', () => {
  clearInterval(sweep);
  for (const session of Object.values(sessions)) void session.transport.close();
});
function reportGauge(n) { process.stdout.write(String(n)); }
