/**
 * Reminders server (everything's shape): one factory for every transport, returning the server and
 * the cleanup to run when a session ends.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

// Reminder intervals, by session id.
const reminders = new Map<string | undefined, NodeJS.Timeout>();

export type ServerBundle = {
  server: McpServer;
  cleanup: (sessionId?: string) => void;
};

export const createServer: () => ServerBundle = () => {
  let greeting: NodeJS.Timeout | null = null;
  const server = new McpServer({ name: 'reminders', version: '1.0.0' });
  server.registerTool('remind', { description: 'Reminds every minute.', inputSchema: z.object({ text: z.string() }) }, async ({ text }, ctx) => {
    reminders.set(ctx.sessionId, setInterval(() => console.error(text), 60_000));
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  greeting = setTimeout(() => console.error('ready'), 350);

  return {
    server,
    cleanup: (sessionId?: string) => {
      // Stop the session's reminder.
      const timer = reminders.get(sessionId);
      if (timer) clearInterval(timer);
      reminders.delete(sessionId);
      if (greeting) clearTimeout(greeting);
    },
  } satisfies ServerBundle;
};
