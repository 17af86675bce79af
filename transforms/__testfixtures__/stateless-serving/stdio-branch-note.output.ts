/**
 * ivo-toby/contentful-mcp's shape: a module-level server served on stdio in the `else` branch of an HTTP mode, the
 * branch opening with a note about the mode above the transport. The server becomes a factory and the transport
 * goes; the note stays (a comment naming the transport, "// Connect to the server" above the connect, as before).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function createServer() {
  const server = new McpServer({ name: 'content', version: '1.15.0' });
  return server;
}

async function startHttp(): Promise<void> {
  console.error('HTTP mode is served elsewhere');
}

async function runServer(): Promise<void> {
  if (process.env.ENABLE_HTTP_SERVER === 'true') {
    await startHttp();
  } else {
    // Traditional stdio mode

    // Connect to the server
    serveStdio(createServer);

    console.error('Content MCP Server running on stdio');
  }
}

runServer().catch((error) => {
  console.error('Fatal error running server:', error);
  process.exit(1);
});
