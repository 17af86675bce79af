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
      const key = extra.sessionId ?? 'local';
      const notes = notesBySession.get(key) ?? [];
      notesBySession.set(key, notes);
      return { content: [{ type: 'text', text: tool.run(notes, args) }] };
    });
  }
  return server;
}
