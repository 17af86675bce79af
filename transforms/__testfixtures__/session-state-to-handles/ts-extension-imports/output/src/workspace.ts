/**
 * A SQL sandbox per MCP session: each session gets its own scratch schema name and query history.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { createHandleRegistry } from './mcp-handles.ts';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface Workspace {
  schema: string;
  history: string[];
  tables: Map<string, string[]>;
}

const workspaces = new Map<string, Workspace>();

/** workspace_id handles (mcp-migrate): minted by create_workspace, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
export const workspaceHandles = createHandleRegistry({
  prefix: 'workspace',
  argument: 'workspace_id',
  mintTool: 'create_workspace',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => workspaces.delete(id),
});

let created = 0;

/** The caller's workspace, created on first use. */
export function getOrCreateWorkspace(workspace_id: string): Workspace {
  const id = workspace_id;
  let ws = workspaces.get(id);
  if (!ws) {
    created += 1;
    ws = { schema: `scratch_${created}`, history: [], tables: new Map() };
    workspaces.set(id, ws);
  }
  return ws;
}
