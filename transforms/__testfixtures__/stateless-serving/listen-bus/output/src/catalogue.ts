/**
 * A catalogue reloaded from a file watcher (application code, not a request): the change is published
 * through the project's change-event bus (server-push-markers' generated mcp-server-events module).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { publishServerEvent } from './mcp-server-events.js';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'catalogue', version: '1.0.0' }, { capabilities: { resources: { subscribe: true } } });
  server.registerResource('items', 'catalogue://items', { mimeType: 'application/json' }, async (uri) => ({ contents: [{ uri: uri.href, text: '[]' }] }));
  return server;
}

export function catalogueReloaded(server: McpServer): Promise<void> {
  return publishServerEvent(server, { kind: 'resource_updated', uri: 'catalogue://items' });
}
