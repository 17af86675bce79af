/**
 * List-changed and resource-updated events for clients listening on `subscriptions/listen`
 * (MCP 2026-07-28). Written by mcp-migrate.
 *
 * - HTTP: createMcpHandler serves its listen streams from `serverEvents` (its `bus` option). The
 *   per-request server a change went through has no stream left once it has answered. Several
 *   processes behind a load balancer: replace the in-memory bus with a ServerEventBus over your pub/sub.
 * - stdio: serveStdio delivers the connection's own server's notifications to its listen streams (and to
 *   a 2025-era client as before), so the event is also sent through that server while it is connected.
 */
import { InMemoryServerEventBus, McpServer } from '@modelcontextprotocol/server';
import type { Server, ServerEvent } from '@modelcontextprotocol/server';

export const serverEvents = new InMemoryServerEventBus();

export async function publishServerEvent(server: McpServer | Server, event: ServerEvent): Promise<void> {
  serverEvents.publish(event);
  const instance = server instanceof McpServer ? server.server : server;
  if (!instance.transport) return;
  switch (event.kind) {
    case 'tools_list_changed':
      return instance.sendToolListChanged();
    case 'prompts_list_changed':
      return instance.sendPromptListChanged();
    case 'resources_list_changed':
      return instance.sendResourceListChanged();
    case 'resource_updated':
      return instance.sendResourceUpdated({ uri: event.uri });
  }
}
