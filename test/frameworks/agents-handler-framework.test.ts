/** Cloudflare McpAgent, mcp-handler and mcp-framework adapters, and vendored SDK classes. */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scan } from '../../src/scan.js';
import { findingsOf, scanProject } from './support.js';

describe('Cloudflare McpAgent', () => {
  it('the subclass, its session-scoped state and props, and its serve/serveSSE routes', () => {
    const code = `import { McpAgent } from 'agents/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class Counter extends McpAgent<Env, { n: number }, { user: string }> {
  server = new McpServer({ name: 'c', version: '1' });
  async init() {
    this.server.tool('inc', async () => {
      this.setState({ n: this.state.n + 1 });
      return { content: [{ type: 'text', text: this.props?.user ?? '' }] };
    });
  }
}
export default { fetch: (r: Request, e: Env, c: ExecutionContext) => Counter.serve('/mcp').fetch(r, e, c) };
export const sse = Counter.mount('/sse');`;
    expect(findingsOf(code)).toEqual([
      'src/server.ts:3 session-state/per-session-server framework',
      'src/server.ts:7 session-state/keyed-store framework',
      'src/server.ts:8 session-state/keyed-store framework',
      'src/server.ts:12 session-transport/session-id-generator framework',
      'src/server.ts:13 session-transport/sse-transport framework',
    ]);
  });

  it('through a project base class', () => {
    const files = {
      'src/base.ts': `import { McpAgent } from 'agents/mcp';
export abstract class BaseAgent extends McpAgent {}`,
      'src/server.ts': `import { BaseAgent } from './base.js';
export class Notes extends BaseAgent {
  server = undefined as never;
  async init() { await this.elicitInput({ message: 'm', requestedSchema: {} }); }
}`,
    };
    expect(findingsOf(files)).toEqual([
      'src/base.ts:2 session-state/per-session-server framework',
      'src/server.ts:2 session-state/per-session-server framework',
      'src/server.ts:4 server-push/elicitation framework',
    ]);
  });

  it('the agent handed to tool modules in a context object (`{ agent: this }`) and its elicitInput called there (henryperkins/my-mcp-github, sweep 25 Y4)', () => {
    const files = {
      'src/server.ts': `import { McpAgent } from 'agents/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerTools } from './tools.js';
export class MyMCP extends McpAgent {
  server = new McpServer({ name: 'demo', version: '1.0.0' });
  async init() { registerTools(this.server, { agent: this }); }
}`,
      'src/tools.ts': `import { z } from 'zod';
export interface ToolContext {
  agent?: { elicitInput?: (p: { message: string; requestedSchema: unknown }) => Promise<{ action: string }> };
  label?: { elicitInput?: () => void };
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function registerTools(server: any, context: ToolContext) {
  server.tool('delete_index', { name: z.string() }, async ({ name }: { name: string }) => {
    const answer = await context.agent?.elicitInput?.({ message: \`Delete \${name}?\`, requestedSchema: {} });
    context.label?.elicitInput?.();
    return { content: [{ type: 'text', text: answer?.action === 'accept' ? 'deleted' : 'cancelled' }] };
  });
}`,
    };
    expect(findingsOf(files)).toEqual([
      'src/server.ts:4 session-state/per-session-server framework',
      'src/tools.ts:9 server-push/elicitation framework',
    ]);
  });

  it('the Legacy (sessionful, SDK v1) handlers of agents/mcp, not the stateless factory form', () => {
    const code = `import { createMcpHandler, createLegacyMcpHandler } from 'agents/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 's', version: '1' });
export const legacy = createLegacyMcpHandler(server, { route: '/mcp' });
export const compat = createMcpHandler(server);
export const stateless = createMcpHandler(() => new McpServer({ name: 's', version: '1' }) as never);`;
    expect(findingsOf(code)).toEqual([
      'src/server.ts:4 session-transport/session-id-generator framework',
      'src/server.ts:5 session-transport/session-id-generator framework',
    ]);
  });

  it('a WorkerTransport with a session id generator and an event store; the stateless one is not a finding', () => {
    const code = `import { WorkerTransport, DurableObjectEventStore } from 'agents/mcp';
declare const storage: never;
export const sessionful = new WorkerTransport({
  sessionIdGenerator: () => 'do-name',
  eventStore: new DurableObjectEventStore(storage),
});
export const stateless = new WorkerTransport({ sessionIdGenerator: undefined });`;
    expect(findingsOf(code)).toEqual([
      'src/server.ts:4 session-transport/session-id-generator framework',
      'src/server.ts:5 session-transport/event-store framework',
    ]);
  });

  it('a Worker routing each MCP session to its own Agent by the session id, and that Agent\'s state; other names and Agents are not findings', () => {
    const code = `import { Agent, getAgentByName } from 'agents';
import { WorkerTransport } from 'agents/mcp';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class Notebook extends Agent<Env, { pages: string[] }> {
  server = new McpServer({ name: 'notebook', version: '1.0.0' });
  transport = new WorkerTransport({ sessionIdGenerator: () => this.name });
  initialState = { pages: [] };
  onStart() {
    this.server.tool('add_page', { text: z.string() }, async ({ text }) => {
      this.setState({ pages: [...this.state.pages, text] });
      return { content: [{ type: 'text', text: String(this.state.pages.length) }] };
    });
  }
}
export class Chat extends Agent<Env, { lines: string[] }> {
  initialState = { lines: [] };
  transport = new WorkerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
  say(line: string) { this.setState({ lines: [...this.state.lines, line] }); }
}
export default {
  async fetch(request: Request, env: Env) {
    const url = new URL(request.url);
    if (url.pathname === '/chat') return (await getAgentByName(env.Chat, url.searchParams.get('room') ?? 'lobby')).fetch(request);
    const sid = request.headers.get('mcp-session-id') ?? crypto.randomUUID();
    const notebook = await getAgentByName(env.Notebook, sid);
    return notebook.fetch(request);
  },
};`;
    expect(findingsOf(code)).toEqual([
      'src/server.ts:7 session-transport/session-id-generator framework',
      'src/server.ts:8 session-state/keyed-store framework',
      'src/server.ts:18 session-transport/session-id-generator framework',
      'src/server.ts:25 session-transport/session-header read',
      'src/server.ts:26 session-state/per-session-server framework',
    ]);
  });

  it('an unrelated class named McpAgent, and a plain Agent, are not findings', () => {
    expect(
      findingsOf(`import { Agent } from 'agents';
class McpAgent { state = {}; setState(_s: object) {} static serve(_p: string) {} }
class Mine extends McpAgent { run() { this.setState(this.state); } }
class Chat extends Agent { run() { this.setState({}); } }
Mine.serve('/mcp');
export { Chat };`),
    ).toEqual([]);
  });
});

