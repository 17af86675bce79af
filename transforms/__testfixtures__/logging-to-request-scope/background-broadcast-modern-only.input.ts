/**
 * Background log messages broadcast to every connected client through a registry of per-connection servers
 * (WinstonFassett/web-dev-mcp's `sendNotificationToAll`, sweep 34 AH9). With --modern-only no client takes a log message
 * outside a request: the event becomes one stderr line in place of the loop (not one line per connected client, and
 * none when nobody is connected). A loop that does more than send, or a message that reads what the loop iterates, is
 * marked, and so is a send in any other loop (over keys looked up in the registry: review 42 S42-2).
 */
import { McpServer } from '@modelcontextprotocol/server';

const connections = new Map<string, { server: McpServer; opened: number }>();

export function connect(id: string): McpServer {
  const server = new McpServer({ name: 'gateway', version: '1.0.0' }, { capabilities: { logging: {} } });
  connections.set(id, { server, opened: Date.now() });
  return server;
}

export function notifyAll(message: string): void {
  for (const { server } of connections.values()) {
    server.server.sendLoggingMessage({ level: 'error', data: message }).catch(() => {});
  }
}

export function notifyEach(message: string): void {
  connections.forEach((connection) => {
    void connection.server.server.sendLoggingMessage({ level: 'warning', data: message });
  });
}

export function notifyWithAge(message: string): void {
  for (const [id, { server, opened }] of connections) {
    void server.server.sendLoggingMessage({ level: 'info', data: { id, message, age: Date.now() - opened } });
  }
}

let sent = 0;
export function notifyCounting(message: string): void {
  for (const { server } of connections.values()) {
    void server.server.sendLoggingMessage({ level: 'info', data: message });
    sent++;
  }
}

export function notifyByKey(message: string): void {
  for (const id of connections.keys()) {
    void connections.get(id)!.server.server.sendLoggingMessage({ level: 'notice', data: message });
  }
}
