#!/usr/bin/env node
/**
 * A stdio server built inside the function that starts it (executeautomation/mcp-playwright's `runServer`):
 * its construction moves into a factory declared in that function, a closure over the function's locals.
 */
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

interface ToolDefinition {
  name: string;
  description: string;
}

function createToolDefinitions(): ToolDefinition[] {
  return [{ name: 'navigate', description: 'Open a page.' }];
}

function setupRequestHandlers(server: Server, tools: ToolDefinition[]): void {
  server.setRequestHandler('tools/list', async () => ({
    tools: tools.map((t) => ({ ...t, inputSchema: { type: 'object' as const } })),
  }));
}

async function runServer(): Promise<void> {
  const serverInfo = { name: 'playwright-mcp', version: '1.0.11' };

  function createServer() {
    const server = new Server(
      { name: serverInfo.name, version: serverInfo.version },
      { capabilities: { tools: {} } },
    );

    // Setup request handlers
    setupRequestHandlers(server, TOOLS);
    return server;
  }

  // Log server startup
  console.error(`starting ${serverInfo.name}`);

  // Create tool definitions
  const TOOLS = createToolDefinitions();

  process.on('SIGTERM', () => process.exit(0));

  serveStdio(createServer);

  console.error(`ready with ${TOOLS.length} tools`);
}

runServer().catch(() => {
  process.exit(1);
});
