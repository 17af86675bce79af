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
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `notes`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    notes.set(extra.sessionId!, [...(notes.get(extra.sessionId!) ?? []), text]);
    return { content: [{ type: 'text', text: 'added' }] };
  });

  // @mcp-migrate-todo(session-state/keyed-store): not rewritten automatically: the tools are registered through `registerTool()`, which registers only some of the tools it is given: register create_note so that it is always offered, then run apply again. Re-key `notes` by an explicit handle minted by a create tool and checked against the caller.
  // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `notes`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
  registerTool('list_notes', { description: 'List the notes.', inputSchema: {} }, async (_args, extra) => ({
    content: [{ type: 'text', text: (notes.get(extra.sessionId!) ?? []).join('\n') }],
  }));

  return server;
}
