/**
 * Notes per MCP session (SDK v1), the store's declaration ending in a comment about it: the comment stays on the
 * declaration's line when the handle registry is inserted after it (sweep 24 X6).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const notes = new Map<string, string[]>(); // notes per session

export function createNotesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('add_note', { inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    const list = notes.get(extra.sessionId!) ?? [];
    list.push(text);
    notes.set(extra.sessionId!, list);
    return { content: [{ type: 'text', text: `${list.length} notes` }] };
  });
  server.registerTool('list_notes', {}, async (extra) => ({
    content: [{ type: 'text', text: (notes.get(extra.sessionId!) ?? []).join('\n') }],
  }));
  return server;
}
