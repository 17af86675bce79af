/**
 * A ticker per MCP session (SDK v1): a timer sends progress pings to the connection that asked for
 * them. The map holds timers, not state a tool reads back, so a handle is the wrong advice: apply
 * leaves one marker at the map saying what to do instead and changes nothing else.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const tickers = new Map<string | undefined, NodeJS.Timeout>();

export function createTickerServer(): McpServer {
  const server = new McpServer({ name: 'ticker', version: '0.1.0' });

  server.registerTool('start_ticker', { description: 'Log a tick every second.' }, async (extra) => {
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
