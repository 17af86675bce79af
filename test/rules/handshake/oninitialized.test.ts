import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handshake/oninitialized.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a hook that calls module functions, not anything its caller passed',
      code: `import { McpServer } from '@modelcontextprotocol/server';
function warmCaches() {}
export function makeServer(name: string, onClose: () => void): McpServer {
  const server = new McpServer({ name, version: '1' });
  server.server.onclose = onClose;
  return server;
}
export const s = makeServer('x', () => warmCaches());`,
    },
    {
      name: 'computed keys that never name oninitialized',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
for (const event of ['close', 'error'] as const) {
  server.server[\`on\${event}\`] = () => console.error(event);
}`,
    },
    {
      name: 'onclose/onerror hooks on the SDK server',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.server.onclose = () => console.error('closed');
server.server.onerror = (e) => console.error(e);`,
    },
    {
      name: 'an oninitialized hook on a non-SDK object',
      code: `const machine = { oninitialized: undefined as undefined | (() => void) };
machine.oninitialized = () => console.log('ready');`,
    },
    {
      name: 'reading the hook is not an assignment',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
const hook = server.server.oninitialized;
hook?.();`,
    },
    {
      name: 'client-side code (client package)',
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const client = new Client({ name: 'c', version: '1' });
(client as any).oninitialized = () => console.log('connected');`,
    },
    {
      name: 'hook only mentioned in a comment',
      code: `import { McpServer } from '@modelcontextprotocol/server';
// server.server.oninitialized = () => registerPublishTool(server);
export const server = new McpServer({ name: 'x', version: '1' });`,
    },
    {
      name: 'a readiness promise resolved by the server\'s own start-up, not by the handshake',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
let markReady!: () => void;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
const server = new McpServer({ name: 'x', version: '1' });
server.tool('list', async () => {
  await ready;
  return { content: [] };
});
setTimeout(() => markReady(), 10);`,
    },
    {
      name: 'a deferred resolved by the server\'s own start-up, not by the handshake',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
class Deferred { promise: Promise<void>; resolve!: () => void; constructor() { this.promise = new Promise((r) => (this.resolve = r)); } }
const warmedUp = new Deferred();
const server = new McpServer({ name: 'x', version: '1' });
server.tool('list', async () => {
  await warmedUp.promise;
  return { content: [] };
});
void Promise.resolve().then(() => warmedUp.resolve());`,
    },
  ],
  invalid: [
    {
      name: "a helper's option run by the hook it sets: reported at every caller's property (options object, destructured, plain parameter)",
      code: {
        'src/make-server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export interface Options { name: string; onInitialize?: (client: { name: string; version: string }) => Promise<void> }
export function makeServer(options: Options): McpServer {
  const server = new McpServer({ name: options.name, version: '1' });
  server.server.oninitialized = async () => {
    const client = server.server.getClientVersion();
    if (client) await options.onInitialize?.(client);
  };
  return server;
}
export function makeQuietServer({ name, onReady }: { name: string; onReady: () => void }): McpServer {
  const server = new McpServer({ name, version: '1' });
  server.server.oninitialized = () => onReady();
  return server;
}
export function makeServerWith(name: string, ready: () => void): McpServer {
  const server = new McpServer({ name, version: '1' });
  server.server.oninitialized = () => {
    console.error('initialized');
    ready();
  };
  return server;
}`,
        'src/index.ts': `import { makeQuietServer, makeServer, makeServerWith } from './make-server.js';
let userAgent = 'docs-mcp';
export const docs = makeServer({
  name: 'docs',
  async onInitialize(client) {
    userAgent = \`docs-mcp (\${client.name}/\${client.version})\`;
  },
});
export const quiet = makeQuietServer({ name: 'quiet', onReady: () => console.error(userAgent) });
export const plain = makeServerWith('plain', () => console.error('ready'));`,
      },
      errors: [
        { messageId: 'hook', line: 5, file: 'src/make-server.ts' },
        { messageId: 'hook', line: 13, file: 'src/make-server.ts' },
        { messageId: 'hook', line: 18, file: 'src/make-server.ts' },
        { messageId: 'callback', line: 5, file: 'src/index.ts' },
        { messageId: 'callback', line: 9, file: 'src/index.ts' },
        { messageId: 'callback', line: 10, file: 'src/index.ts' },
      ],
    },
    {
      name: 'oninitialized set by an untyped helper whose callers pass the server',
      filename: 'src/server.js',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
function whenReady(target, fn) {
  target.oninitialized = fn;
}
const server = new McpServer({ name: 'x', version: '1' });
whenReady(server.server, () => console.error('ready'));`,
      errors: [{ messageId: 'hook', line: 3, file: 'src/server.js' }],
    },
    {
      name: 'oninitialized through computed keys: a literal, a template over a list of events, a helper',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new McpServer({ name: 'x', version: '1' });
server.server['oninitialized'] = () => console.error('ready');
for (const event of ['initialized', 'close'] as const) {
  server.server[\`on\${event}\`] = () => console.error(event);
}
function hook(target: Server, name: string, fn: () => void) {
  (target as any)[name] = fn;
}
hook(server.server, 'oninitialized', () => {});`,
      errors: [
        { messageId: 'hook', line: 4 },
        { messageId: 'hook', line: 6 },
        { messageId: 'hook', line: 9 },
      ],
    },
    {
      name: 'v2 McpServer: server.server.oninitialized',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.server.oninitialized = () => {
  console.error('ready');
};`,
      errors: [{ messageId: 'hook', line: 3 }],
    },
    {
      name: 'v1 low-level Server (aliased), property name on its own line',
      code: `import { Server as LowLevel } from '@modelcontextprotocol/sdk/server/index.js';
const server = new LowLevel({ name: 'x', version: '1' }, { capabilities: {} });
server
  .oninitialized = async () => {
  await warmUp();
};
async function warmUp() {}`,
      errors: [{ messageId: 'hook', line: 4 }],
    },
    {
      name: 'helper parameter typed McpServer in another file',
      code: {
        'src/hooks.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function onReady(server: McpServer, fn: () => void) {
  server.server.oninitialized = fn;
}`,
        'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { onReady } from './hooks.js';
onReady(new McpServer({ name: 'x', version: '1' }), () => {});`,
      },
      errors: [{ messageId: 'hook', line: 3, file: 'src/hooks.ts' }],
    },
    {
      name: 'class field initialised from a local factory',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
function build() {
  return new McpServer({ name: 'x', version: '1' });
}
export class App {
  private mcp = build();
  start() {
    this.mcp.server.oninitialized = () => this.ready();
  }
  ready() {}
}`,
      errors: [{ messageId: 'hook', line: 8 }],
    },
    {
      name: 'CommonJS helper with a JSDoc-typed low-level Server',
      filename: 'src/server.cjs',
      code: `/** @param {import('@modelcontextprotocol/sdk/server/index.js').Server} server */
function wire(server) {
  server.oninitialized = () => console.error('client ready');
}
module.exports = { wire };`,
      errors: [{ messageId: 'hook', line: 3 }],
    },
    {
      name: 'namespace import of a project re-export module',
      code: {
        'src/sdk.ts': "export * from '@modelcontextprotocol/sdk/server/mcp.js';",
        'src/index.ts': `import * as sdk from './sdk.js';
const server = new sdk.McpServer({ name: 'x', version: '1' });
server.server.oninitialized = () => console.error('hello');`,
      },
      errors: [{ messageId: 'hook', line: 3, file: 'src/index.ts' }],
    },
    {
      name: 'project subclass of McpServer',
      code: `import { McpServer } from '@modelcontextprotocol/server';
class ManagedServer extends McpServer {}
const server = new ManagedServer({ name: 'x', version: '1' });
server.server.oninitialized = () => console.error('managed ready');`,
      errors: [{ messageId: 'hook', line: 4 }],
    },
    {
      name: 'tool calls wait for a promise the oninitialized hook resolves (v1 class, a resolver kept in a field)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class Backend {
  private markInitialized!: () => void;
  private readonly initialized: Promise<void>;
  readonly server = new McpServer({ name: 'x', version: '1' });
  constructor() {
    this.initialized = new Promise((resolve) => {
      this.markInitialized = resolve;
    });
    this.server.server.oninitialized = () => {
      this.markInitialized();
    };
    this.server.tool('list_pages', async () => {
      await this.initialized;
      return { content: [] };
    });
  }
}`,
      errors: [
        { messageId: 'hook', line: 10 },
        { messageId: 'awaited', line: 14 },
      ],
    },
    {
      name: 'the resolver handed to the hook directly (v2)',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
const ready = new Promise<void>((resolve) => {
  server.server.oninitialized = resolve;
});
server.registerTool('list', { description: 'list' }, async () => {
  await ready;
  return { content: [] };
});`,
      errors: [
        { messageId: 'hook', line: 4 },
        { messageId: 'awaited', line: 7 },
      ],
    },
    {
      name: 'a notifications/initialized handler resolves what list requests wait on (plain JS, then)',
      filename: 'src/server.js',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
let resolveReady;
const ready = new Promise((resolve) => {
  resolveReady = resolve;
});
server.setNotificationHandler('notifications/initialized', () => resolveReady());
server.setRequestHandler(ListToolsRequestSchema, () => ready.then(() => ({ tools: [] })));`,
      errors: [{ messageId: 'awaited', line: 9 }],
    },
    {
      name: 'the hook set through a helper with a computed key',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
function addServerListener(server: Server, event: 'close' | 'initialized', listener: () => void) {
  server[\`on\${event}\`] = listener;
}
export function start(server: Server) {
  let onReady!: () => void;
  const initializedPromise = new Promise<void>((resolve) => (onReady = resolve));
  addServerListener(server, 'initialized', () => onReady());
  return async () => {
    await initializedPromise;
    return 'served';
  };
}`,
      errors: [
        { messageId: 'hook', line: 3 },
        { messageId: 'awaited', line: 10 },
      ],
    },
    {
      name: 'a project deferred resolved by a listener that a helper wraps into the hook',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
class Deferred<T> {
  readonly promise: Promise<T>;
  resolve!: (value: T) => void;
  constructor() {
    this.promise = new Promise<T>((resolve) => (this.resolve = resolve));
  }
}
function onServerEvent(server: Server, event: 'close' | 'initialized', listener: () => void) {
  const previous = server[\`on\${event}\`];
  server[\`on\${event}\`] = () => {
    previous?.();
    listener();
  };
}
export function createServer() {
  const handshakeDone = new Deferred<void>();
  const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async () => {
    await handshakeDone.promise;
    return { content: [] };
  });
  onServerEvent(server, 'initialized', () => handshakeDone.resolve());
  return server;
}`,
      errors: [
        { messageId: 'hook', line: 12 },
        { messageId: 'awaited', line: 21 },
      ],
    },
  ],
});
