/**
 * A registration helper named `addTool` (review 41 S41-1): its calls are tools, and `create_note` is registered
 * through it too (before, `undefined.registerTool(…)` was written).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

const notes = new Map<string, string[]>();

/** note_id handles (mcp-migrate): minted by create_note, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const noteHandles = createHandleRegistry({
  prefix: 'note',
  argument: 'note_id',
  mintTool: 'create_note',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => notes.delete(id),
});

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'r1', version: '1.0.0' });

  const addTool = (
    name: string,
    config: { description: string; inputSchema: Record<string, z.ZodTypeAny> },
    handler: (args: any, extra: { sessionId?: string; authInfo?: { clientId?: string; extra?: Record<string, unknown> } }) => Promise<any>
  ): void => {
    server.registerTool(name, config, async (args: any, extra: any) => handler(args, extra));
  };

  addTool('add_note', { description: 'Add a note.', inputSchema: { text: z.string(), note_id: z.string().max(27).regex(/^note_[A-Za-z0-9_-]{22}$/, 'Not a note_id: call create_note to get one.').describe('The note_id returned by create_note.') } },
    async ({ text, note_id }, extra) => {
      const noteDenied = noteHandles.check(note_id, extra);
      if (noteDenied) return noteDenied;
      const list = notes.get(note_id) ?? [];
      list.push(text);
      notes.set(note_id, list);
      return { content: [{ type: 'text', text: `${list.length} notes` }] };
    });

  addTool(
    'list_notes',
    {
      description: 'List the notes.',
      inputSchema: {
        note_id: z
          .string()
          .max(27)
          .regex(/^note_[A-Za-z0-9_-]{22}$/, 'Not a note_id: call create_note to get one.')
          .describe('The note_id returned by create_note.')
      }
    },
    async (_args, extra) => {
      const noteDenied = noteHandles.check(_args.note_id, extra);
      if (noteDenied) return noteDenied;
      return {
        content: [{ type: 'text', text: (notes.get(_args.note_id) ?? []).join('\n') }]
      };
    }
  );

  addTool(
    'create_note',
    {
      description:
        'Create a new note and return its note_id. Pass the note_id to add_note and list_notes. A note_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_note again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same note_id instead of creating a second note, for as long as that note_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.'
          )
      }
    },
    async ({ idempotency_key }, extra) => {
      const note_id = noteHandles.mint(extra, idempotency_key);
      return {
        content: [{ type: 'text' as const, text: `note_id: ${note_id}` }],
        structuredContent: { note_id }
      };
    }
  );

  return server;
}
