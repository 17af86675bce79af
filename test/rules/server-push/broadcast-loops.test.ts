/**
 * Servers reached through the collections that hold them: the broadcast loop over all sessions
 * is where change notifications and pings are usually sent from.
 */
import { ruleTester } from '../../support/rule-tester.js';
import changeNotification from '../../../src/rules/server-push/change-notification.js';

const SDK = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';";

ruleTester(changeNotification, {
  valid: [
    {
      name: 'a loop over a Map of non-SDK objects with the same method name',
      code: `const peers = new Map<string, { server: { server: { sendToolListChanged(): void } } }>();
for (const { server } of peers.values()) server.server.sendToolListChanged();`,
    },
  ],
  invalid: [
    {
      name: 'destructured bundle from map.values(), type given on new Map',
      code: `${SDK}
const sessions = new Map<string, { server: McpServer }>();
for (const { server } of sessions.values()) void server.server.sendToolListChanged();`,
      errors: [{ messageId: 'call', line: 3 }],
    },
    {
      name: 'interface elements of an array, of Object.values(record), and a map.get() element',
      code: `${SDK}
interface Bundle { server: McpServer }
declare const list: Bundle[];
declare const byId: Record<string, Bundle>;
declare const live: Map<string, Bundle>;
for (const b of list) void b.server.server.sendToolListChanged();
for (const b of Object.values(byId)) void b.server.server.sendResourceListChanged();
void live.get('x')!.server.server.sendPromptListChanged();`,
      errors: [
        { messageId: 'call', line: 6 },
        { messageId: 'call', line: 7 },
        { messageId: 'call', line: 8 },
      ],
    },
    {
      name: 'an unannotated callback typed by where it is written: the parameter type of the declared function type',
      code: `import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
interface Session { server: Server }
interface Broadcast { send: (session: Session) => Promise<void> }
const BROADCASTS: Record<'tools' | 'prompts', Broadcast> = {
  tools: { send: (s) => s.server.sendToolListChanged() },
  prompts: { send: (s) => s.server.sendPromptListChanged() },
};
export const notifyAll = (sessions: Session[]) => sessions.map((s) => BROADCASTS.tools.send(s));`,
      errors: [
        { messageId: 'call', line: 5 },
        { messageId: 'call', line: 6 },
      ],
    },
    {
      name: 'Map.forEach callbacks and [key, value] entries',
      code: `${SDK}
const servers = new Map<string, McpServer>();
servers.forEach((server) => void server.server.sendToolListChanged());
for (const [, server] of servers) void server.server.sendToolListChanged();
for (const [, server] of servers.entries()) void server.server.sendToolListChanged();`,
      errors: [
        { messageId: 'call', line: 3 },
        { messageId: 'call', line: 4 },
        { messageId: 'call', line: 5 },
      ],
    },
  ],
});

import toolToggle from '../../../src/rules/server-push/tool-toggle.js';
import ping from '../../../src/rules/server-push/ping.js';

ruleTester(toolToggle, {
  valid: [
    {
      name: 'an untyped Map of plain objects with a remove() method',
      code: `const handles = new Map();
handles.set('a', { remove() {} });
handles.get('a').remove();`,
    },
  ],
  invalid: [
    {
      name: 'a registered resource kept in an untyped Map and removed later',
      code: `${SDK}
const server = new McpServer({ name: 's', version: '1' });
const registered = new Map();
export function add(uri) { registered.set(uri, server.registerResource(uri, uri, {}, async () => ({ contents: [] }))); }
export function drop(uri) { registered.get(uri)?.remove(); }`,
      filename: 'src/server.js',
      errors: [{ messageId: 'toggle', line: 5 }],
    },
  ],
});

ruleTester(ping, {
  valid: [
    {
      name: 'an untyped object of database clients',
      code: `const dbs = {};
dbs.main = { ping() {} };
dbs['main'].ping();`,
    },
  ],
  invalid: [
    {
      name: 'servers stored by id in a plain JS object, pinged in a loop',
      filename: 'src/server.js',
      code: `${SDK}
const servers = {};
export function open(id) { servers[id] = new McpServer({ name: 's', version: '1' }); }
export async function keepAlive() { for (const id of Object.keys(servers)) await servers[id].server.ping(); }`,
      errors: [{ messageId: 'call', line: 4 }],
    },
  ],
});
