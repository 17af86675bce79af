/**
 * everything's simulated updates (modelcontextprotocol/servers PR 4551's resources/subscriptions.ts), in
 * JavaScript: a timer started by a tool pushes notifications/resources/updated for every URI the client
 * subscribed to, through the server the tool ran on.
 */
import { McpServer } from '@modelcontextprotocol/server';

/** @type {Set<string>} */
export const subscribed = new Set();

/** @type {NodeJS.Timeout | undefined} */
let timer;

/** @param {McpServer} server */
async function sendUpdates(server) {
  for (const uri of subscribed) {
    // Each subscribed URI, as its own notification.
    await server.server.notification({
      method: 'notifications/resources/updated',
      params: { uri },
    });
  }
}

/** @param {McpServer} server */
export function beginUpdates(server) {
  if (timer) return;
  timer = setInterval(() => sendUpdates(server), 5000);
}

/** @param {McpServer} server */
export function announceCatalogue(server) {
  server.sendResourceListChanged();
}
