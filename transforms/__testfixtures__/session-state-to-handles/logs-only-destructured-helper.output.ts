/**
 * Tool bodies live in helpers typed structurally; the session id is destructured from the handler's
 * context and only labels log lines (as in nickytonline/mcp-typescript-template's src/tools.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

const logger = {
  info: (fields: Record<string, unknown>, message: string): void => console.log(message, fields),
  error: (fields: Record<string, unknown>, message: string): void => console.error(message, fields),
};

export function registerTools(server: McpServer): void {
  server.registerTool(
    'reverse',
    { description: 'Reverse a string.', inputSchema: { text: z.string() } },
    (args, extra) => reverse(args, extra),
  );
  server.registerTool(
    'shout',
    { description: 'Upper-case a string.', inputSchema: { text: z.string() } },
    (args, extra) => shout(args, extra),
  );
  server.registerTool('tick', { description: 'Count one tick.' }, (extra) => tick(extra));
}

async function reverse(args: { text: string }, extra: { sessionId?: string; requestId: unknown }): Promise<CallToolResult> {
  const toolName = 'reverse';
  const { requestId } = extra;
  try {
    const reversed = [...args.text].reverse().join('');
    logger.info({ toolName, requestId }, 'Tool executed');
    return { content: [{ type: 'text', text: reversed }] };
  } catch (error) {
    logger.error(
      { toolName, requestId, error: error instanceof Error ? error.message : String(error) },
      'Tool execution failed',
    );
    return { content: [{ type: 'text', text: 'Could not reverse the text.' }], isError: true };
  }
}

async function shout(args: { text: string }, extra: { sessionId?: string; requestId: unknown }): Promise<CallToolResult> {
  const { requestId } = extra;
  logger.info({ requestId, length: args.text.length }, `[${requestId}] shout`);
  return { content: [{ type: 'text', text: args.text.toUpperCase() }] };
}

// A `requestId` of its own is already in scope: renaming the session id to it would change what is logged.
async function tick(extra: { sessionId?: string; requestId: unknown }): Promise<CallToolResult> {
  const { sessionId } = extra;
  const requestId = randomUUID();
  logger.info({ sessionId, trace: requestId }, 'tick');
  return { content: [{ type: 'text', text: 'tick' }] };
}
