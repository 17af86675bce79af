#!/usr/bin/env node
/**
 * A stdio server built inside the function that starts it (executeautomation/mcp-playwright's `runServer`):
 * its construction moves into a factory declared in that function, a closure over the function's locals.
 */
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

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

  const server = new Server(
    { name: serverInfo.name, version: serverInfo.version },
    { capabilities: { tools: {} } },
  );

  // Log server startup
  console.error(`starting ${serverInfo.name}`);

  // Create tool definitions
  const TOOLS = createToolDefinitions();

  // Setup request handlers
  setupRequestHandlers(server, TOOLS);

  process.on('SIGTERM', () => process.exit(0));

  // Create transport and connect
  const transport = new StdioServerTransport();
  await server.connect(transport);

  console.error(`ready with ${TOOLS.length} tools`);
}

runServer().catch(() => {
  process.exit(1);
});
