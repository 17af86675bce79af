import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/server-push/tool-toggle.js';

ruleTester(rule, {
  valid: [
    {
      name: 'registrations at start-up, and a project function named setTimeout',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
function setTimeout(run: () => void) { run(); }
export function buildServer(): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  server.registerResource('readme', 'doc://readme', {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'hi' }] }));
  setTimeout(() => server.registerPrompt('p', { description: 'd' }, async () => ({ messages: [] })));
  return server;
}`,
    },
    {
      name: 'feature flags and collections with the same method names',
      code: `import { flags } from './flags.js';
const tags = new Set<string>();
flags.enable('beta');
flags.disable('beta');
tags.delete('x');
export const cleanup = () => [1, 2].map((n) => n).remove?.();`,
    },
    {
      name: 'everything registered unconditionally',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('publish', { description: 'Publish' }, async () => ({ content: [] }));
server.registerPrompt('draft', { description: 'Draft' }, async () => ({ messages: [] }));`,
    },
    {
      name: 'a registry that is not an SDK server',
      code: `import { ToolRegistry } from './registry.js';
const registry = new ToolRegistry();
const tool = registry.registerTool('x', {}, () => null);
tool.disable();
tool.update({ description: 'y' });`,
    },
    {
      name: 'client-side code (client package)',
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const client = new Client({ name: 'c', version: '1' });
const handle = (client as any).tool('x');
handle.enable();`,
    },
  ],
  invalid: [
    {
      name: 'a tool refreshed by a helper a file watcher runs: fs.watch, a chokidar chain and a chokidar watcher in a variable (sweep 28 AB8: not a per-connection toggle)',
      code: `import * as fs from 'node:fs';
import chokidar from 'chokidar';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
function refresh(tool: RegisteredTool): void {
  tool.update({ description: fs.readdirSync('.').join(', ') });
}
export function buildServer(): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  const a = server.registerTool('a', { description: 'A' }, async () => ({ content: [] }));
  const b = server.registerTool('b', { description: 'B' }, async () => ({ content: [] }));
  const c = server.registerTool('c', { description: 'C' }, async () => ({ content: [] }));
  fs.watch('.', () => refresh(a));
  chokidar.watch('.').on('add', () => undefined).on('change', () => b.update({ description: 'B2' }));
  const watcher = chokidar.watch('skills');
  watcher.on('all', () => c.disable());
  return server;
}`,
      errors: [
        { messageId: 'registeredOnTimer', line: 5, data: { method: 'update', timer: 'fs.watch' } },
        { messageId: 'registeredOnTimer', line: 13, data: { method: 'update', timer: 'chokidar.watch' } },
        { messageId: 'registeredOnTimer', line: 15, data: { method: 'disable', timer: 'chokidar.watch' } },
      ],
    },
    {
      name: 'a for-await loop over fs/promises watch, and a watcher listener handed through a debounce wrapper (review 39 R6)',
      code: `import { watch } from 'node:fs/promises';
import * as fs from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
declare function debounce(fn: () => void, ms: number): () => void;
async function main(): Promise<void> {
  const server = new McpServer({ name: 'x', version: '1' });
  const a = server.registerTool('a', { description: 'A' }, async () => ({ content: [] }));
  const b = server.registerTool('b', { description: 'B' }, async () => ({ content: [] }));
  const watcher = fs.watch('.');
  watcher.on('change', debounce(() => b.update({ description: 'B2' }), 200));
  for await (const _event of watch('.')) {
    a.update({ description: 'A2' });
  }
}
void main();`,
      errors: [
        { messageId: 'registeredOnTimer', line: 10, data: { method: 'update', timer: 'fs.watch' } },
        { messageId: 'registeredOnTimer', line: 12, data: { method: 'update', timer: 'fs/promises.watch' } },
      ],
    },
    {
      name: 'a timer started per connection (in the handshake hook) is no server-wide timer: its toggle is one connection\'s (review 39 R5)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function createServer(): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  const trial = server.registerTool('trial', { description: 'Trial' }, async () => ({ content: [] }));
  server.server.oninitialized = () => {
    setTimeout(() => {
      trial.disable();
    }, 600_000);
  };
  return server;
}`,
      errors: [{ messageId: 'toggle', line: 7, data: { method: 'disable' } }],
    },
    {
      name: 'a timer started in the handler of the initialized notification is per connection too (review 39b S5)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InitializedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
export function createServer(): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  const trial = server.registerTool('trial', { description: 'Trial' }, async () => ({ content: [] }));
  server.server.setNotificationHandler(InitializedNotificationSchema, async () => {
    setTimeout(() => {
      trial.disable();
    }, 600_000);
  });
  return server;
}`,
      errors: [{ messageId: 'toggle', line: 8, data: { method: 'disable' } }],
    },
    {
      name: 'a project function named watch, and a listener on an emitter that is no watcher, are no file watcher (the toggle stays one)',
      code: `import { EventEmitter } from 'node:events';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
