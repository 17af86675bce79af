/**
 * A SQL sandbox per MCP session: each session gets its own scratch schema name and query history.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface Workspace {
  schema: string;
  history: string[];
  tables: Map<string, string[]>;
}

const workspaces = new Map<string, Workspace>();
let created = 0;

/** The caller's workspace, created on first use. */
export function getOrCreateWorkspace(extra: Extra): Workspace {
  const id = extra.sessionId ?? 'stdio';
  let ws = workspaces.get(id);
  if (!ws) {
    created += 1;
    ws = { schema: `scratch_${created}`, history: [], tables: new Map() };
    workspaces.set(id, ws);
  }
  return ws;
}
