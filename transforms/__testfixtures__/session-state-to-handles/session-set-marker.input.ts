/**
 * A set of session ids filled by a tool and read by a timer that pushes to those sessions (the shape of the
 * everything server's toggle tools): membership per connection, not state a tool reads back → one marker.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** Sessions that asked for heartbeat log messages. */
const heartbeatSessions = new Set<string | undefined>();

export function createHeartbeatServer(): McpServer {
  const server = new McpServer({ name: 'heartbeat', version: '1.0.0' });

  server.registerTool('toggle_heartbeat', { description: 'Turn heartbeat log messages on or off for this connection.' }, async (extra) => {
    const sessionId = extra.sessionId;
    if (heartbeatSessions.has(sessionId)) heartbeatSessions.delete(sessionId);
    else heartbeatSessions.add(sessionId);
    return { content: [{ type: 'text', text: heartbeatSessions.has(sessionId) ? 'heartbeat on' : 'heartbeat off' }] };
  });

  setInterval(() => {
    for (const sessionId of heartbeatSessions) {
      void server.server.sendLoggingMessage({ level: 'info', data: 'heartbeat' }, sessionId);
    }
  }, 10_000).unref();

  return server;
}
