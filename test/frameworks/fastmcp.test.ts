/** FastMCP adapter (src/frameworks/fastmcp.ts): framework sites under existing rule ids, and what is not one. */
import { describe, expect, it } from 'vitest';
import { findingsOf, scanProject } from './support.js';

describe('FastMCP', () => {
  it('finds per-session features through the session object, events, context and start options', () => {
    const code = `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
const visits = new Map<string, number>();
server.addTool({
  name: 'visit',
  parameters: z.object({}),
  execute: async (_args, { sessionId, log }) => {
    visits.set(sessionId ?? '', (visits.get(sessionId ?? '') ?? 0) + 1);
    log.warn('visited');
    return 'ok';
  },
});
server.on('connect', (event) => {
  void event.session.requestSampling({ messages: [], maxTokens: 5 });
  void event.session.requestElicitation({ message: 'hi', requestedSchema: { type: 'object', properties: {} } });
  console.log(event.session.clientCapabilities);
});
server.start({ transportType: 'httpStream', httpStream: { port: 1, eventStore: undefined } });`;
    expect(findingsOf(code)).toEqual([
      'src/server.ts:4 session-state/keyed-store store',
      'src/server.ts:8 session-state/session-id-read read',
      'src/server.ts:10 deprecated-feature/logging framework',
      'src/server.ts:14 session-transport/session-lifecycle framework',
      'src/server.ts:15 deprecated-feature/sampling framework',
      'src/server.ts:16 server-push/elicitation framework',
      'src/server.ts:17 handshake/client-capabilities framework',
      'src/server.ts:19 session-transport/event-store framework',
      'src/server.ts:19 session-transport/session-id-generator framework',
    ]);
  });

  it('follows a tool object declared first and the context typed in a helper module', () => {
    const files = {
      'src/server.ts': `import { FastMCP, type Tool } from 'fastmcp';
import { remember } from './memory.js';
type Auth = { user: string };
const server = new FastMCP<Auth>({ name: 'x', version: '1.0.0' });
const rememberTool: Tool<Auth> = {
  name: 'remember',
  execute: async (_args, context) => remember(context, 'x'),
};
server.addTools([rememberTool]);
server.start({ transportType: 'stdio' });`,
      'src/memory.ts': `import type { Context } from 'fastmcp';
const notes: Record<string, string> = {};
export function remember(context: Context<{ user: string }>, note: string): string {
  notes[context.sessionId ?? 'local'] = note;
  return context.client.version?.name ?? '';
}`,
    };
    expect(findingsOf(files)).toEqual([
      'src/memory.ts:2 session-state/keyed-store store',
      'src/memory.ts:4 session-state/session-id-read read',
      'src/memory.ts:5 handshake/client-version framework',
    ]);
  });

  it('gives FastMCP advice in the message', () => {
    const { findings } = scanProject(`import { FastMCP, type FastMCPSession } from 'fastmcp';
export const roots = (session: FastMCPSession) => session.roots;`);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message).toMatch(/^FastMCP: `session.roots` .*stateless: true/);
  });

  it('a server that only runs on stdio gets the stdio migration path, not the stateless HTTP mode (foxtrottwist/shortcuts-mcp, sweep 28 AB6); one that also starts over HTTP gets the HTTP one', () => {
    const stdio = scanProject(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.start({ transportType: 'stdio' });
server.on('connect', async (event) => {
  await event.session.requestSampling({ messages: [], maxTokens: 1 });
});`).findings;
    expect(stdio.map((f) => f.message)).toEqual([expect.stringMatching(/The FastMCP path on stdio: .*serveStdio/)]);
    expect(stdio[0]!.message).not.toMatch(/httpStream/);
    const both = scanProject(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.start(process.env.PORT ? { transportType: 'httpStream', httpStream: { port: 8080 } } : { transportType: 'stdio' });
server.on('connect', async (event) => {
  await event.session.requestSampling({ messages: [], maxTokens: 1 });
});`).findings;
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((f) => /stateless: true/.test(f.message) && !/on stdio:/.test(f.message))).toBe(true);
  });

  it('a stateless server: no session-id-generator, and authenticate runs per request', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0', authenticate: async () => ({ id: '1' }) });
server.start({ transportType: 'httpStream', httpStream: { port: 8080, stateless: true } });`),
    ).toEqual([]);
  });

  it('word matches that are not FastMCP are not findings', () => {
    expect(
      findingsOf(`class FastMCP { sessions: string[] = []; on(_e: string, _f: () => void) {} start(_o: object) {} }
const server = new FastMCP();
const session = { roots: [], requestSampling: () => 1, sessionId: 'a' };
const store = new Map<string, number>();
store.set(session.sessionId, session.requestSampling());
server.on('connect', () => server.sessions.length);
server.start({ httpStream: { port: 1 } });
console.log(session.roots);`),
    ).toEqual([]);
  });

  it('authenticate is per-session state in a sessionful server', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({
  name: 'x',
  version: '1.0.0',
  authenticate: async () => ({ id: '1' }),
});
server.start({ transportType: 'stdio' });`),
    ).toEqual(['src/server.ts:5 session-state/keyed-store framework']);
  });

  it('the legacy SSE transport of FastMCP 1–2', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.start({ transportType: 'sse', sse: { endpoint: '/sse', port: 8080 } } as never);`),
    ).toEqual(['src/server.ts:3 session-transport/sse-transport framework']);
  });

  it('a session handed through untyped JS helpers in another module', () => {
    const files = {
      'src/sampling.js': `export async function buildRequest(session, prompt) {
  return session.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 10 });
}
export async function stats(session) {
  if (session.clientCapabilities?.sampling) return buildRequest(session, 'stats');
  return undefined;
}`,
      'src/server.js': `import { FastMCP } from 'fastmcp';
