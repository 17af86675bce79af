/**
 * A logging/setLevel handler registered as the body of a brace-less `if`, and a log sender handed on right below an
 * inline one (review 38 R8, R1): with --modern-only the inline handler goes and the marker of the line below it stays;
 * the guarded one is marked, not removed (removed, the `if` would take the next statement as its body).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const server = new McpServer({ name: 'watch', version: '1.0.0' }, { capabilities: { logging: {} } });
server.server.setRequestHandler('logging/setLevel', () => ({}));
const send = server.server.sendLoggingMessage.bind(server.server);
if (process.env.MCP_LOGGING) server.server.setRequestHandler('logging/setLevel', () => ({}));
server.registerTool('ping', { description: 'Ping.' }, async () => {
  await send({ level: 'info', data: 'pinged' });
  return { content: [{ type: 'text', text: 'pong' }] };
});

await server.connect(new StdioServerTransport());
