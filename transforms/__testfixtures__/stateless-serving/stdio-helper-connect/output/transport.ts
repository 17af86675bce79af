import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as mcpServer from './server.js';

import type { ServerBackendFactory } from './server.js';

export async function start(serverBackendFactory: ServerBackendFactory) {
  await startStdioTransport(serverBackendFactory);
}

async function startStdioTransport(serverBackendFactory: ServerBackendFactory) {
  serveStdio(() => {
    const backend = serverBackendFactory();
    return mcpServer.createServer(backend, false);
  });
}
