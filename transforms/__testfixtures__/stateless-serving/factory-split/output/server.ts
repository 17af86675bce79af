/**
 * Reminders server (everything's shape): one factory for every transport, returning the server and
 * the cleanup to run when a session ends.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

// Reminder intervals, by session id.
const reminders = new Map<string | undefined, NodeJS.Timeout>();

export const createServer: () => McpServer = () => {
  // @mcp-migrate-todo(session-state/per-session-server): the session cleanup cleared this timer of one server instance; `cleanupSession` has no instance, so it is no longer cleared when a session ends: clear it where it fires, or drop it.
  let greeting: NodeJS.Timeout | null = null;
  const server = new McpServer({ name: 'reminders', version: '1.0.0' });
  server.registerTool('remind', { description: 'Reminds every minute.', inputSchema: z.object({ text: z.string() }) }, async ({ text }, ctx) => {
    reminders.set(ctx.sessionId, setInterval(() => console.error(text), 60_000));
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  greeting = setTimeout(() => console.error('ready'), 350);

  return server;
};

export const cleanupSession = (sessionId?: string) => {
  // Stop the session's reminder.
  const timer = reminders.get(sessionId);
  if (timer) clearInterval(timer);
  reminders.delete(sessionId);
};
