/**
 * A shopping list per session, on a server whose `tool` method the project overrides to count (bill) every call. A
 * generated create_list registered with registerTool would be the one tool past that wrapper (review 38 R5): the
 * store is marked, not rewritten.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// @mcp-migrate-todo(session-state/keyed-store): not rewritten automatically: the project wraps every registration through `server.tool` (line 14), and a generated create_list registered with registerTool would be the one tool past that wrapper: write the handle by hand, registering create_list through the wrapper. Re-key `lists` by an explicit handle minted by a create tool and checked against the caller.
const lists = new Map<string, string[]>();
let billed = 0;

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'lists', version: '1.0.0' });
  const registerTool = server.tool.bind(server);
  // Every tool is billed per call.
  (server as unknown as { tool: (...args: unknown[]) => unknown }).tool = (...args: unknown[]) => {
    billed++;
    return (registerTool as (...a: unknown[]) => unknown)(...args);
  };
  server.tool('add_item', { item: z.string() }, async ({ item }, extra) => {
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `lists`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    const list = lists.get(extra.sessionId!) ?? [];
    list.push(item);
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `lists`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    lists.set(extra.sessionId!, list);
    return { content: [{ type: 'text', text: `${list.length} items (${billed} calls billed)` }] };
  });
  return server;
}
