/** The notes server, exported as a constant from the module its package publishes (`main`): importers outside this project may use the server object, so no factory replaces it. */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const notes = new Map<string, string>();

export const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool('read_note', { description: 'Read a note by title.', inputSchema: z.object({ title: z.string() }) }, async ({ title }) => ({
  content: [{ type: 'text', text: notes.get(title) ?? 'no such note' }],
}));

export const NOTE_LIMIT = 100;
