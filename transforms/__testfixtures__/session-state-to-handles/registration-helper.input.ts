/**
 * Tools registered through the project's own helper, which times every call and hands name, config and handler on
 * to `server.registerTool` (energychain/willi-mako-client, sweep 32 AF1). Each call of the helper is a registration:
 * the store its tools key by the session id becomes a note_id handle, the schema and handler edits land at the
 * helper's calls, and create_note is registered through the helper too, with its schema in the form the helper takes.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const notes = new Map<string, string[]>();

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'af1', version: '1.0.0' });

  // a project helper that wraps every registration (timing, error mapping)
  const registerTool = (
    name: string,
    config: { description: string; inputSchema: Record<string, z.ZodTypeAny> },
    handler: (args: any, extra: { sessionId?: string }) => Promise<any>
  ): void => {
    server.registerTool(name, config, async (args: any, extra: any) => {
      const started = Date.now();
      const result = await handler(args, extra);
      console.error(`${name} took ${Date.now() - started}ms`);
      return result;
    });
  };

  registerTool('add_note', { description: 'Add a note.', inputSchema: { text: z.string() } },
    async ({ text }, extra) => {
      const list = notes.get(extra.sessionId!) ?? [];
      list.push(text);
      notes.set(extra.sessionId!, list);
      return { content: [{ type: 'text', text: `${list.length} notes` }] };
    });

  registerTool('list_notes', { description: 'List the notes.', inputSchema: {} },
    async (_args, extra) => ({
      content: [{ type: 'text', text: (notes.get(extra.sessionId!) ?? []).join('\n') }]
    }));

  return server;
}
