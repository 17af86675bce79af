import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** Closes the server when the client stops answering pings. */
export function startHeartbeat(server: McpServer, everyMs = 3000): void {
  const beat = () => {
    // @mcp-migrate-todo(server-push/ping): ping was removed in both directions in 2026-07-28 and throws on a 2026-era instance, and this code uses its result (a heartbeat or liveness check): delete the check with it rather than the ping alone. Dead connections show up as closed transports (keep-alives on HTTP, the process ending on stdio).
    Promise.race([
      server.server.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), 5000)),
    ])
      .then(() => setTimeout(beat, everyMs))
      .catch(() => void server.close());
  };
  beat();
}
