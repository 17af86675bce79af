/** Shared by the keyed-store and transport-registry tests: one project, judged by both rules. */

/** Serving code that counts, times and flags each session it routes by the `Mcp-Session-Id` header (no handler reaches it). */
export const SESSION_BOOKKEEPING = `import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transports = new Map<string, StreamableHTTPServerTransport>();
const lastSeen = new Map<string, number>();
const requestCounts = new Map<string, number>();
const idleTimers = new Map<string, { timeout: ReturnType<typeof setTimeout> } | { accessCount: number }>();
const dirty = new Set<string>();
export async function handle(req: any, res: any) {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  if (sid) {
    const count = (requestCounts.get(sid) ?? 0) + 1;
    requestCounts.set(sid, count);
    lastSeen.set(sid, Date.now());
    idleTimers.set(sid, { timeout: setTimeout(() => transports.get(sid)?.close(), 60_000) });
    dirty.add(sid);
    if (dirty.has(sid) && count > 10) dirty.delete(sid);
    return transports.get(sid)!.handleRequest(req, res, req.body);
  }
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      transports.set(id, transport);
      idleTimers.set(id, { accessCount: 1 });
    },
  });
  await transport.handleRequest(req, res, req.body);
}`;
