/**
 * Drafts per MCP session; a stats tool reads the store's size, which a Redis store cannot answer cheaply.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

// @mcp-migrate-todo(session-state/keyed-store): not moved to Redis: `drafts.size` is used, and a Redis store answers only get, set, delete and has. `drafts` and `draftHandles` stay in this process and do not survive a second instance; run one instance, or move both to a shared store by hand.
const drafts = new Map<string, string[]>();

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

export function createDraftServer(): McpServer {
  const server = new McpServer({ name: 'drafts', version: '1.0.0' });

  server.registerTool('add_draft', { description: 'Save a draft.', inputSchema: { text: z.string(), draft_id: z.string().max(28).regex(/^draft_[A-Za-z0-9_-]{22}$/, 'Not a draft_id: call create_draft to get one.').describe('The draft_id returned by create_draft.') } }, async ({ text, draft_id }, extra) => {
    const draftDenied = draftHandles.check(draft_id, extra);
    if (draftDenied) return draftDenied;
    const list = drafts.get(draft_id) ?? [];
    list.push(text);
    drafts.set(draft_id, list);
    return { content: [{ type: 'text', text: `${list.length} drafts; ${drafts.size} writers.` }] };
  });

  server.registerTool(
    'create_draft',
    {
      description:
        'Create a new draft and return its draft_id. Pass the draft_id to add_draft. A draft_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_draft again.',
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
