/**
 * Tool handlers hand the server's log sender to a helper that logs while it works: the sender they
 * hand on becomes the request's own log, so the helper's lines travel on that request.
 */
import { McpServer, type LoggingLevel } from '@modelcontextprotocol/server';
import { z } from 'zod';

type SendLog = (params: { level: LoggingLevel; data: unknown; logger?: string }) => Promise<void>;

async function resize(log: SendLog, width: number) {
  await log({ level: 'debug', logger: 'images', data: `resizing to ${width}` });
  return { content: [{ type: 'text' as const, text: `resized to ${width}` }] };
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'images', version: '1.0.0' }, { capabilities: { logging: {} } });

  server.registerTool('resize', { description: 'Resize.', inputSchema: z.object({ width: z.number() }) }, async ({ width }, ctx) =>
    resize(server.sendLoggingMessage.bind(server), width),
  );

  // The thumbnail is a fixed-size resize.
  server.registerTool('thumbnail', { description: 'Thumbnail.' }, async () => resize(server.server.sendLoggingMessage.bind(server.server), 64));

  return server;
}
