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
  // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
  const server = new McpServer({ name: 'gateway', version: '1.0.0' }, { capabilities: { logging: {} } });
  connections.set(id, { server, opened: Date.now() });
  return server;
}

export function notifyAll(message: string): void {
  console.error(JSON.stringify({ level: 'error', data: message }));
}

export function notifyEach(message: string): void {
  console.error(JSON.stringify({ level: 'warning', data: message }));
}

export function notifyWithAge(message: string): void {
  for (const [id, { server, opened }] of connections) {
    // @mcp-migrate-todo(deprecated-feature/logging): sendLoggingMessage once per connection of a loop (`for (const [id, { server, opened }] of connections) {`): no client takes a log message outside a request on 2026-07-28, so the loop has no one to send to. Write the event once, outside the loop, to stderr or OpenTelemetry (the message reads what the loop iterates), then remove the send.
    void server.server.sendLoggingMessage({ level: 'info', data: { id, message, age: Date.now() - opened } });
  }
}

let sent = 0;
export function notifyCounting(message: string): void {
  for (const { server } of connections.values()) {
    // @mcp-migrate-todo(deprecated-feature/logging): sendLoggingMessage once per connection of a loop (`for (const { server } of connections.values()) {`): no client takes a log message outside a request on 2026-07-28, so the loop has no one to send to. Write the event once, outside the loop, to stderr or OpenTelemetry (the loop does other work too), then remove the send.
    void server.server.sendLoggingMessage({ level: 'info', data: message });
    sent++;
  }
}

export function notifyByKey(message: string): void {
  for (const id of connections.keys()) {
    // @mcp-migrate-todo(deprecated-feature/logging): sendLoggingMessage inside a loop (`for (const id of connections.keys()) {`), outside any request: no client takes a log message outside a request on 2026-07-28. If the loop sends one event to each connection, write the event once, outside the loop, to stderr or OpenTelemetry, then remove the send; a line per iteration would repeat it per connection and vanish when none is connected.
    void connections.get(id)!.server.server.sendLoggingMessage({ level: 'notice', data: message });
  }
}
