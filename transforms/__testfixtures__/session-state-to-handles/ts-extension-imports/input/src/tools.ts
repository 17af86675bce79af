/**
 * The sandbox's tools. Every one of them works on the caller's workspace. Its imports are written with the source
 * extension (`./workspace.ts`), as a project run by `node --strip-types` writes them: the generated module and the
 * registry are imported the same way, never as `./mcp-handles.js`, which Node would not find (sweep 38 AL1).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { getOrCreateWorkspace } from './workspace.ts';

const ok = (text: string) => ({ content: [{ type: 'text' as const, text }] });

export function registerSandboxTools(server: McpServer): void {
  server.registerTool(
    'create_table',
    { description: 'Create a table in the sandbox.', inputSchema: { name: z.string(), columns: z.array(z.string()).min(1) } },
    async ({ name, columns }, extra) => {
      const ws = getOrCreateWorkspace(extra);
      ws.tables.set(name, columns);
      ws.history.push(`CREATE TABLE ${ws.schema}.${name}`);
      return ok(`Created ${ws.schema}.${name}(${columns.join(', ')}).`);
    },
  );

  server.registerTool('list_tables', { description: 'List the sandbox tables.' }, async (extra) => {
    const ws = getOrCreateWorkspace(extra);
    return ok([...ws.tables.keys()].join('\n') || 'No tables.');
  });

  server.registerTool(
    'drop_table',
    { description: 'Drop a sandbox table.', inputSchema: { name: z.string() } },
    async ({ name }, extra) => {
      const ws = getOrCreateWorkspace(extra);
      if (!ws.tables.delete(name)) return { ...ok(`No table ${name}.`), isError: true };
      ws.history.push(`DROP TABLE ${ws.schema}.${name}`);
      return ok(`Dropped ${name}.`);
    },
  );

  server.registerTool('query_history', { description: 'Show the statements run in this sandbox.' }, async (extra) =>
    ok(getOrCreateWorkspace(extra).history.join('\n') || 'Nothing yet.'),
  );
}
