// @ts-check
/**
 * The same one-shot retry mark on SDK 1.x in plain JavaScript: the key is concatenated inline from the session id
 * and the tool's arguments, and the tool alone adds and consumes it → one marker pointing at requestState.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** @type {Set<string>} */
const warnedDeletes = new Set();

export function createFilesServer() {
  const server = new McpServer({ name: 'files', version: '1.2.0' });

  server.tool(
    'delete_folder',
    'Delete a folder and everything in it; the first call only warns, the same call again deletes.',
    { folder: z.string(), recursive: z.boolean().default(true) },
    async ({ folder, recursive }, extra) => {
      if (warnedDeletes.has(extra.sessionId + ':' + folder + ':' + recursive)) {
        warnedDeletes.delete(extra.sessionId + ':' + folder + ':' + recursive);
        return { content: [{ type: 'text', text: `Deleted ${folder}.` }] };
      }
      warnedDeletes.add(extra.sessionId + ':' + folder + ':' + recursive);
      return { content: [{ type: 'text', text: `This deletes ${folder}${recursive ? ' and its subfolders' : ''}. Repeat the call to go ahead.` }] };
    },
  );

  return server;
}
