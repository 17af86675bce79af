/**
 * A registration helper named `addTool` (review 41 S41-1): its calls are tools, and `create_note` is registered
 * through it too (before, `undefined.registerTool(…)` was written).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const notes = new Map<string, string[]>();

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'r1', version: '1.0.0' });

  const addTool = (
    name: string,
    config: { description: string; inputSchema: Record<string, z.ZodTypeAny> },
    handler: (args: any, extra: { sessionId?: string }) => Promise<any>
  ): void => {
    server.registerTool(name, config, async (args: any, extra: any) => handler(args, extra));
  };

  addTool('add_note', { description: 'Add a note.', inputSchema: { text: z.string() } },
    async ({ text }, extra) => {
      const list = notes.get(extra.sessionId!) ?? [];
      list.push(text);
      notes.set(extra.sessionId!, list);
      return { content: [{ type: 'text', text: `${list.length} notes` }] };
    });

  addTool('list_notes', { description: 'List the notes.', inputSchema: {} },
    async (_args, extra) => ({
      content: [{ type: 'text', text: (notes.get(extra.sessionId!) ?? []).join('\n') }]
    }));

  return server;
}
