/**
 * A notes server on SDK v2 that declares the logging capability but never sends a log message: the
 * deprecated capability is dead weight and goes; the other capabilities keep their layout.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const notes: string[] = [];

export const server = new McpServer(
  { name: 'notes', version: '0.3.0' },
  {
    capabilities: {
      tools: {},
      logging: {}, // clients may ask for our logs
      resources: { listChanged: true },
    },
  },
);

server.registerTool('add_note', { description: 'Add a note.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
  notes.push(text);
  return { content: [{ type: 'text', text: `${notes.length} notes` }] };
});
