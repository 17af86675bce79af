import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import * as mcpServer from './server.js';

import type { ServerBackendFactory } from './server.js';

export async function start(serverBackendFactory: ServerBackendFactory) {
  await startStdioTransport(serverBackendFactory);
}

async function startStdioTransport(serverBackendFactory: ServerBackendFactory) {
  await mcpServer.connect(serverBackendFactory, new StdioServerTransport(), false);
}
