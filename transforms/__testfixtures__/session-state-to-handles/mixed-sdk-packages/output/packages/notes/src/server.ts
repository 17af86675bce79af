/**
 * Reading lists per MCP session (SDK v1); the handlers destructure `sessionId` from their context,
 * once plainly and once renamed beside `authInfo`, and one hands it on in an object shorthand.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

const readingLists = new Map<string, string[]>();

/** list_id handles (mcp-migrate): minted by create_list, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const listHandles = createHandleRegistry({
  prefix: 'list',
  argument: 'list_id',
  mintTool: 'create_list',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => readingLists.delete(id),
});

function describeList(entry: { sessionId: string; books: string[] }): string {
  return `${entry.books.length} book(s) on the list.`;
}

export function createReadingListServer(): McpServer {
  const server = new McpServer({ name: 'reading-list', version: '1.0.0' });

  server.registerTool(
    'add_book',
    { description: 'Add a book to the reading list.', inputSchema: { title: z.string(), author: z.string().optional(), list_id: z.string().max(27).regex(/^list_[A-Za-z0-9_-]{22}$/, 'Not a list_id: call create_list to get one.').describe('The list_id returned by create_list.') } },
    async ({ title, author, list_id }, { authInfo }) => {
      const listDenied = listHandles.check(list_id, { authInfo });
      if (listDenied) return listDenied;
      const list = readingLists.get(list_id) ?? [];
      list.push(author ? `${title} (${author})` : title);
      readingLists.set(list_id, list);
      return { content: [{ type: 'text', text: `${list.length} book(s) on the list.` }] };
    },
  );

  server.registerTool('show_list', { description: 'Show the reading list.', inputSchema: { list_id: z.string().max(27).regex(/^list_[A-Za-z0-9_-]{22}$/, 'Not a list_id: call create_list to get one.').describe('The list_id returned by create_list.') } }, async ({ list_id }, { authInfo }) => {
    const listDenied = listHandles.check(list_id, { authInfo });
    if (listDenied) return listDenied;
    const sessionId = list_id;
    const books = readingLists.get(sessionId) ?? [];
    const owner = authInfo?.clientId ?? 'anonymous';
    return { content: [{ type: 'text', text: `${owner}: ${describeList({ sessionId, books })}\n${books.join('\n')}` }] };
  });

  server.registerTool(
    'create_list',
    {
      description:
        'Create a new list and return its list_id. Pass the list_id to add_book and show_list. A list_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_list again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same list_id instead of creating a second list, for as long as that list_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const list_id = listHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `list_id: ${list_id}` }], structuredContent: { list_id } };
    },
  );

  return server;
}
