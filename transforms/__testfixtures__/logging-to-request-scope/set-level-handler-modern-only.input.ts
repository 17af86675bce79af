/**
 * A stdio server that declares the logging capability, answers logging/setLevel with a no-op (so that clients
 * setting a level do not get "method not found"), and logs through a small wrapper. With --modern-only the one send
 * goes to stderr, and the setLevel handler, which only 2025-era clients call, goes: then nothing needs the capability,
 * and its `registerCapabilities` call goes too (sweep 18 R3 marked both; set-level-named-handler-modern-only still does).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

function loggerFor(server: McpServer) {
  return {
    info: (message: string) => {
      void server.server.sendLoggingMessage({ level: 'info', logger: 'workspace', data: message });
    },
  };
}

const server = new McpServer({ name: 'workspace', version: '1.0.0' });
server.server.registerCapabilities({ logging: {} });
server.server.setRequestHandler('logging/setLevel', () => ({}));
const log = loggerFor(server);

server.registerTool('refresh', { description: 'Re-read the workspace.' }, async () => {
  log.info('workspace refreshed');
  return { content: [{ type: 'text', text: 'refreshed' }] };
});

await server.connect(new StdioServerTransport());
