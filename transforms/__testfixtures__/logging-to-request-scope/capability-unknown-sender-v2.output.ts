/**
 * A notes server on SDK v2 that declares the logging capability and sends no log message itself, while a server
 * reached through a hub the platform injects (typed loosely, so the analysis cannot tell what `hub.current()` is)
 * does: that one may be this server, so the capability stays, marked, instead of going as dead weight
 * (capability-unused-v2).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const hub: { register(server: McpServer): void; current(): any };

const notes: string[] = [];

export const server = new McpServer(
  { name: 'notes', version: '0.3.0' },
  {
    capabilities: {
      tools: {},
      // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
      logging: {},
    },
  },
);
hub.register(server);

server.registerTool('add_note', { description: 'Add a note.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
  notes.push(text);
  return { content: [{ type: 'text', text: `${notes.length} notes` }] };
});

export function announce(text: string): void {
  void hub.current().server.sendLoggingMessage({ level: 'info', data: text });
}
