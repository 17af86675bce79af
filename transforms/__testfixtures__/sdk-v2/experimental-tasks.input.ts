// A v1 server built with the experimental tasks layer (everything's shape): a task store and a
// message queue passed to McpServer, the `tasks` capability they back, and the store's cleanup
// when the session ends. SDK v2 has no tasks layer: all of it goes, the rest of the server stays.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskMessageQueue, InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';

export function createServer(): { server: McpServer; cleanup: () => void } {
  // Task store and message queue for task-augmented tool calls
  const taskStore = new InMemoryTaskStore();
  const taskMessageQueue = new InMemoryTaskMessageQueue();

  // Refreshes the report index
  const ticker = setInterval(() => console.error('tick'), 60_000);

  const server = new McpServer(
    { name: 'reports', version: '1.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
      },
      instructions: 'Builds reports.',
      taskStore,
      taskMessageQueue,
    },
  );

  return {
    server,
    cleanup: () => {
      clearInterval(ticker);
      // Clean up task store timers
      taskStore.cleanup();
    },
  };
}
