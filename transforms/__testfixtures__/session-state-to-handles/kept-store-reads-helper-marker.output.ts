/**
 * The modelcontextprotocol/servers `everything` shape (SDK v1): a tool toggles a per-session ticker. It
 * records the session in a set and hands the session id to a helper that keeps a timer per session. Both
 * stores are kept and marked (a set of session ids, timers per session: no handle fits either), and the
 * read in the tool, which keys both, gets one marker naming them.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// Timers of the sessions that asked for ticks
// @mcp-migrate-todo(session-state/keyed-store): `tickers` holds a timer per session: bookkeeping of the connection, not state a tool reads back, so it needs no handle. 2026-07-28 has no connection to push to: stop the timer when the work it serves ends (its request, or a subscriptions/listen stream for what it sends), and drop the map.
const tickers: Map<string | undefined, NodeJS.Timeout> = new Map();

function startTicking(server: McpServer, sessionId: string | undefined): void {
  if (!tickers.has(sessionId)) {
    tickers.set(
      sessionId,
      setInterval(() => void server.sendLoggingMessage({ level: 'info', data: 'tick' }, sessionId), 1000),
    );
  }
}

function stopTicking(sessionId: string | undefined): void {
  clearInterval(tickers.get(sessionId));
  tickers.delete(sessionId);
}

// Sessions that turned ticking on
// @mcp-migrate-todo(session-state/keyed-store): `ticking` is a set of session ids: it records which connections asked for something (to push to them later, or to act once per connection), not state a tool reads back, so it needs no handle. Only 2025-era clients (stdio, server-legacy) have a session id; a 2026-07-28 request has none and no connection to push on: do the work within the request (ctx.mcpReq.notify) or through subscriptions/listen, and drop the set once 2025-era clients are no longer served.
const ticking = new Set<string | undefined>();

export function createTickerServer(): McpServer {
  const server = new McpServer({ name: 'ticker', version: '0.1.0' }, { capabilities: { logging: {} } });

  server.registerTool('toggle_ticks', { description: 'Turn the ticks on or off.' }, async (extra) => {
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `ticking` and `tickers`, kept by apply and marked with what to do about them. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with those markers: when the stores go, or are re-keyed, this read goes with them; until then it serves only 2025-era clients (stdio, server-legacy).
    const sessionId = extra?.sessionId;

    if (ticking.has(sessionId)) {
      stopTicking(sessionId);
      ticking.delete(sessionId);
      return { content: [{ type: 'text', text: 'Ticks off.' }] };
    }
    startTicking(server, sessionId);
    ticking.add(sessionId);
    return { content: [{ type: 'text', text: 'Ticks on.' }] };
  });

  return server;
}
