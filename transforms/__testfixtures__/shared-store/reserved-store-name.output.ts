/**
 * A scratchpad of notes per MCP session, in a Map whose name the Redis handle registry uses for its own keys (SDK v2, `registerTool` with `z.object`).
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { createRedisHandleRegistry, createRedisStore, withSharedState } from './mcp-redis-store.js';

interface Note {
  title: string;
  body: string;
  createdAt: string;
}

const handle = createRedisStore<Note[]>({ name: 'handle_store', ttlMs: 24 * 60 * 60 * 1000 });

/** handle_id handles (mcp-migrate): minted by create_handle, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const handleHandles = createRedisHandleRegistry({
  prefix: 'handle',
  argument: 'handle_id',
  mintTool: 'create_handle',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => handle.delete(id),
});

export function buildNotesServer(): McpServer {
  const server = new McpServer({ name: 'scratchpad', version: '2.1.0' });

  server.registerTool(
    'add_note',
    {
      description: 'Add a note to the scratchpad.',
      inputSchema: z.object({ title: z.string().min(1), body: z.string(), handle_id: z.string().max(29).regex(/^handle_[A-Za-z0-9_-]{22}$/, 'Not a handle_id: call create_handle to get one.').describe('The handle_id returned by create_handle.') }),
    },
    withSharedState(async ({ title, body, handle_id }, ctx) => {
      const handleDenied = await handleHandles.check(handle_id, ctx);
      if (handleDenied) return handleDenied;
      const notes = await handle.get(handle_id) ?? [];
      notes.push({ title, body, createdAt: new Date().toISOString() });
      await handle.set(handle_id, notes);
      return { content: [{ type: 'text', text: `Saved "${title}" (${notes.length} notes).` }] };
    }),
  );

  server.registerTool(
    'list_notes',
    {
      description: 'List the titles of the notes on the scratchpad.',
      inputSchema: z.object({
        limit: z.number().int().positive().max(100).default(20),
        handle_id: z.string().max(29).regex(/^handle_[A-Za-z0-9_-]{22}$/, 'Not a handle_id: call create_handle to get one.').describe('The handle_id returned by create_handle.'),
      }),
    },
    withSharedState(async ({ limit, handle_id }, ctx) => {
      const handleDenied = await handleHandles.check(handle_id, ctx);
      if (handleDenied) return handleDenied;
      const notes = await handle.get(handle_id) ?? [];
      const titles = notes.slice(-limit).map((n) => `- ${n.title} (${n.createdAt})`);
      return { content: [{ type: 'text', text: titles.length ? titles.join('\n') : 'No notes yet.' }] };
    }),
  );

  server.registerTool(
    'create_handle',
    {
      description: 'Create a new handle and return its handle_id. Pass the handle_id to add_note and list_notes. A handle_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_handle again.',
      inputSchema: z.object({ idempotency_key: z.string().max(128).optional().describe('Optional. Retrying with the same key returns the same handle_id instead of creating a second handle, for as long as that handle_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.') }),
    },
    async ({ idempotency_key }, ctx) => {
      const handle_id = await handleHandles.mint(ctx, idempotency_key);
      return {
        content: [{ type: 'text' as const, text: `handle_id: ${handle_id}` }],
        structuredContent: { handle_id },
      };
    },
  );

  return server;
}
