/**
 * mapbox/mcp-server's span helper: its metadata parameter is optional and declares `sessionId` as a string, the
 * project's span schema. The call keeps the field and is marked (the request id, a string or a number, does not fit
 * it), and the helper's own read of its parameter is not the handler context's: marked, not renamed. An audit
 * helper whose optional parameter (an alias) declares the field as any JSON-RPC id keeps the name and logs the
 * request id.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

type AuditMeta = { sessionId?: string | number; action: string };

function createSpan(name: string, meta?: { sessionId?: string; userId?: string }): void {
  // @mcp-migrate-todo(session-state/session-telemetry): `meta?.sessionId` is a field of the project's own type, which the argument of `createSpan(…)` fills with the session id: a 2026-07-28 request has none, so it is undefined here. Resolve it together with that field: once the field carries the request id, this line logs it too (rename the field here if it is renamed there).
  console.error(name, meta?.sessionId, meta?.userId);
}

function audit(meta?: AuditMeta): void {
  console.error(JSON.stringify(meta));
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'spans', version: '1.0.0' });
  server.registerTool('ping', { description: 'Ping.' }, async (extra) => {
    // @mcp-migrate-todo(session-state/session-telemetry): the log field `sessionId` holds the session id, which a 2026-07-28 request does not have, and the project's log type declares it as `string | undefined`, which the request id (`extra.requestId`, a string or a number) does not fit. Correlate by the request id: widen the field's type or add a `requestId` field, and log the request id instead of the session id.
    createSpan('ping', { sessionId: extra.sessionId, userId: extra.authInfo?.clientId });
    audit({ sessionId: extra.requestId, action: 'ping' });
    return { content: [{ type: 'text', text: 'pong' }] };
  });
  return server;
}
