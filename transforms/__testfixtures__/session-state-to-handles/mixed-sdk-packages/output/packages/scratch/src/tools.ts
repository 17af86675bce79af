/**
 * A scratchpad of notes per MCP session, registered on the server server.ts builds (SDK v2, `z.object`).
 */
import * as z from 'zod/v4';
import type { ScratchServer } from './types.js';
import { createHandleRegistry } from './mcp-handles.js';

interface Note {
  title: string;
  body: string;
}

const notebooks = new Map<string, Note[]>();

/** notebook_id handles (mcp-migrate): minted by create_notebook, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const notebookHandles = createHandleRegistry({
  prefix: 'notebook',
  argument: 'notebook_id',
  mintTool: 'create_notebook',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => notebooks.delete(id),
});

export function registerNoteTools(server: ScratchServer): void {
  server.registerTool(
    'add_note',
    {
      description: 'Add a note to the scratchpad.',
      inputSchema: z.object({ title: z.string().min(1), body: z.string(), notebook_id: z.string().max(31).regex(/^notebook_[A-Za-z0-9_-]{22}$/, 'Not a notebook_id: call create_notebook to get one.').describe('The notebook_id returned by create_notebook.') }),
    },
    async ({ title, body, notebook_id }, ctx) => {
      const notebookDenied = notebookHandles.check(notebook_id, ctx);
      if (notebookDenied) return notebookDenied;
      const notes = notebooks.get(notebook_id) ?? [];
      notes.push({ title, body });
      notebooks.set(notebook_id, notes);
      return { content: [{ type: 'text', text: `Saved "${title}" (${notes.length} notes).` }] };
    },
  );

  server.registerTool(
    'list_notes',
    {
      description: 'List the titles of the notes on the scratchpad.',
      inputSchema: z.object({ limit: z.number().int().positive().max(100).default(20), notebook_id: z.string().max(31).regex(/^notebook_[A-Za-z0-9_-]{22}$/, 'Not a notebook_id: call create_notebook to get one.').describe('The notebook_id returned by create_notebook.') }),
    },
    async ({ limit, notebook_id }, ctx) => {
      const notebookDenied = notebookHandles.check(notebook_id, ctx);
      if (notebookDenied) return notebookDenied;
      const notes = notebooks.get(notebook_id) ?? [];
      const titles = notes.slice(-limit).map((n) => `- ${n.title}`);
      return { content: [{ type: 'text', text: titles.length ? titles.join('\n') : 'No notes yet.' }] };
    },
  );

  server.registerTool(
    'create_notebook',
    {
      description:
        'Create a new notebook and return its notebook_id. Pass the notebook_id to add_note and list_notes. A notebook_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_notebook again.',
      inputSchema: z.object({
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same notebook_id instead of creating a second notebook, for as long as that notebook_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      }),
    },
    async ({ idempotency_key }, ctx) => {
      const notebook_id = notebookHandles.mint(ctx, idempotency_key);
      return {
        content: [{ type: 'text' as const, text: `notebook_id: ${notebook_id}` }],
        structuredContent: { notebook_id },
      };
    },
  );
}
