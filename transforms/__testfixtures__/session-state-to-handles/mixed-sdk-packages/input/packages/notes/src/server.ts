/**
 * Reading lists per MCP session (SDK v1); the handlers destructure `sessionId` from their context,
 * once plainly and once renamed beside `authInfo`, and one hands it on in an object shorthand.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const readingLists = new Map<string, string[]>();

function describeList(entry: { sessionId: string; books: string[] }): string {
  return `${entry.books.length} book(s) on the list.`;
}

export function createReadingListServer(): McpServer {
  const server = new McpServer({ name: 'reading-list', version: '1.0.0' });

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

  server.registerTool('show_list', { description: 'Show the reading list.' }, async ({ sessionId: sid, authInfo }) => {
    const sessionId = sid ?? 'anonymous';
    const books = readingLists.get(sessionId) ?? [];
    const owner = authInfo?.clientId ?? 'anonymous';
    return { content: [{ type: 'text', text: `${owner}: ${describeList({ sessionId, books })}\n${books.join('\n')}` }] };
  });

  return server;
}
