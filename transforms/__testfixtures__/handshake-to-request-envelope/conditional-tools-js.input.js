// @ts-check
/**
 * Registration in oninitialized (SDK v2, JavaScript). In the first factory it registers a gated tool
 * and nothing else: the gate goes and the hook with it. In the second the registration names its tool
 * after the client, read outside any request: that needs the handshake, so it stays in the hook, marked.
 */
import { McpServer } from '@modelcontextprotocol/server';

/** @param {McpServer} server */
function registerRootsTool(server) {
  const capabilities = server.server.getClientCapabilities() ?? {};
  if (capabilities.roots) {
    server.registerTool('list-roots', { description: 'List the client roots.' }, async () => ({ content: [{ type: 'text', text: 'roots' }] }));
  }
}

/** @param {McpServer} server */
function registerClientTool(server) {
  const client = server.server.getClientVersion()?.name ?? 'client';
  server.registerTool(`${client}-status`, { description: 'Status for this client.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
}

export function createServer() {
  const server = new McpServer({ name: 'roots', version: '1.0.0' });
  server.server.oninitialized = () => {
    registerRootsTool(server);
  };
  return server;
}

export function createPinnedServer() {
  const server = new McpServer({ name: 'pinned', version: '1.0.0' });
  server.server.oninitialized = () => {
    registerClientTool(server);
  };
  return server;
}
