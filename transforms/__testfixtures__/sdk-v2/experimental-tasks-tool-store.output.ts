// A stdio server on SDK 1.x's experimental tasks (j0hanz/cortex-mcp's shape, sweep 26 Z1): a module-level task store
// given to McpServer, and a task tool whose handlers take the store the SDK hands them (`{ taskStore }`, `{ taskStore: store }`:
// names of their own). The store goes with its option and the `tasks` capability; the task tool is commented out under its marker.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const server = new McpServer(
  { name: 'cortex', version: '1.0.0' },
  { capabilities: { tools: {} } },
);

// @mcp-migrate-todo(deprecated-feature/experimental-tasks): server.experimental.tasks.registerToolTask: SDK v2 has no tasks layer (SEP-2663 moved tasks to the Extensions Track) and its McpServer has no `experimental`, so this statement would throw when the server is built. It is commented out, and the server no longer offers this task tool: rewrite it as a registerTool whose handler does the work (progress through ctx.mcpReq.notify, questions to the user through inputRequired), or serve it through the Tasks extension.
// server.experimental.tasks.registerToolTask(
//   'slow',
//   { description: 'Slow work', inputSchema: { n: z.number() } },
//   {
//     async createTask(_args, { taskStore }) {
//       const task = await taskStore.createTask({ ttl: 60000 });
//       return { task };
//     },
//     async getTask(_args, { taskId, taskStore: store }) {
//       return await store.getTask(taskId);
//     },
//     async getTaskResult(_args, { taskId, taskStore }) {
//       return (await taskStore.getTaskResult(taskId)) as never;
//     },
//   },
// );