describe('mcp-handler', () => {
  it('major 1: SSE left on, Redis relay, and the SDK server handed to initializeServer', () => {
    const code = `import { createMcpHandler } from 'mcp-handler';
const seen = new Map<string, number>();
const handler = createMcpHandler(
  (server) => {
    server.tool('hello', async (extra) => {
      seen.set(extra.sessionId!, Date.now());
      return { content: [] };
    });
  },
  {},
  { redisUrl: process.env.REDIS_URL, maxDuration: 60 },
);
export { handler as GET, handler as POST };`;
    expect(findingsOf(code)).toEqual([
      'src/server.ts:2 session-state/keyed-store storeInTools',
      'src/server.ts:3 session-transport/sse-transport framework',
      'src/server.ts:6 session-state/session-id-read read',
      'src/server.ts:11 session-transport/event-store framework',
      'src/server.ts:13 session-transport/session-route framework',
    ]);
  });

  it('without its config argument, a call is mcp-handler 1 serving SSE by its defaults only where the project uses major 1 (sweep 8 F5)', () => {
    const code = `import { createMcpHandler } from 'mcp-handler';
const handler = createMcpHandler((server) => {
  server.tool('roll', async () => ({ content: [{ type: 'text', text: '4' }] }));
});
const withOptions = createMcpHandler(() => {}, { serverInfo: { name: 'dice', version: '1.0.0' } });
export { handler as GET, handler as POST, withOptions as DELETE };`;
    expect(findingsOf(code, undefined, { 'mcp-handler': 1 })).toEqual([
      'src/server.ts:2 session-transport/sse-transport framework',
      'src/server.ts:5 session-transport/sse-transport framework',
      'src/server.ts:6 session-transport/session-route framework',
    ]);
    // mcp-handler 2 has no SSE and no third argument; an unknown major is not judged.
    expect(findingsOf(code, undefined, { 'mcp-handler': 2 })).toEqual([]);
    expect(findingsOf(code)).toEqual([]);
    // The package's former name counts as one of its modules, at the major the description is for.
    expect(findingsOf(code.replace(`'mcp-handler'`, `'@vercel/mcp-adapter'`), undefined, { '@vercel/mcp-adapter': 1 })).toHaveLength(3);
    // With a config argument, the config decides whatever the major.
    expect(findingsOf(code.replace('createMcpHandler(() => {}, {', 'createMcpHandler(() => {}, {}, { disableSse: true, x: {').replace("'1.0.0' } }", "'1.0.0' } } }"), undefined, { 'mcp-handler': 1 })).toEqual([
      'src/server.ts:2 session-transport/sse-transport framework',
      'src/server.ts:6 session-transport/session-route framework',
    ]);
  });

  it('scan reads the major from the project: the range its package.json declares, else the installed version', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-handler-major-'));
    try {
      fs.mkdirSync(path.join(dir, 'app', '[transport]'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'app', '[transport]', 'route.ts'), `import { createMcpHandler } from 'mcp-handler';
const handler = createMcpHandler((server) => {
  server.tool('roll', async () => ({ content: [{ type: 'text', text: '4' }] }));
});
export { handler as GET, handler as POST };
`);
      const manifest = (range: string): void => fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'dice', dependencies: { 'mcp-handler': range } }));
      const rules = async (): Promise<string[]> => (await scan({ paths: [dir] })).findings.map((f) => `${f.line} ${f.ruleId}`);
      manifest('^1.0.1');
      expect(await rules()).toEqual(['2 session-transport/sse-transport', '5 session-transport/session-route']);
      manifest('^2.0.0');
      expect(await rules()).toEqual([]);
      // Declared at 2 and still installed at 1 (package.json upgraded, not yet installed): the declared major is the project's.
      fs.mkdirSync(path.join(dir, 'node_modules', 'mcp-handler'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'node_modules', 'mcp-handler', 'package.json'), JSON.stringify({ name: 'mcp-handler', version: '1.0.4' }));
      expect(await rules()).toEqual([]);
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'dice' }));
      expect(await rules()).toEqual(['2 session-transport/sse-transport', '5 session-transport/session-route']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a Next.js route file exporting the SSE-serving handler as GET, in each export form; DELETE is answered 405 by mcp-handler', () => {
    const files = {
      'lib/mcp.ts': `import { createMcpHandler, withMcpAuth } from 'mcp-handler';
const mcp = createMcpHandler((server) => {
  server.tool('lookup', async () => ({ content: [] }));
}, {}, { basePath: '/api', maxDuration: 60 });
export const handler = withMcpAuth(mcp, async (_req, token) => (token ? { token, clientId: 'web', scopes: [] } : undefined));`,
      'app/api/[transport]/route.ts': `import { handler } from '../../../lib/mcp.js';
export { handler as GET, handler as POST, handler as DELETE };`,
      'app/other/[transport]/route.ts': `import { createMcpHandler } from 'mcp-handler';
const mcp = createMcpHandler(() => {}, {}, { redisUrl: process.env.REDIS_URL });
export const GET = mcp;
export const POST = mcp;`,
      'app/dynamic/[p]/[transport]/route.ts': `import { createMcpHandler } from 'mcp-handler';
export async function GET(req: Request): Promise<Response> {
  return createMcpHandler(() => {}, {}, { basePath: '/dynamic' })(req);
}`,
    };
    expect(findingsOf(files)).toEqual([
      'app/api/[transport]/route.ts:2 session-transport/session-route framework',
      'app/dynamic/[p]/[transport]/route.ts:2 session-transport/session-route framework',
      'app/dynamic/[p]/[transport]/route.ts:3 session-transport/sse-transport framework',
      'app/other/[transport]/route.ts:2 session-transport/event-store framework',
      'app/other/[transport]/route.ts:2 session-transport/sse-transport framework',
      'app/other/[transport]/route.ts:3 session-transport/session-route framework',
      'lib/mcp.ts:2 session-transport/sse-transport framework',
    ]);
  });

  it('GET of a handler with SSE disabled, or of mcp-handler 2, is answered 405: not a session route', () => {
    expect(
      findingsOf({
        'app/v1/[transport]/route.ts': `import { createMcpHandler } from 'mcp-handler';
const v1 = createMcpHandler(() => {}, {}, { disableSse: true, basePath: '/v1' });
export { v1 as GET, v1 as POST, v1 as DELETE };`,
        'app/v2/route.ts': `import { createMcpHandler } from 'mcp-handler';
const v2 = createMcpHandler((server) => { server.tool('t', async () => ({ content: [] })); });
const GET = v2;
export { GET, v2 as POST };
export async function DELETE(req: Request) { return v2(req); }`,
        'app/local/route.ts': `const createMcpHandler = (_f: unknown, _o: unknown, _c: unknown) => async (_req: Request) => new Response('');
export const GET = createMcpHandler(() => {}, {}, { basePath: '/local' });`,
      }),
    ).toEqual([]);
  });

  it('disableSse without Redis, and the major-2 two-argument form, are not session transports', () => {
    expect(
      findingsOf(`import { createMcpHandler } from 'mcp-handler';
export const a = createMcpHandler(() => {}, {}, { disableSse: true, maxDuration: 60, basePath: '/api' });
export const b = createMcpHandler((server) => { server.tool('t', async () => ({ content: [] })); }, { serverInfo: { name: 'n', version: '1' } });`),
    ).toEqual([]);
  });

  it('the session id of onEvent events is followed like a transport\'s', () => {
    expect(
      findingsOf(`import { createMcpHandler } from 'mcp-handler';
const started = new Map<string, number>();
export const h = createMcpHandler(() => {}, {}, {
  disableSse: true,
  onEvent: (event) => {
    if (event.type === 'SESSION_STARTED' && event.sessionId) started.set(event.sessionId, event.timestamp);
    console.log('mcp event', event.sessionId);
  },
});`),
    ).toEqual([
      'src/server.ts:2 session-state/keyed-store store',
      'src/server.ts:6 session-state/session-id-read read',
      'src/server.ts:7 session-state/session-telemetry telemetry',
    ]);
  });

  it('a local createMcpHandler is not mcp-handler', () => {
    expect(
      findingsOf(`const createMcpHandler = (_f: unknown, _o: unknown, _c: unknown) => 1;
export const h = createMcpHandler(() => {}, {}, { redisUrl: 'redis://x' });`),
    ).toEqual([]);
  });
});

