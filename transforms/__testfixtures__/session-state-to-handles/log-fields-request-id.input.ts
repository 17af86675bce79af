/**
 * A bookmarks server that labels its log lines with the session id (SDK v1), the ways real servers write it:
 * a field of a structured log object, next to the request id or alone, a local copy with a stdio fallback,
 * a copy under another name, and a log helper whose parameter type declares the field. On 2026-07-28 the
 * session id is undefined, so every one of these becomes the request id (the copy's fallback goes: the request
 * id is never missing, sweep 34 AH12).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type Fields = Record<string, unknown>;

const log = {
  info(message: string, fields: Fields = {}): void {
    console.error(JSON.stringify({ level: 'info', message, ...fields }));
  },
  warn(message: string, fields: Fields = {}): void {
    console.error(JSON.stringify({ level: 'warn', message, ...fields }));
  },
};

/** The audit line's shape, written down by the project: `sessionId` takes any JSON-RPC id. */
interface AuditEntry {
  action: string;
  sessionId?: string | number;
  at: string;
}

function audit(entry: AuditEntry): void {
  console.error(JSON.stringify(entry));
}

const bookmarks: Array<{ url: string; title: string }> = [];

export function createBookmarksServer(): McpServer {
  const server = new McpServer({ name: 'bookmarks', version: '0.4.0' });

  server.registerTool(
    'add_bookmark',
    { description: 'Add a bookmark.', inputSchema: { url: z.string().url(), title: z.string() } },
    async ({ url, title }, extra) => {
      // The request id is logged already: the session id field goes.
      log.info('add_bookmark', { sessionId: extra.sessionId, requestId: extra.requestId, url });
      bookmarks.push({ url, title });
      audit({ action: 'add', sessionId: extra.sessionId, at: new Date().toISOString() });
      return { content: [{ type: 'text', text: `Added ${title}.` }] };
    },
  );

  server.registerTool(
    'find_bookmarks',
    { description: 'Find bookmarks whose title contains a word.', inputSchema: { word: z.string() } },
    async ({ word }, extra) => {
      const sessionId = extra.sessionId ?? 'stdio';
      const found = bookmarks.filter((b) => b.title.toLowerCase().includes(word.toLowerCase()));
      if (found.length === 0) log.warn(`[${sessionId}] no bookmark matches`, { word });
      log.info('find_bookmarks', { session: extra.sessionId, count: found.length });
      return { content: [{ type: 'text', text: found.map((b) => `${b.title} <${b.url}>`).join('\n') || 'None.' }] };
    },
  );

  server.registerTool(
    'count_bookmarks',
    { description: 'Count the bookmarks.' },
    async (extra) => {
      const sessionId = extra.sessionId;
      log.info('count_bookmarks', { sessionId, requestId: extra.requestId });
      const sid = extra?.sessionId;
      log.info('counted', { sid, total: bookmarks.length });
      return { content: [{ type: 'text', text: String(bookmarks.length) }] };
    },
  );

  return server;
}
