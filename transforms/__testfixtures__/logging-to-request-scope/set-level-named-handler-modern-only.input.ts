/**
 * A logging/setLevel handler declared as a named function and registered by name: removing the registration would
 * leave the function unused, so with --modern-only it is marked, not removed, and the capability, which then stays only
 * for it once the one send went to stderr, is marked to go with it (sweep 18 R3).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });
server.server.registerCapabilities({ logging: {} });

function acceptLevel() {
  return {};
}
server.server.setRequestHandler('logging/setLevel', acceptLevel);

setInterval(() => {
  void server.server.sendLoggingMessage({ level: 'debug', logger: 'workspace', data: 'still watching' });
}, 60_000);

await server.connect(new StdioServerTransport());
