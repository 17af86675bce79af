/**
 * A scratchpad of notes per MCP session, in a Map whose name the Redis handle registry uses for its own keys (SDK v2, `registerTool` with `z.object`).
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

interface Note {
  title: string;
  body: string;
  createdAt: string;
}

const handle = new Map<string, Note[]>();

export function buildNotesServer(): McpServer {
  const server = new McpServer({ name: 'scratchpad', version: '2.1.0' });

  server.registerTool(
    'add_note',
    {
      description: 'Add a note to the scratchpad.',
      inputSchema: z.object({ title: z.string().min(1), body: z.string() }),
    },
    async ({ title, body }, ctx) => {
      const notes = handle.get(ctx.sessionId ?? 'stdio') ?? [];
      notes.push({ title, body, createdAt: new Date().toISOString() });
      handle.set(ctx.sessionId ?? 'stdio', notes);
      return { content: [{ type: 'text', text: `Saved "${title}" (${notes.length} notes).` }] };
    },
  );

  server.registerTool(
    'list_notes',
    {
      description: 'List the titles of the notes on the scratchpad.',
      inputSchema: z.object({
        limit: z.number().int().positive().max(100).default(20),
      }),
    },
    async ({ limit }, ctx) => {
      const notes = handle.get(ctx.sessionId ?? 'stdio') ?? [];
      const titles = notes.slice(-limit).map((n) => `- ${n.title} (${n.createdAt})`);
      return { content: [{ type: 'text', text: titles.length ? titles.join('\n') : 'No notes yet.' }] };
    },
  );

  return server;
}
