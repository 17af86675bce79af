/** The notes server, exported as a constant: the HTTP entry connects it per request, and the admin module reads it too. */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const notes = new Map<string, string>();

export const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool('read_note', { description: 'Read a note by title.', inputSchema: z.object({ title: z.string() }) }, async ({ title }) => ({
  content: [{ type: 'text', text: notes.get(title) ?? 'no such note' }],
}));

export const NOTE_LIMIT = 100;
