// A generated stand-in for an SDK-heavy MCP server monorepo (~550 files, most of them importing the
// MCP SDK), used by bench/sdk-heavy.mjs when the real mongodb-mcp-server checkout (eval/fetch.sh) is
// absent. Shaped like it: a core package (server factory, a tool base class, a session store, a
// barrel), an HTTP runner (Streamable HTTP, session ids, a transport registry), six tool packages
// whose every tool imports the SDK and the core barrel across packages, helpers, a CLI, and an
// integration-test package whose tests import an MCP client and the core's test helpers.
// Deterministic (seeded); no clock or environment enters the content.
//
//   generateSdkHeavyTree(outDir, { seed = 1 }) -> { files, bytes }

import fs from 'node:fs';
import path from 'node:path';

export const SDK_HEAVY_GENERATOR_VERSION = 1;

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = ['collection', 'index', 'cluster', 'database', 'document', 'user', 'project', 'alert', 'backup', 'stream',
  'pipeline', 'schema', 'query', 'metric', 'log', 'snapshot', 'role', 'network', 'endpoint', 'search'];
const VERBS = ['list', 'create', 'delete', 'update', 'describe', 'inspect', 'export', 'count', 'explain', 'rename'];
const PACKAGES = ['tools-db', 'tools-admin', 'tools-atlas', 'tools-search', 'tools-streams', 'tools-local'];

const cap = (s) => s[0].toUpperCase() + s.slice(1);
const camel = (...w) => w[0] + w.slice(1).map(cap).join('');

