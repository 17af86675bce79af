/**
 * A registration helper that registers only the tools a setting enables (review 41 S41-2): its calls are tools, and
 * their session-keyed store is found, but a `create_note` added through it might never be registered, so the store
 * is marked rather than rewritten.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const notes = new Map<string, string[]>();
const enabled = new Set((process.env.TOOLS ?? 'add_note,list_notes').split(','));

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });

  const registerTool = (name: string, config: { description: string; inputSchema: Record<string, z.ZodTypeAny> }, handler: (args: any, extra: { sessionId?: string }) => Promise<any>): void => {
    if (!enabled.has(name)) return;
    server.registerTool(name, config, async (args: any, extra: any) => handler(args, extra));
  };

  registerTool('add_note', { description: 'Add a note.', inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    notes.set(extra.sessionId!, [...(notes.get(extra.sessionId!) ?? []), text]);
    return { content: [{ type: 'text', text: 'added' }] };
  });

  registerTool('list_notes', { description: 'List the notes.', inputSchema: {} }, async (_args, extra) => ({
    content: [{ type: 'text', text: (notes.get(extra.sessionId!) ?? []).join('\n') }],
  }));

  return server;
}
