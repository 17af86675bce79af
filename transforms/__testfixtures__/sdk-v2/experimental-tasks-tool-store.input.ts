// A stdio server on SDK 1.x's experimental tasks (j0hanz/cortex-mcp's shape, sweep 26 Z1): a module-level task store
// given to McpServer, and a task tool whose handlers take the store the SDK hands them (`{ taskStore }`, `{ taskStore: store }`:
// names of their own). The store goes with its option and the `tasks` capability; the task tool is commented out under its marker.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import { z } from 'zod';

const taskStore = new InMemoryTaskStore();
export const server = new McpServer(
  { name: 'cortex', version: '1.0.0' },
  { capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } }, taskStore },
);

server.experimental.tasks.registerToolTask(
  'slow',
  { description: 'Slow work', inputSchema: { n: z.number() } },
  {
    async createTask(_args, { taskStore }) {
      const task = await taskStore.createTask({ ttl: 60000 });
      return { task };
    },
    async getTask(_args, { taskId, taskStore: store }) {
      return await store.getTask(taskId);
    },
    async getTaskResult(_args, { taskId, taskStore }) {
      return (await taskStore.getTaskResult(taskId)) as never;
    },
  },
);
