/**
 * A tool that logs the session id and also branches on it, comparing it with its own fallback as a sentinel ("no
 * session: this machine"; review 42 S42-3). Not telemetry: with the request id in its place the comparison would never
 * hold and the tool would always answer the other way. Marked at the read, naming the comparison; nothing rewritten.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const logger = { info: (entry: object, message: string) => console.error(message, entry) };

export function createServer(): McpServer {
  const server = new McpServer({ name: 'status', version: '0.2.0' });
  server.registerTool('status', { description: 'Where this server runs' }, async (extra) => {
    const sessionId = extra.sessionId ?? 'local';
    const scope = sessionId === 'local' ? 'this machine' : 'a remote session';
    logger.info({ sessionId }, 'status');
    return { content: [{ type: 'text', text: `ok (${scope})` }] };
  });
  return server;
}
