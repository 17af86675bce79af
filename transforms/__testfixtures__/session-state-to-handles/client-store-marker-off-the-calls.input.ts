/**
 * Notes kept in Redis per MCP session, created by a tool that cannot take the minting rewrite (it returns nothing
 * on one path): the store's marker goes where the rewrite stopped, at that `return;`, not at a keyed call. Every
 * keyed call gets a marker pointing at it by where it is, the first keyed call included.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export interface RedisLike {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<unknown>;
}

export function createNotesServer(redis: RedisLike): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  // @ts-expect-error -- the handler returns nothing when there is no session, which the SDK's types refuse.
  server.registerTool('start_notes', { description: 'Start a notebook.' }, async (extra) => {
    await redis.set(`notes:${extra.sessionId}`, '');
    if (!extra.sessionId) {
      return;
    }
    return { content: [{ type: 'text', text: 'started' }] };
  });
  server.registerTool('read_notes', { description: 'Read the notebook.' }, async (extra) => {
    const notes = await redis.get(`notes:${extra.sessionId}`);
    return { content: [{ type: 'text', text: notes ?? '' }] };
  });
  server.registerTool('add_note', { description: 'Add a note.', inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    const notes = await redis.get(`notes:${extra.sessionId}`);
    await redis.set(`notes:${extra.sessionId}`, `${notes ?? ''}\n${text}`);
    return { content: [{ type: 'text', text: 'added' }] };
  });
  return server;
}
