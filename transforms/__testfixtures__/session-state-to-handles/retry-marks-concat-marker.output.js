// @ts-check
/**
 * The same one-shot retry mark on SDK 1.x in plain JavaScript: the key is concatenated inline from the session id
 * and the tool's arguments, and the tool alone adds and consumes it → one marker pointing at requestState.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** @type {Set<string>} */
// @mcp-migrate-todo(session-state/keyed-store): `warnedDeletes` remembers, per session and call arguments, that a call already ran its first round, so that the client's retry of the same call is recognized: state between the rounds of one call, not state a tool created, so it needs no handle. On 2026-07-28 there is no session id to key it by and the retry may reach another server instance: return the first round as inputRequired(...) with what the retry must know in requestState (sealed with createRequestStateCodec), read it back on the retry (ctx.mcpReq.requestState()), and drop the set; keep it only while 2025-era clients (stdio, server-legacy) are served.
const warnedDeletes = new Set();

export function createFilesServer() {
  const server = new McpServer({ name: 'files', version: '1.2.0' });

  server.tool(
    'delete_folder',
    'Delete a folder and everything in it; the first call only warns, the same call again deletes.',
    { folder: z.string(), recursive: z.boolean().default(true) },
    async ({ folder, recursive }, extra) => {
      // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `warnedDeletes`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
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