export function generateSdkHeavyTree(outDir, { seed = 1 } = {}) {
  const rand = rng(seed);
  const pick = (a) => a[Math.floor(rand() * a.length)];
  let files = 0;
  let bytes = 0;
  const write = (rel, text) => {
    const abs = path.join(outDir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
    files++;
    bytes += Buffer.byteLength(text);
  };
  fs.rmSync(outDir, { recursive: true, force: true });

  const paths = { '@acme/mcp-core': ['packages/core/src/index.ts'], '@acme/mcp-http': ['packages/http/src/index.ts'], '@acme/mcp-test-utils': ['packages/test-utils/src/index.ts'] };
  for (const p of PACKAGES) paths[`@acme/mcp-${p}`] = [`packages/${p}/src/index.ts`];
  write('package.json', JSON.stringify({ name: 'acme-mcp-monorepo', private: true, type: 'module', workspaces: ['packages/*'] }, null, 2) + '\n');
  write('tsconfig.json', JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, baseUrl: '.', paths } }, null, 2) + '\n');
  const pkg = (dir, name) => write(`packages/${dir}/package.json`, JSON.stringify({ name, version: '1.0.0', type: 'module', main: 'src/index.ts' }, null, 2) + '\n');

  // ---------------------------------------------------------------- core
  pkg('core', '@acme/mcp-core');
  write('packages/core/src/server.ts', `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolBase } from './toolBase.js';
import { Telemetry } from './telemetry.js';
import { SessionStore } from './sessionStore.js';

export interface ServerOptions { name: string; version: string; tools: ToolBase[]; telemetry?: Telemetry }

export class Server {
  readonly mcpServer: McpServer;
  readonly sessions = new SessionStore();
  constructor(private readonly options: ServerOptions) {
    this.mcpServer = new McpServer({ name: options.name, version: options.version }, { capabilities: { logging: {}, tools: {} } });
  }
  async connect(transport: Parameters<McpServer['connect']>[0]): Promise<void> {
    for (const tool of this.options.tools) tool.register(this);
    this.mcpServer.server.oninitialized = () => {
      const client = this.mcpServer.server.getClientVersion();
      this.options.telemetry?.record('initialized', { client: client?.name ?? 'unknown' });
    };
    await this.mcpServer.connect(transport);
  }
  async log(level: 'info' | 'error', data: string): Promise<void> {
    await this.mcpServer.server.sendLoggingMessage({ level, data });
  }
  notifyToolsChanged(): void {
    this.mcpServer.sendToolListChanged();
  }
}
`);
  write('packages/core/src/toolBase.ts', `import { z } from 'zod';
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Server } from './server.js';
import { Elicitation } from './elicitation.js';
import { Telemetry } from './telemetry.js';

export type ToolArgs = Record<string, unknown>;
export type Extra = RequestHandlerExtra<any, any>;

export abstract class ToolBase {
  abstract name: string;
  abstract description: string;
  abstract argsShape: z.ZodRawShape;
  protected server?: Server;
  private registered?: RegisteredTool;
  protected readonly telemetry = new Telemetry();
  protected readonly elicitation = new Elicitation();

  protected abstract execute(args: ToolArgs, extra: Extra): Promise<CallToolResult>;

  register(server: Server): void {
    this.server = server;
    const mcp: McpServer = server.mcpServer;
    this.registered = mcp.tool(this.name, this.description, this.argsShape, async (args, extra) => {
      const started = Date.now();
      try {
        const result = await this.execute(args, extra);
        this.telemetry.record('tool', { tool: this.name, session: extra.sessionId, ms: Date.now() - started });
        return result;
      } catch (error) {
        return { content: [{ type: 'text', text: String(error) }], isError: true };
      }
    });
  }

  protected async confirm(message: string): Promise<boolean> {
    if (!this.server) return false;
    return this.elicitation.confirm(this.server.mcpServer, message);
  }

  disable(): void {
    this.registered?.disable();
  }
}
`);
  write('packages/core/src/elicitation.ts', `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export class Elicitation {
  async confirm(server: McpServer, message: string): Promise<boolean> {
    const caps = server.server.getClientCapabilities();
    if (!caps?.elicitation) return true;
    const answer = await server.server.elicitInput({ message, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } });
    return answer.action === 'accept';
  }
}
`);
  write('packages/core/src/sessionStore.ts', `import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export class SessionStore {
  private readonly transports: Record<string, StreamableHTTPServerTransport> = {};
  get(sessionId: string): StreamableHTTPServerTransport | undefined {
    return this.transports[sessionId];
  }
  set(sessionId: string, transport: StreamableHTTPServerTransport): void {
    this.transports[sessionId] = transport;
  }
  delete(sessionId: string): void {
    delete this.transports[sessionId];
  }
}
`);
  write('packages/core/src/telemetry.ts', `export class Telemetry {
  private readonly events: Array<{ name: string; data: Record<string, unknown> }> = [];
  record(name: string, data: Record<string, unknown>): void {
    this.events.push({ name, data });
  }
  flush(): number {
    const n = this.events.length;
    this.events.length = 0;
    return n;
  }
}
`);
  const coreHelpers = [];
  for (let i = 0; i < 12; i++) {
    const n = `${camel(pick(VERBS), pick(NOUNS))}Helper${i}`;
    coreHelpers.push(n);
    write(`packages/core/src/helpers/${n}.ts`, `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function ${n}(value: unknown, limit = ${10 + i}): CallToolResult {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  const lines = text.split('\\n').slice(0, limit);
  return { content: [{ type: 'text', text: lines.join('\\n') }] };
}
`);
  }
  write('packages/core/src/index.ts', `export * from './server.js';
export * from './toolBase.js';
export * from './elicitation.js';
export * from './sessionStore.js';
export * from './telemetry.js';
${coreHelpers.map((h) => `export { ${h} } from './helpers/${h}.js';`).join('\n')}
`);

  // ---------------------------------------------------------------- HTTP runner
  pkg('http', '@acme/mcp-http');
  write('packages/http/src/httpServer.ts', `import express from 'express';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { Server, type ToolBase } from '@acme/mcp-core';

export function startHttp(tools: ToolBase[], port: number) {
  const app = express();
  app.use(express.json());
  const servers = new Map<string, Server>();
  app.post('/mcp', async (req, res) => {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    let server = sessionId ? servers.get(sessionId) : undefined;
    if (!server && isInitializeRequest(req.body)) {
      server = new Server({ name: 'acme', version: '1.0.0', tools });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          servers.set(id, server!);
          server!.sessions.set(id, transport);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) servers.delete(transport.sessionId);
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
      return;
    }
    const transport = sessionId ? server?.sessions.get(sessionId) : undefined;
    if (!transport) {
      res.status(400).json({ error: 'no session' });
      return;
    }
    await transport.handleRequest(req, res, req.body);
  });
  app.delete('/mcp', async (req, res) => {
    const sessionId = req.headers['mcp-session-id'] as string;
    servers.get(sessionId)?.sessions.delete(sessionId);
    servers.delete(sessionId);
    res.status(204).end();
  });
  return app.listen(port);
}
`);
  write('packages/http/src/index.ts', `export { startHttp } from './httpServer.js';\n`);

  // ---------------------------------------------------------------- tool packages
  const toolsByPackage = new Map();
  for (const p of PACKAGES) {
    pkg(p, `@acme/mcp-${p}`);
    const tools = [];
    const helpers = [];
    for (let h = 0; h < 8; h++) {
      const name = `${camel(pick(VERBS), pick(NOUNS))}Args${h}`;
      helpers.push(name);
      write(`packages/${p}/src/helpers/${name}.ts`, `import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const ${name} = {
  database: z.string().describe('database name'),
  ${pick(NOUNS)}: z.string().optional(),
  limit: z.number().int().min(1).max(${100 + h * 10}).default(${10 + h}),
};

export function format${cap(name)}(rows: unknown[]): CallToolResult {
  if (rows.length === 0) return { content: [{ type: 'text', text: 'nothing found' }] };
  return { content: rows.map((row) => ({ type: 'text' as const, text: JSON.stringify(row) })) };
}
`);
    }
    for (let t = 0; t < 40; t++) {
      const verb = pick(VERBS);
      const noun = pick(NOUNS);
      const cls = `${cap(verb)}${cap(noun)}Tool${t}`;
      const helper = pick(helpers);
      const coreHelper = pick(coreHelpers);
      const usesSession = rand() < 0.1;
      const confirms = rand() < 0.15;
      tools.push(cls);
      write(`packages/${p}/src/tools/${verb}/${cls}.ts`, `import { ToolBase, ${coreHelper}, type ToolArgs, type Extra } from '@acme/mcp-core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ${helper}, format${cap(helper)} } from '../../helpers/${helper}.js';

export class ${cls} extends ToolBase {
  name = '${p.replace('tools-', '')}-${verb}-${noun}-${t}';
  description = '${cap(verb)} ${noun}s in a database (${p})';
  argsShape = ${helper};

  protected async execute(args: ToolArgs, extra: Extra): Promise<CallToolResult> {
    const database = String(args.database ?? 'test');
    const limit = Number(args.limit ?? 10);
${confirms ? `    if (!(await this.confirm(\`${verb} ${noun} in \${database}?\`))) return ${coreHelper}('cancelled');\n` : ''}${usesSession ? `    const owner = extra.sessionId ?? 'anonymous';\n    this.telemetry.record('${noun}', { owner, database });\n` : ''}    const rows: Array<Record<string, unknown>> = [];
    for (let i = 0; i < Math.min(limit, ${5 + (t % 7)}); i++) {
      rows.push({ database, ${noun}: \`${noun}-\${i}\`, index: i, signal: extra.signal.aborted });
    }
    if (rows.length > ${3 + (t % 5)}) return ${coreHelper}(rows, limit);
    return format${cap(helper)}(rows);
  }
}
`);
    }
    write(`packages/${p}/src/index.ts`, tools.map((c) => {
      const verb = c.match(/^[A-Z][a-z]+/)[0].toLowerCase();
      return `export { ${c} } from './tools/${verb}/${c}.js';`;
    }).join('\n') + `\n\nexport const ALL = [${tools.map((c) => c).join(', ')}];\n`);
    toolsByPackage.set(p, tools);
  }

  // ---------------------------------------------------------------- CLI
  pkg('cli', '@acme/mcp-cli');
  write('packages/cli/src/index.ts', `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Server } from '@acme/mcp-core';
import { startHttp } from '@acme/mcp-http';
${PACKAGES.map((p, i) => `import { ALL as tools${i} } from '@acme/mcp-${p}';`).join('\n')}

const tools = [${PACKAGES.map((_, i) => `...tools${i}`).join(', ')}].map((Tool) => new Tool());
if (process.argv.includes('--http')) {
  startHttp(tools, 3000);
} else {
  const server = new Server({ name: 'acme', version: '1.0.0', tools });
  await server.connect(new StdioServerTransport());
}
`);

  // ---------------------------------------------------------------- test utils + integration tests
  pkg('test-utils', '@acme/mcp-test-utils');
  write('packages/test-utils/src/index.ts', `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server, type ToolBase } from '@acme/mcp-core';

export async function connectedClient(tools: ToolBase[]): Promise<{ client: Client; server: Server }> {
  const server = new Server({ name: 'test', version: '0.0.0', tools });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'test-client', version: '0.0.0' });
  await client.connect(clientTransport);
  return { client, server };
}

export function bareServer(): McpServer {
  return new McpServer({ name: 'bare', version: '0.0.0' });
}

export function createMockElicitInput(accept = true) {
  return async () => ({ action: accept ? 'accept' : 'decline', content: { confirm: accept } });
}
`);
  pkg('integration-tests', '@acme/mcp-integration-tests');
  for (const p of PACKAGES) {
    const tools = toolsByPackage.get(p);
    for (let i = 0; i < 34; i++) {
      const a = tools[(i * 3) % tools.length];
      const b = tools[(i * 3 + 1) % tools.length];
      const cases = [];
      for (let c = 0; c < 6 + (i % 5); c++) {
        cases.push(`  it('${pick(VERBS)}s ${pick(NOUNS)}s (case ${c})', async () => {
    const result = await client.callTool({ name: new ${c % 2 ? a : b}().name, arguments: { database: 'db${c}', limit: ${c + 1} } });
    expect(result.isError).toBeFalsy();
    const content = result.content as Array<{ type: string; text: string }>;
    expect(content.length).toBeGreaterThan(0);
    for (const item of content) expect(item.type).toBe('text');
  });`);
      }
      write(`packages/integration-tests/src/${p}/${a}-${i}.test.ts`, `import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectedClient } from '@acme/mcp-test-utils';
import { ${a}, ${b} } from '@acme/mcp-${p}';
import type { Server } from '@acme/mcp-core';

describe('${a}', () => {
  let client: Client;
  let server: Server;
  beforeAll(async () => {
    ({ client, server } = await connectedClient([new ${a}(), new ${b}()]));
  });
  afterAll(async () => {
    await client.close();
    server.notifyToolsChanged();
  });

${cases.join('\n\n')}
});
`);
    }
  }
  write('packages/integration-tests/src/http.test.ts', `import { describe, it, expect } from 'vitest';
import { startHttp } from '@acme/mcp-http';

describe('http', () => {
  it('keeps a session per mcp-session-id', async () => {
    const server = startHttp([], 0);
    const response = await fetch('http://localhost:3000/mcp', { method: 'POST', headers: { 'mcp-session-id': 'abc' }, body: '{}' });
    expect(response.status).toBe(400);
    server.close();
  });
});
`);
  write('README.md', '# generated SDK-heavy MCP server monorepo (bench/lib/sdk-heavy-tree.mjs)\n');
  return { files, bytes };
}
