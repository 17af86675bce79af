/** Values assigned after their declaration (`let transport; … transport = new …`), the SDK's own JS idiom. */
import { ruleTester } from '../../support/rule-tester.js';
import registry from '../../../src/rules/session-transport/transport-registry.js';
import oninitialized from '../../../src/rules/handshake/oninitialized.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const live = {};
export async function handle(req, res) {
  const sid = req.headers['mcp-session-id'];
  let transport;
  let server;
  if (sid && live[sid]) {
    transport = live[sid];
  } else {
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID(), onsessioninitialized: (id) => { live[id] = transport; } });
    server = new McpServer({ name: 'x', version: '1' });
    server.server.oninitialized = () => console.log(server.server.getClientVersion());
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
}`;

ruleTester(registry, {
  valid: [
    {
      name: 'a let that is later assigned something else is not a transport',
      filename: 'src/server.js',
      code: `const live = {};
export function handle(req) {
  let value;
  value = req.body;
  live[req.headers['mcp-session-id']] = value;
}`,
    },
  ],
  invalid: [{ name: 'untyped object registry filled from a late-assigned transport', filename: 'src/server.js', code: SERVER, errors: [{ messageId: 'registry', line: 3 }] }],
});

ruleTester(oninitialized, {
  valid: [
    {
      name: 'a late-assigned object that is not an SDK server',
      filename: 'src/server.js',
      code: `import { EventEmitter } from 'node:events';
let hub;
hub = new EventEmitter();
hub.oninitialized = () => {};`,
    },
  ],
  invalid: [{ name: 'oninitialized on a late-assigned server', filename: 'src/server.js', code: SERVER, errors: [{ messageId: 'hook', line: 13 }] }],
});
