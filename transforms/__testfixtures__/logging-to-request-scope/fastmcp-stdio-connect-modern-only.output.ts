/**
 * (modern-only) A FastMCP server served on stdio that logs to its client when a client connects (claude-task-master's
 * `server.on('connect', …)` shape). No request carries that log, but stdio keeps a 2025-era client's
 * connection open, so while those clients are served (the default) the send still reaches them: it is
 * kept, with a marker saying so, as for an SDK stdio transport. Turning it into a stderr line would take
 * it away from the clients that still get it. With `--modern-only` no 2025-era client is served any more: the send becomes a stderr line, the log channel of a stdio server, with nothing left to do.
 */
import { FastMCP } from 'fastmcp';
import { z } from 'zod';

const server = new FastMCP({ name: 'tasks', version: '1.0.0' });

server.addTool({
  name: 'next_task',
  description: 'The next task to work on',
  parameters: z.object({ project: z.string() }),
  execute: async (args) => `next task of ${args.project}`,
});

server.on('connect', (event) => {
  console.error(JSON.stringify({ level: 'info', data: { message: 'MCP server connected' } }));
});

await server.start({ transportType: 'stdio' });
