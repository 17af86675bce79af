/**
 * The handed-transport shape in JavaScript with the listener a function declaration passed by name (declared
 * below its use): the transport is destructured, filed under its session id, and the id handed to the usage meter.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** @type {Map<string, StreamableHTTPServerTransport>} */
// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
const transports = new Map();

const meter = {
  /** @param {string} sessionId */
  opened(sessionId) {
    process.stdout.write(`opened ${sessionId}\n`);
  },
};

/**
 * @param {{ onConnection(listener: (transport: StreamableHTTPServerTransport) => Promise<void>): void }} http
 */
export function acceptConnections(http) {
  http.onConnection(handleTransport);
}

/** @param {StreamableHTTPServerTransport} transport */
async function handleTransport(transport) {
  // @mcp-migrate-todo(session-state/session-id-read): `http.onConnection(…)` hands this callback a transport, and its session id files it in `transports` (marked at its declaration) and is passed to process.stdout.write(): the serving layer's own id, not application state, so no handle stands for it. It is real while the transport is sessionful (2025-era clients) and goes with that registry: a transport made per request has no session id, so the registration has nothing to file it under and what it is passed to would get undefined. When serving becomes stateless, remove this registration and its cleanup together with that registry (keep open transports in a Set if shutdown must close them) and give what it is passed to the key it needs without sessions (the request id, the caller from authInfo) or none.
  const { sessionId } = transport;
  if (!sessionId) return;
  transports.set(sessionId, transport);
  transport.onclose = () => transports.delete(sessionId);
  meter.opened(sessionId);
  const server = new Server({ name: 'gateway', version: '1.0.0' }, { capabilities: { tools: {} } });
  await server.connect(transport);
}

export async function closeAll() {
  for (const transport of transports.values()) await transport.close();
  transports.clear();
}
