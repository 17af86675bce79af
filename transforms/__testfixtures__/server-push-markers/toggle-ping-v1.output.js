// @ts-check
/**
 * A plain-JavaScript server on SDK 1.x that unlocks an admin tool for the connection that logged in,
 * and pings its client before long work.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function buildServer() {
  const server = new McpServer({ name: 'admin', version: '1.0.0' });

  const purge = server.registerTool('purge_cache', { description: 'Purge the cache.' }, async () => ({ content: [{ type: 'text', text: 'purged' }] }));
  // @mcp-migrate-todo(server-push/tool-toggle): per-connection tool toggle: 2026-07-28 lists must not change per connection or as a side effect of a call, and a per-request server forgets the change. Register the tool unconditionally and make it take a handle argument (e.g. connection_id from the tool that enabled it) that errors until that tool was called.
  purge.disable();

  server.registerTool('login', { description: 'Log in as an administrator.', inputSchema: { password: z.string() } }, async ({ password }) => {
    if (password !== process.env.ADMIN_PASSWORD) return { content: [{ type: 'text', text: 'wrong password' }], isError: true };
    // @mcp-migrate-todo(server-push/tool-toggle): per-connection tool toggle: 2026-07-28 lists must not change per connection or as a side effect of a call, and a per-request server forgets the change. Register the tool unconditionally and make it take a handle argument (e.g. connection_id from the tool that enabled it) that errors until that tool was called.
    purge.enable();
    return { content: [{ type: 'text', text: 'purge_cache is now available' }] };
  });

  server.registerTool('reindex', { description: 'Rebuild the index.' }, async () => {
    return { content: [{ type: 'text', text: 'reindexed' }] };
  });

  return server;
}
