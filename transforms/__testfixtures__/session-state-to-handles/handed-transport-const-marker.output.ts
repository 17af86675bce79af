/**
 * The handed-transport shape at module level, the listener an arrow-function const declared after the code
 * that hands it over: each new transport is filed under its session id and the id is logged.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
const transports = new Map<string, StreamableHTTPServerTransport>();

export function acceptConnections(http: { onStreamableHTTPTransport(listener: (transport: StreamableHTTPServerTransport) => Promise<void>): void }): void {
  http.onStreamableHTTPTransport(fileTransport);
}

const fileTransport = async (transport: StreamableHTTPServerTransport): Promise<void> => {
  // @mcp-migrate-todo(session-state/session-telemetry): `http.onStreamableHTTPTransport(…)` hands this callback a transport, and its session id files it in `transports` (marked at its declaration) and is logged (console.info()): the serving layer's own id, not application state, so no handle stands for it. It is real while the transport is sessionful (2025-era clients) and goes with that registry: a transport made per request has no session id, so every transport would be filed under 'anonymous' (one replacing another, and the first to close removing the other's entry) and every log line would carry 'anonymous'. When serving becomes stateless, remove this registration and its cleanup together with that registry (keep open transports in a Set if shutdown must close them) and drop the session id from these log lines (a per-request transport serves one request, whose handler logs its request id).
  const sessionId = transport.sessionId ?? 'anonymous';
  transports.set(sessionId, transport);
  transport.onclose = () => transports.delete(sessionId);
  console.info('transport opened', { sessionId });
  await new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } }).connect(transport);
};

export async function closeAll(): Promise<void> {
  for (const transport of transports.values()) await transport.close();
  transports.clear();
}
