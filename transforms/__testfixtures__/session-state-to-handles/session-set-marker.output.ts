/**
 * A set of session ids filled by a tool and read by a timer that pushes to those sessions (the shape of the
 * everything server's toggle tools): membership per connection, not state a tool reads back → one marker.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** Sessions that asked for heartbeat log messages. */
// @mcp-migrate-todo(session-state/keyed-store): `heartbeatSessions` is a set of session ids: it records which connections asked for something (to push to them later, or to act once per connection), not state a tool reads back, so it needs no handle. Only 2025-era clients (stdio, server-legacy) have a session id; a 2026-07-28 request has none and no connection to push on: do the work within the request (ctx.mcpReq.notify) or through subscriptions/listen, and drop the set once 2025-era clients are no longer served.
const heartbeatSessions = new Set<string | undefined>();

export function createHeartbeatServer(): McpServer {
  const server = new McpServer({ name: 'heartbeat', version: '1.0.0' });

  server.registerTool('toggle_heartbeat', { description: 'Turn heartbeat log messages on or off for this connection.' }, async (extra) => {
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `heartbeatSessions`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    const sessionId = extra.sessionId;
    if (heartbeatSessions.has(sessionId)) heartbeatSessions.delete(sessionId);
    else heartbeatSessions.add(sessionId);
    return { content: [{ type: 'text', text: heartbeatSessions.has(sessionId) ? 'heartbeat on' : 'heartbeat off' }] };
  });

  setInterval(() => {
    for (const sessionId of heartbeatSessions) {
      void server.server.sendLoggingMessage({ level: 'info', data: 'heartbeat' }, sessionId);
    }
  }, 10_000).unref();

  return server;
}
