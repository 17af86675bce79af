/**
 * A scratchpad of notes per MCP session, registered on the server server.ts builds (SDK v2, `z.object`).
 */
import * as z from 'zod/v4';
import type { ScratchServer } from './types.js';

interface Note {
  title: string;
  body: string;
}

const notebooks = new Map<string, Note[]>();

export function registerNoteTools(server: ScratchServer): void {
  server.registerTool(
    'add_note',
    {
      description: 'Add a note to the scratchpad.',
      inputSchema: z.object({ title: z.string().min(1), body: z.string() }),
    },
    async ({ title, body }, ctx) => {
      const notes = notebooks.get(ctx.sessionId ?? 'stdio') ?? [];
      notes.push({ title, body });
      notebooks.set(ctx.sessionId ?? 'stdio', notes);
      return { content: [{ type: 'text', text: `Saved "${title}" (${notes.length} notes).` }] };
    },
  );

  server.registerTool(
    'list_notes',
    {
      description: 'List the titles of the notes on the scratchpad.',
      inputSchema: z.object({ limit: z.number().int().positive().max(100).default(20) }),
    },
    async ({ limit }, ctx) => {
      const notes = notebooks.get(ctx.sessionId ?? 'stdio') ?? [];
      const titles = notes.slice(-limit).map((n) => `- ${n.title}`);
      return { content: [{ type: 'text', text: titles.length ? titles.join('\n') : 'No notes yet.' }] };
    },
  );
}
