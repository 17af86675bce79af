/**
 * Watchlists per MCP session (SDK v1), with the handlers written as named functions and passed by
 * reference to `registerTool`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const watchlists = new Map<string, Set<string>>();

/** watchlist_id handles (mcp-migrate): minted by create_watchlist, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const watchlistHandles = createHandleRegistry({
  prefix: 'watchlist',
  argument: 'watchlist_id',
  mintTool: 'create_watchlist',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => watchlists.delete(id),
});

async function watchTicker({ ticker, watchlist_id }: { ticker: string; watchlist_id: string }, extra: Extra) {
  const watchlistDenied = watchlistHandles.check(watchlist_id, extra);
  if (watchlistDenied) return watchlistDenied;
  const list = watchlists.get(watchlist_id) ?? new Set<string>();
  list.add(ticker.toUpperCase());
  watchlists.set(watchlist_id, list);
  return { content: [{ type: 'text' as const, text: `Watching ${[...list].join(', ')}.` }] };
}

async function showWatchlist({ watchlist_id }: { watchlist_id: string }, extra: Extra) {
  const watchlistDenied = watchlistHandles.check(watchlist_id, extra);
  if (watchlistDenied) return watchlistDenied;
  const list = watchlists.get(watchlist_id) ?? new Set<string>();
  return { content: [{ type: 'text' as const, text: [...list].join(', ') || 'Nothing watched.' }] };
}

export function createWatchlistServer(): McpServer {
  const server = new McpServer({ name: 'watchlist', version: '0.5.0' });
  server.registerTool('watch_ticker', { description: 'Watch a stock ticker.', inputSchema: { ticker: z.string().regex(/^[A-Za-z.]{1,8}$/), watchlist_id: z.string().max(32).regex(/^watchlist_[A-Za-z0-9_-]{22}$/, 'Not a watchlist_id: call create_watchlist to get one.').describe('The watchlist_id returned by create_watchlist.') } }, watchTicker);
  server.registerTool('show_watchlist', { description: 'List the watched tickers.', inputSchema: { watchlist_id: z.string().max(32).regex(/^watchlist_[A-Za-z0-9_-]{22}$/, 'Not a watchlist_id: call create_watchlist to get one.').describe('The watchlist_id returned by create_watchlist.') } }, showWatchlist);

  server.registerTool(
    'create_watchlist',
    {
      description: 'Create a new watchlist and return its watchlist_id. Pass the watchlist_id to watch_ticker and show_watchlist. A watchlist_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_watchlist again.',
      inputSchema: { idempotency_key: z.string().max(128).optional().describe('Optional. Retrying with the same key returns the same watchlist_id instead of creating a second watchlist, for as long as that watchlist_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.') },
    },
    async ({ idempotency_key }, extra) => {
      const watchlist_id = watchlistHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `watchlist_id: ${watchlist_id}` }], structuredContent: { watchlist_id } };
    },
  );
  return server;
}
