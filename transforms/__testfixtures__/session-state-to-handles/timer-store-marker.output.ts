/**
 * A ticker per MCP session (SDK v1): a timer sends progress pings to the connection that asked for
 * them. The map holds timers, not state a tool reads back, so a handle is the wrong advice: apply
 * leaves one marker at the map saying what to do instead and changes nothing else.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// @mcp-migrate-todo(session-state/keyed-store): `tickers` holds a timer per session: bookkeeping of the connection, not state a tool reads back, so it needs no handle. 2026-07-28 has no connection to push to: stop the timer when the work it serves ends (its request, or a subscriptions/listen stream for what it sends), and drop the map.
const tickers = new Map<string | undefined, NodeJS.Timeout>();

export function createTickerServer(): McpServer {
  const server = new McpServer({ name: 'ticker', version: '0.1.0' });

  server.registerTool('start_ticker', { description: 'Log a tick every second.' }, async (extra) => {
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `tickers`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    if (!tickers.has(extra.sessionId)) {
      tickers.set(
        extra.sessionId,
        setInterval(() => console.error('tick'), 1000),
      );
    }
    return { content: [{ type: 'text', text: 'Ticking.' }] };
  });

  server.server.onclose = () => {
    for (const ticker of tickers.values()) clearInterval(ticker);
    tickers.clear();
  };

  return server;
}
