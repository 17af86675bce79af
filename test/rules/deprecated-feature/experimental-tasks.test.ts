import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/deprecated-feature/experimental-tasks.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a server without the tasks layer; a project object with its own experimental.tasks',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('think', { inputSchema: { query: z.string() } }, async ({ query }) => ({ content: [{ type: 'text', text: query }] }));
const planner = { experimental: { tasks: { registerToolTask: (name: string) => name } } };
planner.experimental.tasks.registerToolTask('plan');`,
    },
    {
      name: 'a taskStore option of something that is not an SDK server',
      code: `import { Queue } from './queue.js';
const store = new Map<string, unknown>();
export const queue = new Queue('jobs', { taskStore: store });`,
    },
    {
      name: 'a client built with a task store (client packages are not servers)',
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
export const client = new Client({ name: 'c', version: '1' }, { taskStore: new InMemoryTaskStore() });`,
    },
  ],
  invalid: [
    {
      name: 'a task tool registered on the server, the store given inline (sweep 26 Z1, j0hanz/cortex-mcp)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' }, { capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } }, taskStore: new InMemoryTaskStore() });
server.experimental.tasks.registerToolTask(
  'think',
  { inputSchema: { query: z.string() }, execution: { taskSupport: 'optional' } },
  {
    async createTask({ query }, extra) {
      const task = await extra.taskStore.createTask({ ttl: 60_000 });
      void extra.taskStore.storeTaskResult(task.taskId, 'completed', { content: [{ type: 'text', text: query }] });
      return { task };
    },
    getTask(_args, extra) { return extra.taskStore.getTask(extra.taskId); },
    getTaskResult(_args, extra) { return extra.taskStore.getTaskResult(extra.taskId) as never; },
  },
);`,
      errors: [
        { messageId: 'option', line: 4 },
        { messageId: 'registration', line: 5 },
      ],
    },
    {
      name: 'the store and queue through an options variable (shorthand), the registration in a helper given the server',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskMessageQueue, InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
const taskStore = new InMemoryTaskStore();
const taskMessageQueue = new InMemoryTaskMessageQueue();
const options = { capabilities: { tools: {} }, taskStore, taskMessageQueue };
export const server = new McpServer({ name: 'x', version: '1' }, options);
export function registerResearch(mcp: McpServer): void {
  mcp.experimental.tasks.registerToolTask('research', { description: 'Research' }, {
    async createTask(_args, extra) { return { task: await extra.taskStore.createTask({ ttl: 1000 }) }; },
    getTask(_args, extra) { return extra.taskStore.getTask(extra.taskId); },
    getTaskResult(_args, extra) { return extra.taskStore.getTaskResult(extra.taskId) as never; },
  });
}`,
      errors: [
        { messageId: 'option', line: 5 },
        { messageId: 'option', line: 5 },
        { messageId: 'registration', line: 8 },
      ],
    },
  ],
});
