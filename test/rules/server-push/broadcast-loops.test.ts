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
