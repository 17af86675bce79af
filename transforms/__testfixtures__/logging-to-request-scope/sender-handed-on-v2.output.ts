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
  // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
  const server = new McpServer({ name: 'images', version: '1.0.0' }, { capabilities: { logging: {} } });

  server.registerTool('resize', { description: 'Resize.', inputSchema: z.object({ width: z.number() }) }, async ({ width }, ctx) =>
    resize((message) => ctx.mcpReq.log(message.level, message.data, message.logger), width),
  );

  // The thumbnail is a fixed-size resize.
  server.registerTool('thumbnail', { description: 'Thumbnail.' }, async (ctx) => resize((message) => ctx.mcpReq.log(message.level, message.data, message.logger), 64));

  return server;
}
