/**
 * A handler factory carries the session id by hand into the project's own request context, which its tool
 * logic receives (the shape of cyanheads/mcp-ts-template's toolHandlerFactory): no store to re-key, no log line
 * to rename, and the context is the project's API → one marker at the read.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** The project's own request context, handed to every tool's logic. */
export interface ToolContext {
  requestId: string;
  sessionId?: string;
  startedAt: number;
}

export type TextToolLogic = (input: { text: string }, context: ToolContext) => Promise<string>;

function createContext(requestId: string, sessionId: string | undefined): ToolContext {
  return { requestId, sessionId, startedAt: Date.now() };
}

export function registerTextTool(server: McpServer, name: string, logic: TextToolLogic): void {
  server.registerTool(name, { description: `Run ${name} on a text.`, inputSchema: { text: z.string() } }, async (input, extra) => {
    const sessionId = typeof extra.sessionId === 'string' ? extra.sessionId : undefined;
    const context = createContext(String(extra.requestId), sessionId);
    return { content: [{ type: 'text', text: await logic(input, context) }] };
  });
}
