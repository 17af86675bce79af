/**
 * Reading lists per MCP session (SDK v1); the handler destructures `sessionId` from its context.
 * apply leaves a marker here (today's documented limit) and changes nothing else.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const readingLists = new Map<string, string[]>();

export function createReadingListServer(): McpServer {
  const server = new McpServer({ name: 'reading-list', version: '1.0.0' });

  // @mcp-migrate-todo(session-state/keyed-store): not rewritten automatically: the session id is destructured from the handler context. Re-key `readingLists` by an explicit handle minted by a create tool and checked against the caller.
  server.registerTool(
    'add_book',
    { description: 'Add a book to the reading list.', inputSchema: { title: z.string(), author: z.string().optional() } },
    async ({ title, author }, { sessionId }) => {
      const list = readingLists.get(sessionId!) ?? [];
      list.push(author ? `${title} (${author})` : title);
      readingLists.set(sessionId!, list);
      return { content: [{ type: 'text', text: `${list.length} book(s) on the list.` }] };
    },
  );

  return server;
}
