/**
 * Notes per MCP session (SDK v1), with the tools declared in a table and registered in a loop: every tool of the
 * table reads the session's notes, but none is named in a registration, so apply cannot give them a handle argument.
 * It must say that the tools reach the store (not that no tool does) and change nothing else.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

interface NoteTool {
  name: string;
  description: string;
  schema: z.ZodRawShape;
  run(notes: string[], args: Record<string, unknown>): string;
}

// @mcp-migrate-todo(session-state/keyed-store): `notesBySession` is keyed by the session id and read by every tool `server.tool(tool.name, …)` registers from a table: state the tools use, and a 2026-07-28 request has no session id to find it by. Not rewritten: the handles transform adds a handle argument to tools it can name, one registration each, and these tools' names and schemas are in the table. Add a `<noun>_id` argument to the schema of each entry that needs the state (or to all of them where the registration builds the schema), minted by a `create_<noun>` tool and checked against the caller on every call, and key `notesBySession` by it.
const notesBySession = new Map<string, string[]>();

const tools: NoteTool[] = [
  {
    name: 'add_note',
    description: 'Add a note to this conversation.',
    schema: { text: z.string() },
    run: (notes, args) => {
      notes.push(String(args.text));
      return `${notes.length} notes`;
    },
  },
  {
    name: 'count_notes',
    description: 'Count the notes of this conversation.',
    schema: {},
    run: (notes) => `${notes.length} notes`,
  },
];

export function createNotesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  for (const tool of tools) {
    server.tool(tool.name, tool.description, tool.schema, async (args, extra) => {
      // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `notesBySession`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is 'local' (the fallback), so all such requests share that one entry. Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
      const key = extra.sessionId ?? 'local';
      const notes = notesBySession.get(key) ?? [];
      notesBySession.set(key, notes);
      return { content: [{ type: 'text', text: tool.run(notes, args) }] };
    });
  }
  return server;
}
