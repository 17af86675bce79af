/**
 * Drafts per MCP session; a stats tool reads the store's size, which a Redis store cannot answer cheaply.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const drafts = new Map<string, string[]>();

export function createDraftServer(): McpServer {
  const server = new McpServer({ name: 'drafts', version: '1.0.0' });

  server.registerTool('add_draft', { description: 'Save a draft.', inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    const list = drafts.get(extra.sessionId ?? 'local') ?? [];
    list.push(text);
    drafts.set(extra.sessionId ?? 'local', list);
    return { content: [{ type: 'text', text: `${list.length} drafts; ${drafts.size} writers.` }] };
  });

  return server;
}
