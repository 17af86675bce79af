/**
 * A shopping list per session, on a server whose `tool` method the project overrides to count (bill) every call. A
 * generated create_list registered with registerTool would be the one tool past that wrapper (review 38 R5): the
 * store is marked, not rewritten.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

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
    const list = lists.get(extra.sessionId!) ?? [];
    list.push(item);
    lists.set(extra.sessionId!, list);
    return { content: [{ type: 'text', text: `${list.length} items (${billed} calls billed)` }] };
  });
  return server;
}
