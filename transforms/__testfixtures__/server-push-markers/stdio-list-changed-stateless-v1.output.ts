/**
 * A stdio-only server on SDK 1.x that tells its client when the resource list changes (a watched folder). With
 * `--target stateless-v1` it stays on SDK 1.x, and its stdio connection still carries the notification: the marker
 * says so, with the stdio form for SDK v2, not the HTTP handler's `handler.notify` (sweep 22 V4).
 */
import { watch } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new Server({ name: 'folder', version: '1.0.0' }, { capabilities: { resources: { listChanged: true } } });

watch('./notes', () => {
  // @mcp-migrate-todo(server-push/change-notification): unsolicited notification on a stdio connection of SDK 1.x: it still reaches the 2025-era client connected there, so it stays while the server is on SDK 1.x. Once it moves to SDK v2 and serves with serveStdio, keep the send on the server it builds (server.server.sendToolListChanged()/sendResourceListChanged()/sendPromptListChanged()/sendResourceUpdated(…)), which reaches the subscriptions/listen stream of 2026-07-28 clients, and never change a list as a side effect of a call.
  void server.notification({ method: 'notifications/resources/list_changed' });
});

await server.connect(new StdioServerTransport());
