/**
 * A library, not a server: it registers its tools on the McpServer its host passes in, and declares the SDK as
 * a peer dependency so the host's copy is shared. Moved to SDK v2, it asks the host for the v2 packages instead.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function registerNoteTools(server: McpServer, notes: Map<string, string>): void {
  server.registerTool('read_note', { description: 'Read a note by title.', inputSchema: z.object({ title: z.string() }) }, async ({ title }) => ({
    content: [{ type: 'text', text: notes.get(title) ?? '' }],
  }));
}
