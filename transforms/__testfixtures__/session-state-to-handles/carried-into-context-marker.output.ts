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
    // @mcp-migrate-todo(session-state/session-id-read): the session id is carried into the project's own objects: a 2026-07-28 request has none, so there it is undefined (2025-era clients served through stdio or server-legacy still have one). Nothing may key state or identity by it: state that spans calls travels as an explicit handle a tool returns, identity comes from authInfo, and log lines correlate by the request id.
    const sessionId = typeof extra.sessionId === 'string' ? extra.sessionId : undefined;
    const context = createContext(String(extra.requestId), sessionId);
    return { content: [{ type: 'text', text: await logic(input, context) }] };
  });
}
