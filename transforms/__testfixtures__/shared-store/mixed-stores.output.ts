/**
 * Two session-keyed stores in one file: the wishlist moves to Redis, the drafts (whose count a tool
 * reports with `.size`) stay in process with a marker, and both registries keep working.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';
import { createRedisHandleRegistry, createRedisStore, withSharedState } from './mcp-redis-store.js';

const wishlists = createRedisStore<string[]>({ name: 'wishlists', ttlMs: 24 * 60 * 60 * 1000 });

/** wishlist_id handles (mcp-migrate): minted by create_wishlist, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const wishlistHandles = createRedisHandleRegistry({
  prefix: 'wishlist',
  argument: 'wishlist_id',
  mintTool: 'create_wishlist',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => wishlists.delete(id),
});

// @mcp-migrate-todo(session-state/keyed-store): not moved to Redis: `drafts.size` is used, and a Redis store answers only get, set, delete and has. `drafts` and `draftHandles` stay in this process and do not survive a second instance; run one instance, or move both to a shared store by hand.
const drafts = new Map<string, string>();

/** draft_id handles (mcp-migrate): minted by create_draft, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const draftHandles = createHandleRegistry({
  prefix: 'draft',
  argument: 'draft_id',
  mintTool: 'create_draft',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => drafts.delete(id),
});

export function createMixedServer(): McpServer {
  const server = new McpServer({ name: 'mixed', version: '1.0.0' });

  server.registerTool('wish', { description: 'Add a SKU to the wishlist.', inputSchema: { sku: z.string(), wishlist_id: z.string().max(31).regex(/^wishlist_[A-Za-z0-9_-]{22}$/, 'Not a wishlist_id: call create_wishlist to get one.').describe('The wishlist_id returned by create_wishlist.') } }, withSharedState(async ({ sku, wishlist_id }, extra) => {
    const wishlistDenied = await wishlistHandles.check(wishlist_id, extra);
    if (wishlistDenied) return wishlistDenied;
    const list = await wishlists.get(wishlist_id) ?? [];
    list.push(sku);
    await wishlists.set(wishlist_id, list);
    return { content: [{ type: 'text', text: `${list.length} wished.` }] };
  }));

  server.registerTool(
    'create_wishlist',
    {
      description:
        'Create a new wishlist and return its wishlist_id. Pass the wishlist_id to wish. A wishlist_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_wishlist again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same wishlist_id instead of creating a second wishlist, for as long as that wishlist_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const wishlist_id = await wishlistHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `wishlist_id: ${wishlist_id}` }], structuredContent: { wishlist_id } };
    },
  );

  server.registerTool('save_draft', { description: 'Save a review draft.', inputSchema: { text: z.string(), draft_id: z.string().max(28).regex(/^draft_[A-Za-z0-9_-]{22}$/, 'Not a draft_id: call create_draft to get one.').describe('The draft_id returned by create_draft.') } }, async ({ text, draft_id }, extra) => {
    const draftDenied = draftHandles.check(draft_id, extra);
    if (draftDenied) return draftDenied;
    drafts.set(draft_id, text);
    return { content: [{ type: 'text', text: `Saved; ${drafts.size} drafts on this server.` }] };
  });

  server.registerTool(
    'create_draft',
    {
      description:
        'Create a new draft and return its draft_id. Pass the draft_id to save_draft. A draft_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_draft again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same draft_id instead of creating a second draft, for as long as that draft_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const draft_id = draftHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `draft_id: ${draft_id}` }], structuredContent: { draft_id } };
    },
  );

  return server;
}