describe('mcp-framework', () => {
  it('MCPTool helpers and MCPServer transports', () => {
    const code = `import { MCPServer, MCPTool } from 'mcp-framework';
class Ask extends MCPTool {
  name = 'ask';
  description = 'd';
  schema = {};
  async execute() {
    const roots = await this.getRoots();
    await this.elicitUrl('Sign in', 'https://x', 'e1');
    return this.samplingRequestWithTools({ messages: [], maxTokens: 1, tools: [] }).then(() => roots);
  }
}
new MCPServer({ transports: [{ type: 'sse' }, { type: 'http-stream', options: { session: { enabled: false } } }, { type: 'stdio' }] });
export default Ask;`;
    expect(findingsOf(code)).toEqual([
      'src/server.ts:7 deprecated-feature/roots framework',
      'src/server.ts:8 server-push/elicitation framework',
      'src/server.ts:9 deprecated-feature/sampling framework',
      'src/server.ts:12 session-transport/sse-transport framework',
    ]);
  });

  it('http-stream with sessions left on', () => {
    const { findings } = scanProject(`import { MCPServer } from 'mcp-framework';
const config = { type: 'http-stream' as const, options: { port: 1 } };
export const server = new MCPServer({ transport: config });`);
    expect(findings.map((f) => `${f.line} ${f.rule.meta.id}`)).toEqual(['2 session-transport/session-id-generator']);
    expect(findings[0]!.message).toContain('mcp-framework: The `http-stream` transport');
  });

  it('a project class that is only named MCPTool', () => {
    expect(
      findingsOf(`import { MCPServer } from 'mcp-framework';
class MCPTool { protected getRoots() { return []; } protected log(_m: string) {} }
class Reader extends MCPTool { run() { this.log('x'); return this.getRoots(); } }
export const s = new MCPServer({ transport: { type: 'stdio' } });
export { Reader };`),
    ).toEqual([]);
  });

  it('a tool class that does not extend MCPTool', () => {
    expect(
      findingsOf(`import { MCPServer } from 'mcp-framework';
class Helper { getRoots() { return []; } samplingRequest() { return 1; } run() { return [this.getRoots(), this.samplingRequest()]; } }
export const s = new MCPServer({ transport: { type: 'stdio' } });
export { Helper };`),
    ).toEqual([]);
  });
});