function watch(_dir: string, run: () => void) { run(); }
const server = new McpServer({ name: 'x', version: '1' });
const tool = server.registerTool('a', { description: 'A' }, async () => ({ content: [] }));
const bus = new EventEmitter();
watch('.', () => tool.disable());
bus.on('login', () => tool.enable());`,
      errors: [
        { messageId: 'toggle', line: 7, data: { method: 'disable' } },
        { messageId: 'toggle', line: 8, data: { method: 'enable' } },
      ],
    },
    {
      name: 'a tool registering tools through a registrar object, on a server typed by a project interface extending McpServer (nulab/backlog-mcp-server, sweep 26 Z5/Z7)',
      code: {
        'src/wrap.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export interface AppServer extends McpServer { enabled?: Set<string> }`,
        'src/registrar.ts': `import { z } from 'zod';
import type { AppServer } from './wrap.js';
export function createRegistrar(server: AppServer) {
  return {
    enableToolset(name: string): string {
      server.registerTool(name + '_search', { inputSchema: { q: z.string() } }, async ({ q }) => ({ content: [{ type: 'text', text: q }] }));
      return name;
    },
  };
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createRegistrar } from './registrar.js';
import type { AppServer } from './wrap.js';
export function createServer(): AppServer {
  const server: AppServer = new McpServer({ name: 'toolsets', version: '1.0.0' });
  const registrar = createRegistrar(server);
  server.registerTool('enable_toolset', { inputSchema: { toolset: z.string() } }, async ({ toolset }) => ({ content: [{ type: 'text', text: registrar.enableToolset(toolset) }] }));
  return server;
}`,
      },
      errors: [{ messageId: 'registeredInCall', line: 6, file: 'src/registrar.ts' }],
    },
    {
      name: 'resources registered from a timer, through a helper (setInterval) and directly (setTimeout)',
      code: `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function buildServer(): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  const addFeed = (name: string) => {
    server.registerResource(name, \`feed://\${name}\`, {}, async (uri) => ({ contents: [{ uri: uri.href, text: name }] }));
  };
  addFeed('front-page');
  const timer = setInterval(() => addFeed(randomUUID()), 5000);
  setTimeout(() => {
    server.registerPrompt('late', { description: 'added later' }, async () => ({ messages: [] }));
  }, 1000);
  server.server.onclose = () => clearInterval(timer);
  return server;
}`,
      errors: [
        { messageId: 'registeredOnTimer', line: 6, data: { method: 'registerResource', timer: 'setInterval' } },
        { messageId: 'registeredOnTimer', line: 11, data: { method: 'registerPrompt', timer: 'setTimeout' } },
      ],
    },
    {
      name: 'resources removed by a poll that keeps them in step with outside data (a toggle run from a timer, sweep 18 R4)',
      code: `import { McpServer, type RegisteredResource } from '@modelcontextprotocol/sdk/server/mcp.js';
declare function recentBuilds(): Promise<string[]>;
const shown = new Map<string, RegisteredResource>();
async function sync(server: McpServer): Promise<void> {
  const ids = new Set(await recentBuilds());
  for (const [id, resource] of shown) {
    if (!ids.has(id)) resource.remove();
  }
}
export function buildServer(): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  shown.set('b1', server.registerResource('b1', 'ci://b1', {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'b1' }] })));
  setInterval(() => void sync(server), 60_000);
  return server;
}`,
      errors: [{ messageId: 'registeredOnTimer', line: 7, data: { method: 'remove', timer: 'setInterval' } }],
    },
    {
      name: 'a tool configured from the client\'s roots by a helper the oninitialized hook runs (sweep 19 S6: no call toggles it)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
declare function readConfig(root: string): { url: string } | undefined;
const server = new McpServer({ name: 'x', version: '1' });
const query = server.registerTool('query', { description: 'Query' }, async () => ({ isError: true, content: [{ type: 'text', text: 'not configured' }] }));
async function loadConfigFromRoots(): Promise<void> {
  const { roots } = await server.server.listRoots();
  const config = readConfig(roots[0]!.uri);
  if (config) query.update({ callback: async () => ({ content: [{ type: 'text', text: config.url }] }) });
}
server.server.oninitialized = () => {
  void loadConfigFromRoots();
};`,
      errors: [{ messageId: 'onHandshake', line: 8, data: { method: 'update', hook: 'oninitialized' } }],
    },
    {
      name: 'update() in a callback the hook hands on, in a hook assigned by name, and in a function a timer is handed by name (review 34 X11, X12)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
const query = server.registerTool('query', { description: 'Query' }, async () => ({ content: [] }));
const other = server.registerTool('other', { description: 'Other' }, async () => ({ content: [] }));
const clock = server.registerTool('clock', { description: 'Clock' }, async () => ({ content: [] }));
server.server.oninitialized = () => {
  void server.server.listRoots().then(({ roots }) => {
    query.update({ description: \`Query in \${roots[0]?.uri}\` });
  });
};
function onInitialized(): void {
  other.update({ description: 'Other, configured' });
}
server.server.oninitialized = onInitialized;
function refresh(): void {
  clock.update({ description: new Date().toISOString() });
}
setInterval(refresh, 60_000);`,
      errors: [
        { messageId: 'onHandshake', line: 8, data: { method: 'update', hook: 'oninitialized' } },
        { messageId: 'onHandshake', line: 12, data: { method: 'update', hook: 'oninitialized' } },
        { messageId: 'registeredOnTimer', line: 16, data: { method: 'update', timer: 'setInterval' } },
      ],
    },
    {
      name: 'a resource registered by a helper that a tool handler calls (the list grows as a side effect of the call)',
      code: {
        'src/exports.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function publishExport(server: McpServer, name: string, text: string): string {
  const uri = \`export://\${name}\`;
  server.registerResource(name, uri, { mimeType: 'text/csv' }, async () => ({ contents: [{ uri, text }] }));
  return uri;
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { publishExport } from './exports.js';
export function buildServer(): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  server.registerResource('readme', 'doc://readme', {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'hi' }] }));
  server.registerTool('export_rows', { inputSchema: { name: z.string() } }, async ({ name }) => {
    const uri = publishExport(server, name, 'a,b\\n1,2');
    return { content: [{ type: 'resource_link', uri, name }] };
  });
  return server;
}`,
      },
      errors: [{ messageId: 'registeredInCall', line: 4, file: 'src/exports.ts' }],
    },
    {
      name: 'a server handed through an instrumentation wrapper (Sentry.wrapMcpServerWithSentry), in plain JavaScript and in a class field',
      code: {
        'src/server.js': `import * as Sentry from '@sentry/node';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function createServer() {
  const server = Sentry.wrapMcpServerWithSentry(new McpServer({ name: 'x', version: '1' }));
  server.tool('add', async () => {
    server.tool('added', async () => ({ content: [] }));
    return { content: [] };
  });
  return server;
}`,
        'src/agent.ts': `import { wrapMcpServerWithSentry } from '@sentry/cloudflare';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class Agent {
  server = wrapMcpServerWithSentry(new McpServer({ name: 'y', version: '1' }));
  init() {
    const beta = this.server.registerTool('beta', {}, async () => ({ content: [] }));
    beta.disable();
  }
}`,
      },
      errors: [
        { messageId: 'toggle', line: 7, file: 'src/agent.ts' },
        { messageId: 'registeredInCall', line: 6, file: 'src/server.js' },
      ],
    },
    {
      name: 'a wrapped server returned by a factory, handed to a registering helper, nested in a second wrapper, or exported to another module',
      code: {
        'src/make.ts': `import * as Sentry from '@sentry/node';
import { instrument } from 'otel-mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function makeServer() {
  return Sentry.wrapMcpServerWithSentry(new McpServer({ name: 'a', version: '1' }));
}
export const shared = instrument(Sentry.wrapMcpServerWithSentry(new McpServer({ name: 'b', version: '1' })));`,
        'src/tools.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function registerTools(server: McpServer) {
  server.registerTool('add', {}, async () => {
    server.registerTool('added', {}, async () => ({ content: [] }));
    return { content: [] };
  });
}`,
        'src/main.ts': `import { makeServer, shared } from './make.js';
import { registerTools } from './tools.js';
const server = makeServer();
registerTools(server);
shared.registerTool('more', {}, async () => {
  shared.registerTool('late', {}, async () => ({ content: [] }));
  return { content: [] };
});`,
      },
      errors: [
        { messageId: 'registeredInCall', line: 6, file: 'src/main.ts' },
        { messageId: 'registeredInCall', line: 4, file: 'src/tools.ts' },
      ],
    },
    {
      name: 'v1 registerTool handle disabled, then enabled from oninitialized',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
const publish = server.registerTool('publish', { description: 'Publish' }, async () => ({ content: [] }));
publish.disable();
server.server.oninitialized = () => {
  if (server.server.getClientCapabilities()?.elicitation) publish.enable();
};`,
      errors: [
        { messageId: 'toggle', line: 4 },
        { messageId: 'toggle', line: 6 },
      ],
    },
    {
      name: 'v2 prompt removed in a chain and a resource updated',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server
  .registerPrompt('old', { description: 'Old' }, async () => ({ messages: [] }))
  .remove();
const res = server.registerResource('cfg', 'config://app', {}, async () => ({ contents: [] }));
res.update({ metadata: { description: 'changed' } });`,
      errors: [
        { messageId: 'toggle', line: 5 },
        { messageId: 'toggle', line: 7 },
      ],
    },
    {
      name: 'class field assigned in the constructor from this.server.tool()',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class App {
  private server = new McpServer({ name: 'x', version: '1' });
  private adminTool;
  constructor() {
    this.adminTool = this.server.tool('admin', async () => ({ content: [] }));
  }
  login() {
    this.adminTool.enable();
  }
}`,
      errors: [{ messageId: 'toggle', line: 9 }],
    },
    {
      name: 'handle exported from one module and toggled in another',
      code: {
        'src/tools.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer({ name: 'x', version: '1' });
export const publishTool = server.registerTool('publish', { description: 'd' }, async () => ({ content: [] }));`,
        'src/index.ts': `import { publishTool } from './tools.js';
export function gate(canElicit: boolean) {
  if (canElicit) publishTool.enable();
  else publishTool.disable();
}`,
      },
      errors: [
        { messageId: 'toggle', line: 3, file: 'src/index.ts' },
        { messageId: 'toggle', line: 4, file: 'src/index.ts' },
      ],
    },
    {
      name: 'CommonJS namespace require',
      filename: 'src/server.cjs',
      code: `const mcp = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new mcp.McpServer({ name: 'x', version: '1' });
const beta = server.tool('beta', async () => ({ content: [] }));
module.exports.toggle = (on) => (on ? beta.enable() : beta.disable());`,
      errors: [
        { messageId: 'toggle', line: 4 },
        { messageId: 'toggle', line: 4 },
      ],
    },
    {
      name: 'aliased McpServer through an export * barrel',
      code: {
        'src/vendor/index.ts': "export * from '@modelcontextprotocol/server';",
        'src/server.ts': `import { McpServer as Mcp } from './vendor/index.js';
const server = new Mcp({ name: 'x', version: '1' });
const t = server.registerTool('t', { description: 'd' }, async () => ({ content: [] }));
t.update({ description: 'new' });`,
      },
      errors: [{ messageId: 'toggle', line: 4, file: 'src/server.ts' }],
    },
  ],
});
