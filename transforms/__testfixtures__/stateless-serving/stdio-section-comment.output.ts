/**
 * dynatrace-oss/dynatrace-mcp's shape: a note about the stdio section sits above the server the section builds.
 * The server's construction goes (serveStdio builds one per connection); the note stays. The transport's own
 * comment goes with it.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function buildServer(): McpServer {
  return new McpServer({ name: 'observability', version: '1.0.0' });
}

export async function main(): Promise<void> {
  // Default stdio mode: the HTTP mode above returns before this point

  console.error('Connecting server to transport...');
  serveStdio(buildServer);
}
