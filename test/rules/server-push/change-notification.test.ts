import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/server-push/change-notification.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a loop over methods of which none is a change notification',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
export async function cancelAll() {
  for (const method of ['notifications/cancelled'] as const) await server.notification({ method, params: { requestId: 1 } });
}`,
    },
    {
      name: 'a project method of the same name that does not forward to an SDK server',
      code: `import { EventEmitter } from 'node:events';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class Catalog extends EventEmitter {
  readonly mcp = new McpServer({ name: 'x', version: '1' });
  sendResourceListChanged(): void { this.emit('changed'); }
}
export const touch = (c: Catalog) => c.sendResourceListChanged();`,
    },
    {
      name: 'handler.notify.* on a createMcpHandler handler',
      code: `import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
const handler = createMcpHandler(() => new McpServer({ name: 'x', version: '1' }));
export function publish(uri: string) {
  handler.notify.resourceUpdated(uri);
  handler.notify.toolListChanged();
}`,
    },
    {
      name: 'same method names on a non-SDK notifier',
      code: `import { notifier } from './notifier.js';
notifier.sendToolListChanged();
notifier.sendResourceUpdated({ uri: 'file:///x' });`,
    },
    {
      name: 'progress notifications and a client roots list_changed (client package)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const server = new McpServer({ name: 'x', version: '1' });
const client = new Client({ name: 'c', version: '1' });
server.tool('p', async (extra) => {
  await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
  await client.sendRootsListChanged();
  return { content: [] };
});`,
    },
    {
      name: "a test's assertion expects a list change (the message is expected, not sent)",
      code: `import { expect, it, vi } from 'vitest';
import assert from 'node:assert';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
it('announces new tools', () => {
  const server = { notification: vi.fn() } as unknown as Server;
  expect(server.notification).toHaveBeenCalledWith({ method: 'notifications/tools/list_changed', params: {} });
  expect(server.notification).not.toHaveBeenLastCalledWith({ method: 'notifications/prompts/list_changed' });
  expect.soft(server.notification).toHaveBeenNthCalledWith(1, { method: 'notifications/resources/list_changed' });
  assert.deepEqual(vi.mocked(server.notification).mock.calls[0], [{ method: 'notifications/tools/list_changed' }]);
});`,
    },
    {
      name: 'mutating a registered tool is tool-toggle, not change-notification',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
const admin = server.tool('admin', async () => ({ content: [] }));
admin.disable();`,
    },
  ],
  invalid: [
    {
      name: 'a sending helper handed the method: the call naming it is the site (sweep 39 AM1; it was not followed before)',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
async function send(method: string) {
  await server.notification({ method });
}
export async function changed() {
  await send('notifications/tools/list_changed');
}`,
      errors: [{ messageId: 'raw', line: 7 }],
    },
    {
      name: 'the server typed by a project interface that extends McpServer (nulab/backlog-mcp-server BacklogMCPServer, sweep 26 Z5)',
      code: {
        'src/wrap.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export interface AppServer extends McpServer { enabled?: Set<string> }`,
        'src/registrar.ts': `import type { AppServer } from './wrap.js';
export async function refresh(server: AppServer): Promise<void> {
  await server.server.sendToolListChanged();
}`,
      },
      errors: [{ messageId: 'call', line: 3, file: 'src/registrar.ts' }],
    },
    {
      name: 'raw list_changed broadcast over a spelled-out method list (shorthand `{ method }` from a for-of loop)',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
interface Inbound { server: Server; sessionId: string }
export class Gateway {
  private readonly inbound = new Map<string, Inbound>();
  async backendListsChanged(): Promise<void> {
    const methods = [
      'notifications/tools/list_changed',
      'notifications/resources/list_changed',
      'notifications/prompts/list_changed',
    ] as const;
    for (const conn of this.inbound.values()) {
      if (!conn.server.transport) continue;
      for (const method of methods) {
        await conn.server.notification({ method, params: {} });
      }
    }
  }
}`,
      errors: [{ messageId: 'raw', line: 14 }],
    },
    {
      // The message variable is found by the symbol lookup; an argument naming no message variable skips it
      // (sdk-features `findRawSdkMessage`), which must not skip one that reaches a message under another name.
      name: 'a message declared in another module, imported under another name, and a local message variable',
      code: {
        'src/messages.ts': `export const TOOLS_CHANGED = { method: 'notifications/tools/list_changed' } as const;`,
        'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { TOOLS_CHANGED as changed } from './messages.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: { listChanged: true } } });
export async function announce(): Promise<void> {
  await server.notification(changed);
  const prompts = { method: 'notifications/prompts/list_changed' };
  await server.notification(prompts);
}`,
      },
      errors: [
        { messageId: 'raw', line: 1, file: 'src/messages.ts' },
        { messageId: 'raw', line: 6, file: 'src/server.ts' },
      ],
    },
    {
      name: 'plain JS: a loop variable over an inline list keyed as `method:`',
      filename: 'src/hub.js',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'hub', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
export async function refreshAll() {
  for (const kind of ['notifications/tools/list_changed', 'notifications/prompts/list_changed']) {
    await server.notification({ method: kind });
  }
}`,
      errors: [{ messageId: 'raw', line: 5 }],
    },
    {
      name: "through the project's wrapper class: its callers (typed with the class, or a type parameter instantiated with it) count too",
      code: {
        'src/app.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class AppServer {
  readonly mcp = new McpServer({ name: 'x', version: '1' });
  readonly mcpServer: McpServer = this.mcp;
  sendResourceListChanged(): void {
    this.mcpServer.sendResourceListChanged();
  }
}`,
        'src/watch.ts': `import type { AppServer } from './app.js';
export function onExport(app: AppServer): void {
  app.sendResourceListChanged();
}
export abstract class LiveResource<TServer extends { sendResourceListChanged(): void }> {
  protected server?: TServer;
  attach(server: TServer): void { this.server = server; }
  changed(): void { this.server?.sendResourceListChanged(); }
}
export class FilesResource extends LiveResource<AppServer> {}`,
      },
      errors: [
        { messageId: 'call', line: 6, file: 'src/app.ts' },
        { messageId: 'call', line: 3, file: 'src/watch.ts' },
        { messageId: 'call', line: 8, file: 'src/watch.ts' },
      ],
    },
    {
      name: 'v2 McpServer list-changed senders',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('watch', { description: 'd' }, async () => {
  server.sendResourceListChanged();
  server.sendToolListChanged();
  server.sendPromptListChanged();
  return { content: [] };
});`,
      errors: [
        { messageId: 'call', line: 4 },
        { messageId: 'call', line: 5 },
        { messageId: 'call', line: 6 },
      ],
    },
    {
      name: 'v1 server.server.sendResourceUpdated from a poller, through a typed record of servers',
      code: `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const servers: Record<string, McpServer> = {};
export async function notify(sid: string, uri: string) {
  await servers[sid]?.server
    .sendResourceUpdated({ uri });
}`,
      errors: [{ messageId: 'call', line: 5 }],
    },
    {
      name: 'raw notifications through server.server.notification and extra.sendNotification',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('touch', async (extra) => {
  await server.server.notification({ method: 'notifications/tools/list_changed' });
  await extra.sendNotification({ method: 'notifications/resources/updated', params: { uri: 'file:///a' } });
  return { content: [] };
});`,
      errors: [
        { messageId: 'raw', line: 4 },
        { messageId: 'raw', line: 5 },
      ],
    },
    {
      name: 'v2 ctx.mcpReq.notify with a prompts list_changed',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('reload', { description: 'd' }, async (ctx) => {
  await ctx.mcpReq.notify({
    method: 'notifications/prompts/list_changed',
  });
  return { content: [] };
});`,
      errors: [{ messageId: 'raw', line: 5 }],
    },
    {
      name: 'CommonJS destructured require with a renamed binding',
      filename: 'src/server.cjs',
      code: `const { McpServer: Mcp } = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new Mcp({ name: 'x', version: '1' });
module.exports.changed = () => server.sendToolListChanged();`,
      errors: [{ messageId: 'call', line: 3 }],
    },
    {
      name: 'class field server through a project re-export module',
      code: {
        'src/sdk.ts': "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'src/hub.ts': `import { McpServer } from './sdk.js';
export class Hub {
  private readonly server = new McpServer({ name: 'x', version: '1' });
  publish(uri: string) {
    return this.server.server.sendResourceUpdated({ uri });
  }
}`,
      },
      errors: [{ messageId: 'call', line: 5, file: 'src/hub.ts' }],
    },
  ],
});

ruleTester(rule, {
  valid: [
    {
      name: 'a migrated stdio server publishes through the instance under serveStdio (the documented 2026-07-28 path)',
      code: `import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
serveStdio(() => {
  const server = new McpServer({ name: 'watch', version: '1.0.0' });
  setInterval(() => void server.server.sendResourceUpdated({ uri: 'watch://1' }), 60_000);
  return server;
});`,
    },
  ],
  invalid: [
    {
      name: 'the same instance call behind createMcpHandler has no stream to write to',
      code: `import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
const build = () => {
  const server = new McpServer({ name: 'watch', version: '1.0.0' });
  setInterval(() => void server.server.sendResourceUpdated({ uri: 'watch://1' }), 60_000);
  return server;
};
export const handler = createMcpHandler(build);
serveStdio(build);`,
      errors: [{ messageId: 'call', line: 5 }],
    },
  ],
});

// A function that publishes on the project's bus and sends through the server (server-push-markers'
// generated publishServerEvent, PR 4551's notifier): the bus reaches createMcpHandler's listen streams,
// the send serveStdio's; the send is the publish path, not a finding. The bus must be the SDK's class.
ruleTester(rule, {
  valid: [
    {
      name: 'the instance send of a bus forwarder (publish on a module-level InMemoryServerEventBus, then the server)',
      code: `import { InMemoryServerEventBus, McpServer, createMcpHandler } from '@modelcontextprotocol/server';
export const serverEvents = new InMemoryServerEventBus();
export async function resourceUpdated(server: McpServer, uri: string): Promise<void> {
  serverEvents.publish({ kind: 'resource_updated', uri });
  if (server.isConnected()) await server.server.sendResourceUpdated({ uri });
}
export const handler = createMcpHandler(() => new McpServer({ name: 'x', version: '1' }), { bus: serverEvents });`,
    },
  ],
  invalid: [
    {
      name: 'a send beside a publish on a bus that is not the SDK class',
      code: `import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
class Bus { publish(_event: unknown): void {} }
export const serverEvents = new Bus();
export async function resourceUpdated(server: McpServer, uri: string): Promise<void> {
  serverEvents.publish({ kind: 'resource_updated', uri });
  await server.server.sendResourceUpdated({ uri });
}
export const handler = createMcpHandler(() => new McpServer({ name: 'x', version: '1' }));`,
      errors: [{ messageId: 'call', line: 6 }],
    },
    {
      name: 'a send in another function than the publish',
      code: `import { InMemoryServerEventBus, McpServer, createMcpHandler } from '@modelcontextprotocol/server';
export const serverEvents = new InMemoryServerEventBus();
export function publish(uri: string): void {
  serverEvents.publish({ kind: 'resource_updated', uri });
}
export async function resourceUpdated(server: McpServer, uri: string): Promise<void> {
  await server.server.sendResourceUpdated({ uri });
}
export const handler = createMcpHandler(() => new McpServer({ name: 'x', version: '1' }), { bus: serverEvents });`,
      errors: [{ messageId: 'call', line: 7 }],
    },
  ],
});
