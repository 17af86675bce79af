// A job-search server (borgius/jobspy-mcp-server's shape, sweep 36 AJ3): the stdio transport is kept in a module-level
// `let`, assigned once in the start-up function and connected right after; nothing else reads it.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod/v4';

function createServer() {
  const server = new McpServer({ name: 'jobspy', version: '1.2.0' });

  server.registerTool(
    'search_jobs',
    { description: 'Search job boards', inputSchema: z.object({ query: z.string(), location: z.string().optional() }) },
    async ({ query, location }) => ({ content: [{ type: 'text', text: `searching ${query} in ${location ?? 'anywhere'}` }] }),
  );
  return server;
}

async function runServer() {
  serveStdio(createServer);
  console.error('Stdio transport connected');
}

runServer().catch((error) => {
  console.error('Fatal error:', error);
  process.exit(1);
});
