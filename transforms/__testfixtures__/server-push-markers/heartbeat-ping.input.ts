import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** Closes the server when the client stops answering pings. */
export function startHeartbeat(server: McpServer, everyMs = 3000): void {
  const beat = () => {
    Promise.race([
      server.server.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('ping timeout')), 5000)),
    ])
      .then(() => setTimeout(beat, everyMs))
      .catch(() => void server.close());
  };
  beat();
}
