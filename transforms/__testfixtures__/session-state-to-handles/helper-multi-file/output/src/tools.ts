/**
 * The sandbox's tools. Every one of them works on the caller's workspace.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { getOrCreateWorkspace, workspaceHandles } from './workspace.js';

const ok = (text: string) => ({ content: [{ type: 'text' as const, text }] });

export function registerSandboxTools(server: McpServer): void {
  server.registerTool(
    'create_table',
    { description: 'Create a table in the sandbox.', inputSchema: { name: z.string(), columns: z.array(z.string()).min(1), workspace_id: z.string().max(32).regex(/^workspace_[A-Za-z0-9_-]{22}$/, 'Not a workspace_id: call create_workspace to get one.').describe('The workspace_id returned by create_workspace.') } },
    async ({ name, columns, workspace_id }, extra) => {
      const workspaceDenied = workspaceHandles.check(workspace_id, extra);
      if (workspaceDenied) return workspaceDenied;
      const ws = getOrCreateWorkspace(workspace_id);
      ws.tables.set(name, columns);
      ws.history.push(`CREATE TABLE ${ws.schema}.${name}`);
      return ok(`Created ${ws.schema}.${name}(${columns.join(', ')}).`);
    },
  );

  server.registerTool('list_tables', { description: 'List the sandbox tables.', inputSchema: { workspace_id: z.string().max(32).regex(/^workspace_[A-Za-z0-9_-]{22}$/, 'Not a workspace_id: call create_workspace to get one.').describe('The workspace_id returned by create_workspace.') } }, async ({ workspace_id }, extra) => {
    const workspaceDenied = workspaceHandles.check(workspace_id, extra);
    if (workspaceDenied) return workspaceDenied;
    const ws = getOrCreateWorkspace(workspace_id);
    return ok([...ws.tables.keys()].join('\n') || 'No tables.');
  });

  server.registerTool(
    'drop_table',
    { description: 'Drop a sandbox table.', inputSchema: { name: z.string(), workspace_id: z.string().max(32).regex(/^workspace_[A-Za-z0-9_-]{22}$/, 'Not a workspace_id: call create_workspace to get one.').describe('The workspace_id returned by create_workspace.') } },
    async ({ name, workspace_id }, extra) => {
      const workspaceDenied = workspaceHandles.check(workspace_id, extra);
      if (workspaceDenied) return workspaceDenied;
      const ws = getOrCreateWorkspace(workspace_id);
      if (!ws.tables.delete(name)) return { ...ok(`No table ${name}.`), isError: true };
      ws.history.push(`DROP TABLE ${ws.schema}.${name}`);
      return ok(`Dropped ${name}.`);
    },
  );

  server.registerTool(
    'query_history',
    {
      description: 'Show the statements run in this sandbox.',
      inputSchema: {
        workspace_id: z
          .string()
          .max(32)
          .regex(/^workspace_[A-Za-z0-9_-]{22}$/, 'Not a workspace_id: call create_workspace to get one.')
          .describe('The workspace_id returned by create_workspace.'),
      },
    },
    async ({ workspace_id }, extra) => {
      const workspaceDenied = workspaceHandles.check(workspace_id, extra);
      if (workspaceDenied) return workspaceDenied;
      return ok(getOrCreateWorkspace(workspace_id).history.join('\n') || 'Nothing yet.');
    },
  );

  server.registerTool(
    'create_workspace',
    {
      description:
        'Create a new workspace and return its workspace_id. Pass the workspace_id to create_table, list_tables, drop_table and query_history. A workspace_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_workspace again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same workspace_id instead of creating a second workspace, for as long as that workspace_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const workspace_id = workspaceHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `workspace_id: ${workspace_id}` }], structuredContent: { workspace_id } };
    },
  );
}
