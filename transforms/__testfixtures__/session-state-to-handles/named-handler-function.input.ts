/**
 * Watchlists per MCP session (SDK v1), with the handlers written as named functions and passed by
 * reference to `registerTool`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const watchlists = new Map<string, Set<string>>();

async function watchTicker({ ticker }: { ticker: string }, extra: Extra) {
  const list = watchlists.get(extra.sessionId!) ?? new Set<string>();
  list.add(ticker.toUpperCase());
  watchlists.set(extra.sessionId!, list);
  return { content: [{ type: 'text' as const, text: `Watching ${[...list].join(', ')}.` }] };
}

async function showWatchlist(extra: Extra) {
  const list = watchlists.get(extra.sessionId!) ?? new Set<string>();
  return { content: [{ type: 'text' as const, text: [...list].join(', ') || 'Nothing watched.' }] };
}

export function createWatchlistServer(): McpServer {
  const server = new McpServer({ name: 'watchlist', version: '0.5.0' });
  server.registerTool('watch_ticker', { description: 'Watch a stock ticker.', inputSchema: { ticker: z.string().regex(/^[A-Za-z.]{1,8}$/) } }, watchTicker);
  server.registerTool('show_watchlist', { description: 'List the watched tickers.' }, showWatchlist);
  return server;
}
