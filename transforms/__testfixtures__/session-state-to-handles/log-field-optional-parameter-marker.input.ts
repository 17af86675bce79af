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
  console.error(name, meta?.sessionId, meta?.userId);
}

function audit(meta?: AuditMeta): void {
  console.error(JSON.stringify(meta));
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'spans', version: '1.0.0' });
  server.registerTool('ping', { description: 'Ping.' }, async (extra) => {
    createSpan('ping', { sessionId: extra.sessionId, userId: extra.authInfo?.clientId });
    audit({ sessionId: extra.sessionId, action: 'ping' });
    return { content: [{ type: 'text', text: 'pong' }] };
  });
  return server;
}