import { stats } from './sampling.js';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.on('connect', async ({ session }) => { await stats(session); });`,
    };
    expect(findingsOf(files)).toEqual([
      'src/sampling.js:2 deprecated-feature/sampling framework',
      'src/sampling.js:5 handshake/client-capabilities framework',
      'src/server.js:4 session-transport/session-lifecycle framework',
    ]);
  });

  it('a guard and the read it guards on one line are one site, reported once', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.on('connect', ({ session }) => {
  if (!session.clientCapabilities || !session.clientCapabilities.sampling) return;
  console.error('sampling available');
});`),
    ).toEqual(['src/server.ts:3 session-transport/session-lifecycle framework', 'src/server.ts:4 handshake/client-capabilities framework']);
  });

  it('a tool object declared with the Tool type in a module of its own', () => {
    const files = {
      'src/tools/search.ts': `import type { Tool } from 'fastmcp';
const lastSearch = new Map<string, string>();
export const searchTool = {
  name: 'search',
  execute: async (args: { q: string }, context) => {
    lastSearch.set(context.sessionId ?? '', args.q);
    return 'ok';
  },
} satisfies Tool<undefined, never>;
export const plainTool = { name: 'plain', execute: async (_a: unknown, context: { sessionId?: string }) => context.sessionId ?? '' };`,
      'src/server.ts': `import { FastMCP } from 'fastmcp';
import { searchTool } from './tools/search.js';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.addTool(searchTool as never);
server.start({ transportType: 'stdio' });`,
    };
    expect(findingsOf(files)).toEqual(['src/tools/search.ts:2 session-state/keyed-store store', 'src/tools/search.ts:6 session-state/session-id-read read']);
  });

  it('start options chosen at run time: each branch counts', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
const http = process.env.TRANSPORT === 'http';
const options = http
  ? { transportType: 'httpStream' as const, httpStream: { port: 8080 } }
  : { transportType: 'stdio' as const };
server.start(options);
server.start(http ? { transportType: 'httpStream', httpStream: { port: 1, stateless: true } } : { transportType: 'stdio' });`),
    ).toEqual(['src/server.ts:5 session-transport/session-id-generator framework']);
  });

  it('sessions reached by iterating server.sessions', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
export async function broadcast(text: string) {
  for (const session of server.sessions) {
    await session.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 5 });
  }
  server.sessions.forEach((s) => console.log(s.roots.length));
}`),
    ).toEqual([
      'src/server.ts:4 session-state/per-session-server framework',
      'src/server.ts:5 deprecated-feature/sampling framework',
      'src/server.ts:7 deprecated-feature/roots framework',
      'src/server.ts:7 session-state/per-session-server framework',
    ]);
  });

  it('a session taken from server.sessions by index; an index into a project array is not a session', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
const others = [{ requestSampling: async (_: unknown) => 1 }];
export async function ask(text: string) {
  const session = server.sessions[0];
  await session?.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 5 });
  await others[0]!.requestSampling(text);
}`),
    ).toEqual([
      'src/server.ts:5 session-state/per-session-server framework',
      'src/server.ts:6 deprecated-feature/sampling framework',
    ]);
  });

  it('connect hooks of a stdio-only server are start-up code; what they send is still found', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.start({ transportType: 'stdio' });
server.on('connect', async (event) => {
  const session = event.session;
  await session.requestSampling({ messages: [], maxTokens: 1 });
});`),
    ).toEqual(['src/server.ts:6 deprecated-feature/sampling framework']);
  });
  it('explicit ping and roots options: the automatic server→client pings and roots/list; `enabled: false` turns them off', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({
  name: 'workspace',
  version: '2.0.0',
  ping: { intervalMs: 20_000, logLevel: 'warning' },
  roots: {},
});
const quiet = new FastMCP({
  name: 'workspace-quiet',
  version: '2.0.0',
  ping: { enabled: false },
  roots: { enabled: false },
});
server.start({ transportType: 'httpStream', httpStream: { port: 8080 } });
quiet.start({ transportType: 'stdio' });`),
    ).toEqual([
      'src/server.ts:5 server-push/ping framework',
      'src/server.ts:6 deprecated-feature/roots framework',
      'src/server.ts:14 session-transport/session-id-generator framework',
    ]);
  });

  it('ping and roots left out are the defaults of the sessionful transport, named in its message; a stateless server keeps neither', () => {
    const { findings } = scanProject(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.start({ transportType: 'httpStream', httpStream: { port: 8080 } });`);
    expect(findings.map((f) => f.rule.meta.id)).toEqual(['session-transport/session-id-generator']);
    expect(findings[0]!.message).toMatch(/pings the client every 5 s/);
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0', ping: { intervalMs: 10_000 }, roots: { enabled: true } });
server.start({ transportType: 'httpStream', httpStream: { port: 8080, stateless: true } });`),
    ).toEqual([]);
  });

  it('ping and roots options held in a const', () => {
    expect(
      findingsOf(`import { FastMCP } from 'fastmcp';
