// A v1 server built with the experimental tasks layer (everything's shape): a task store and a
// message queue passed to McpServer, the `tasks` capability they back, and the store's cleanup
// when the session ends. SDK v2 has no tasks layer: all of it goes, the rest of the server stays.
import { McpServer } from '@modelcontextprotocol/server';

export function createServer(): { server: McpServer; cleanup: () => void } {
  // Refreshes the report index
  const ticker = setInterval(() => console.error('tick'), 60_000);

  const server = new McpServer(
    { name: 'reports', version: '1.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
      },
      instructions: 'Builds reports.',
    },
  );

  return {
    server,
    cleanup: () => {
      clearInterval(ticker);
    },
  };
}