describe('vendored SDK', () => {
  const vendored = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
export class McpServer {
  readonly server = new Server({ name: 'v', version: '1' });
  tool(_name: string, _cb: (extra: { sessionId?: string }) => unknown) {}
  async connect() {}
}`;

  it('a relative import of a declared McpServer with the SDK shape (the SDK examples), and through a bundle', () => {
    const files = {
      'src/server/mcp.ts': vendored,
      'src/bundle.ts': `export { McpServer as Mcp } from './server/mcp.js';`,
      'src/examples/a.ts': `import { McpServer } from '../server/mcp.js';
const state = new Map<string, number>();
const server = new McpServer();
server.tool('t', (extra) => state.set(extra.sessionId!, 1));`,
      'src/examples/b.ts': `import { Mcp } from '../bundle.js';
const server = new Mcp();
server.server.oninitialized = () => {};`,
    };
    expect(findingsOf(files)).toEqual([
      'src/examples/a.ts:2 session-state/keyed-store storeInTools',
      'src/examples/a.ts:4 session-state/session-id-read read',
      'src/examples/b.ts:3 handshake/oninitialized hook',
    ]);
  });

  it('a vendored copy that imports nothing from the SDK is still found by its shape', () => {
    const files = {
      'vendor/mcp.js': `export class McpServer { constructor() { this.server = {}; } registerTool(_n, _c, cb) { return cb; } connect() {} }`,
      'src/index.js': `import { McpServer } from '../vendor/mcp.js';
const carts = {};
const server = new McpServer();
server.registerTool('c', {}, (extra) => { carts[extra.sessionId] = 1; });`,
    };
    expect(findingsOf(files)).toEqual(['src/index.js:2 session-state/keyed-store storeInTools', 'src/index.js:4 session-state/session-id-read read']);
  });

  it('a project class that only shares the name is not the SDK', () => {
    expect(
      findingsOf({
        'src/server/mcp.ts': `export class McpServer { tool(_n: string, _cb: (extra: { sessionId?: string }) => unknown) {} }`,
        'src/index.ts': `import { McpServer } from './server/mcp.js';
const state = new Map<string, number>();
new McpServer().tool('t', (extra) => state.set(extra.sessionId!, 1));`,
      }),
    ).toEqual([]);
  });
});
