/**
 * The modelcontextprotocol/servers `everything` shape (SDK v1): a tool toggles a per-session ticker. It
 * records the session in a set and hands the session id to a helper that keeps a timer per session. Both
 * stores are kept and marked (a set of session ids, timers per session: no handle fits either), and the
 * read in the tool, which keys both, gets one marker naming them.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// Timers of the sessions that asked for ticks
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
const ticking = new Set<string | undefined>();

export function createTickerServer(): McpServer {
  const server = new McpServer({ name: 'ticker', version: '0.1.0' }, { capabilities: { logging: {} } });

  server.registerTool('toggle_ticks', { description: 'Turn the ticks on or off.' }, async (extra) => {
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