const options = { name: 'x', version: '1.0.0' as const, ping: { enabled: true }, roots: { enabled: true } };
export const server = new FastMCP(options);`),
    ).toEqual(['src/server.ts:2 deprecated-feature/roots framework', 'src/server.ts:2 server-push/ping framework']);
  });
  it('a session kept in a provider object and handed on in options objects and constructor arguments (plain JS)', () => {
    const files = {
      'src/server.js': `import { FastMCP } from 'fastmcp';
import { SamplingProvider } from './provider.js';
export const provider = new SamplingProvider();
const server = new FastMCP({ name: 'notes', version: '1.0.0' });
server.on('connect', ({ session }) => {
  provider.attach(session);
});
server.start({ transportType: 'stdio' });`,
      'src/provider.js': `import { createModel } from './model.js';
export class SamplingProvider {
  constructor() {
    this.session = null;
  }
  attach(session) {
    this.session = session;
  }
  model(settings) {
    return createModel({ session: this.session, temperature: settings.temperature });
  }
}`,
      'src/model.js': `class SessionModel {
  constructor({ session, temperature }) {
    this.session = session;
    this.temperature = temperature;
  }
  async complete(prompt) {
    const reply = await this.session.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 300 });
    return reply.content.text;
  }
}
class OptionsModel {
  constructor(options) {
    this.options = options;
    this.client = options.session;
  }
  supportsSampling() {
    return Boolean(this.client?.clientCapabilities?.sampling);
  }
}
export function createModel(options = {}) {
  return options.temperature === 0 ? new OptionsModel(options) : new SessionModel({ session: options.session, temperature: options.temperature });
}`,
    };
    expect(findingsOf(files)).toEqual([
      'src/model.js:7 deprecated-feature/sampling framework',
      'src/model.js:17 handshake/client-capabilities framework',
      'src/server.js:6 session-state/per-session-server framework',
    ]);
  });

  it('a session kept in a field straight from the connect event or a setter; copies between project fields are not kept again', () => {
    expect(
      findingsOf(`import { FastMCP, type FastMCPSession } from 'fastmcp';
class Relay {
  current?: FastMCPSession;
  last?: FastMCPSession;
  constructor(readonly first: FastMCPSession) {}
  use(session: FastMCPSession) {
    this.current = session;
  }
  rotate() {
    this.last = this.current;
  }
}
const server = new FastMCP({ name: 'x', version: '1.0.0' });
let relay: Relay | undefined;
const registry: Record<string, FastMCPSession> = {};
server.on('connect', (event) => {
  relay ??= new Relay(event.session);
  relay.use(event.session);
  registry.latest = event.session;
});
server.start({ transportType: 'stdio' });`),
    ).toEqual([
      'src/server.ts:17 session-state/per-session-server framework',
      'src/server.ts:18 session-state/per-session-server framework',
      'src/server.ts:19 session-state/per-session-server framework',
    ]);
  });

  it('the same shapes carrying something that is not a FastMCP session are not findings', () => {
    const files = {
      'src/server.ts': `import { FastMCP } from 'fastmcp';
import { Cache } from './cache.js';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
const browser = { session: { roots: ['/'], requestSampling: async (_: unknown) => 'x', clientCapabilities: {} } };
const cache = new Cache({ session: browser.session });
server.addTool({
  name: 'warm',
  execute: async (_args, context) => {
    const c = new Cache({ session: context.session });
    return String(cache.hasRoots()) + String(c.hasRoots());
  },
});
server.start({ transportType: 'stdio' });`,
      'src/cache.ts': `export class Cache {
  private session: any;
  constructor(options: any) {
    this.session = options.session;
  }
  hasRoots(): boolean {
    return !!this.session?.roots?.length && !!this.session.clientCapabilities;
  }
}`,
    };
    expect(findingsOf(files)).toEqual([]);
  });
});
