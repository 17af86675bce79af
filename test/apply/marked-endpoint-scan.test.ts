/**
 * A marker `apply` leaves on sessionful serving code it did not rewrite (a gateway endpoint, a transport helper,
 * a registry) records one decision for the endpoint: `scan` reports it in place of the session findings of that
 * endpoint (RuleMeta.markerStandsFor, analysis/sessionful-endpoint.ts) and lists them in `replaces`. Findings of
 * other categories in the endpoint, and session findings outside it, are still reported. The code is migrated
 * code as apply leaves it (the marker above the statement it did not rewrite), written for these tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { tempTree } from '../support/temp-tree.js';

const PACKAGE = JSON.stringify({ name: 'relay', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.17.0', express: '^5.0.0' } });
const GATEWAY_MARKER = '// @mcp-migrate-todo(session-transport/session-id-generator): this endpoint is a gateway: each session spawns its own upstream; make it a stateless relay.';

/** An SDK 1.x gateway (TypeScript): each session spawns a child, GET/DELETE share a named handler. `MARK` is where apply's marker goes. */
const GATEWAY = `import express from 'express';
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

export function relayOverHttp(command: string, port: number): void {
  const app = express();
  app.use(express.json());
  const sessions: Record<string, StreamableHTTPServerTransport> = {};

  app.post('/mcp', async (req, res) => {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    let transport: StreamableHTTPServerTransport;
    if (sessionId && sessions[sessionId]) {
      transport = sessions[sessionId];
    } else if (!sessionId && isInitializeRequest(req.body)) {
      const server = new Server({ name: 'relay', version: '1.0.0' }, { capabilities: {} });
      MARK
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions[id] = transport;
        },
      });
      await server.connect(transport);
      if (server.getClientCapabilities()?.sampling) console.log('client samples');
      const child = spawn(command, { shell: true });
      transport.onmessage = (message) => {
        child.stdin.write(JSON.stringify(message) + '\\n');
      };
      transport.onclose = () => {
        console.log(\`session \${transport.sessionId} closed\`);
        if (transport.sessionId) delete sessions[transport.sessionId];
        child.kill();
      };
    } else {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    await transport.handleRequest(req, res, req.body);
  });

  const onSessionRequest = async (req: express.Request, res: express.Response) => {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    if (!sessionId || !sessions[sessionId]) {
      res.status(400).send('Invalid or missing session ID');
      return;
    }
    await sessions[sessionId].handleRequest(req, res);
  };
  app.get('/mcp', onSessionRequest);
  app.delete('/mcp', onSessionRequest);

  app.listen(port);
}
`;

/** Outside the endpoint: a tool reading the session id of its request (a state question, not the endpoint's). */
const TOOL = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function registerWhoami(server: McpServer): void {
  server.tool('whoami', 'The caller', async (_args, extra) => ({ content: [{ type: 'text', text: \`session \${extra.sessionId}\` }] }));
}
`;

interface Reported {
  ruleId: string;
  category: string;
  file: string;
  line: number;
  replaces?: Array<{ ruleId: string; line: number }>;
}

async function findings(files: Record<string, string>): Promise<Reported[]> {
  const dir = tempTree({ 'package.json': PACKAGE, ...files });
  const report = await scan({ paths: [dir] });
  return report.findings.map((f) => ({ ruleId: f.ruleId, category: f.category, file: f.file.replace(/^.*src\//, 'src/'), line: f.line, ...(f.replaces ? { replaces: f.replaces } : {}) }));
}

const unmarked = (text: string) => text.replace(/^ *MARK\n/m, '');
const marked = (text: string, marker: string) => text.replace('MARK', marker);

describe('a marker on a gateway endpoint apply kept', () => {
  it('stands for every session finding of the endpoint: its registry, routes, named GET/DELETE handler and session ids', async () => {
    const before = await findings({ 'src/gateway.ts': unmarked(GATEWAY) });
    const sessionBefore = before.filter((f) => f.category === 'session-transport' || f.category === 'session-state');
    // The endpoint's own findings, each a separate site before the marker: the registry, both header reads, the
    // routes handing the named handler on, the initialize routing, the per-session server, the logged id.
    expect(sessionBefore.map((f) => f.ruleId)).toEqual(
      expect.arrayContaining(['session-transport/transport-registry', 'session-transport/session-header', 'session-transport/session-route', 'session-transport/initialize-routing', 'session-state/session-telemetry']),
    );
    expect(sessionBefore.length).toBeGreaterThanOrEqual(8);

    const after = await findings({ 'src/gateway.ts': marked(GATEWAY, GATEWAY_MARKER) });
    const session = after.filter((f) => f.category === 'session-transport' || f.category === 'session-state');
    expect(session).toHaveLength(1);
    expect(session[0]!.ruleId).toBe('session-transport/session-id-generator');
    // Lines after the marker moved down by one (the marker's own line).
    const shifted = sessionBefore.map((f) => ({ ruleId: f.ruleId, line: f.line > 19 ? f.line + 1 : f.line })).sort((a, b) => a.line - b.line || a.ruleId.localeCompare(b.ruleId));
    expect(session[0]!.replaces).toEqual(shifted);
  });

  it('leaves the findings of other categories inside the endpoint, and session findings outside it, reported', async () => {
    const after = await findings({ 'src/gateway.ts': marked(GATEWAY, GATEWAY_MARKER), 'src/tools.ts': TOOL });
    // The client-capabilities read in the route is a handshake question the serving decision does not answer.
    expect(after.some((f) => f.file === 'src/gateway.ts' && f.category === 'handshake' && f.line === 28)).toBe(true);
    expect(after.filter((f) => f.file === 'src/tools.ts').map((f) => f.ruleId)).toContain('session-state/session-id-read');
  });

  it('a marker on the registry (serving plumbing apply did not replace) stands for the endpoint it serves', async () => {
    const registryMarker = '  // @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler.\n';
    const after = await findings({ 'src/gateway.ts': unmarked(GATEWAY).replace('  const sessions:', `${registryMarker}  const sessions:`) });
    const session = after.filter((f) => f.category === 'session-transport' || f.category === 'session-state');
    // One decision, one marker: the routes, header reads, initialize routing and logged ids of the endpoint are its.
    expect(session.map((f) => f.ruleId)).toEqual(['session-transport/transport-registry']);
    expect(session[0]!.replaces?.map((r) => r.ruleId)).toEqual(expect.arrayContaining(['session-transport/session-header', 'session-transport/session-route', 'session-transport/initialize-routing']));
  });

  it('a marker on the registry does not stand for the tools of the server factory that reads the registry', async () => {
    const registryMarker = '// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler.\n';
    // A tool counting the sessions names the registry from inside \`createServer()\`; the tool beside it keeps notes
    // per session: its session-id reads are a state question of the application, not the endpoint's.
    const server = `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

MARKconst transports: Record<string, StreamableHTTPServerTransport> = {};
const notes = new Map<string, string[]>();

function createServer(): McpServer {
  const server = new McpServer({ name: 's', version: '1' });
  server.tool('sessions', 'How many sessions', async () => ({ content: [{ type: 'text', text: String(Object.keys(transports).length) }] }));
  server.tool('note', 'Keep a note', { text: z.string() }, async ({ text }, extra) => {
    const list = notes.get(extra.sessionId!) ?? [];
    list.push(text);
    notes.set(extra.sessionId!, list);
    return { content: [{ type: 'text', text: \`\${list.length} notes\` }] };
  });
  return server;
}

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: StreamableHTTPServerTransport;
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports[id] = transport; } });
    await createServer().connect(transport);
  } else {
    res.status(400).end();
    return;
  }
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
`;
    const after = await findings({ 'src/server.ts': server.replace('MARK', registryMarker) });
    const marker = after.find((f) => f.ruleId === 'session-transport/transport-registry')!;
    expect(marker.replaces?.map((r) => r.ruleId)).toEqual(expect.arrayContaining(['session-transport/session-header', 'session-transport/initialize-routing']));
    expect(after.filter((f) => f.ruleId === 'session-state/session-id-read').map((f) => f.line)).toEqual([16, 18]);
  });

  it('a marker on the registry does not stand for the tools of a server built in the route', async () => {
    const registryMarker = '// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler.\n';
    // The route builds the session's server and registers a tool on it that keeps notes per session: the tool's
    // session-id reads (lines 23, 25) are inside the route, but they are the application's state question.
    const server = `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

MARKconst transports: Record<string, StreamableHTTPServerTransport> = {};
const notes = new Map<string, string[]>();

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: StreamableHTTPServerTransport;
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports[id] = transport; } });
    const server = new McpServer({ name: 's', version: '1' });
    server.tool('note', 'Keep a note', { text: z.string() }, async ({ text }, extra) => {
      const list = notes.get(extra.sessionId!) ?? [];
      list.push(text);
      notes.set(extra.sessionId!, list);
      return { content: [{ type: 'text', text: String(list.length) }] };
    });
    await server.connect(transport);
  } else {
    res.status(400).end();
    return;
  }
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
`;
    const after = await findings({ 'src/server.ts': server.replace('MARK', registryMarker) });
    const marker = after.find((f) => f.ruleId === 'session-transport/transport-registry')!;
    expect(marker.replaces?.map((r) => r.ruleId)).toEqual(expect.arrayContaining(['session-transport/session-header', 'session-transport/initialize-routing']));
    expect(after.filter((f) => f.ruleId === 'session-state/session-id-read').map((f) => f.line)).toEqual([23, 25]);
  });

  it('a marker of a rule that does not record a serving decision stands for its own rule only', async () => {
    const after = await findings({ 'src/gateway.ts': marked(GATEWAY, '// @mcp-migrate-todo(handshake/client-capabilities): read capabilities from the request.') });
    const marker = after.find((f) => f.line === 20)!;
    expect(marker.ruleId).toBe('handshake/client-capabilities');
    expect(marker.replaces).toBeUndefined();
    expect(after.filter((f) => f.category === 'session-transport').length).toBeGreaterThanOrEqual(6);
  });
});

/** Plain JavaScript, SDK 1.x: the transport is minted in a helper method the route reaches through `handle()`; CORS is set up apart. */
const CLASS_SERVER = `import express from 'express';
import cors from 'cors';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { buildServer } from './build.js';

export class HttpFront {
  constructor() {
    this.app = express();
    this.setupCors();
    this.app.post('/mcp', (req, res) => this.handle(req, res));
  }

  setupCors() {
    this.app.use(cors({ exposedHeaders: ['Mcp-Session-Id'] }));
  }

  async handle(req, res) {
    const transport = this.createTransport();
    await buildServer().connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  createTransport() {
    MARK
    return new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => console.log('session', id),
    });
  }
}
`;

describe('a marker in a transport helper the routes reach', () => {
  it('stands for the session findings of the helper and of the class code that calls it from the route, not of unrelated setup', async () => {
    const build = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const buildServer = () => new McpServer({ name: 'front', version: '1.0.0' });\n";
    const before = await findings({ 'src/front.js': unmarked(CLASS_SERVER), 'src/build.js': build });
    const front = before.filter((f) => f.file === 'src/front.js');
    expect(front.map((f) => f.ruleId)).toEqual(expect.arrayContaining(['session-transport/session-id-generator', 'session-transport/session-header']));

    const marker = '// @mcp-migrate-todo(session-transport/session-id-generator): the transport is created in the method `createTransport()`, not in a route handler: replace the helper and the routing that calls it.';
    const after = (await findings({ 'src/front.js': marked(CLASS_SERVER, marker), 'src/build.js': build })).filter((f) => f.file === 'src/front.js');
    const decision = after.find((f) => f.ruleId === 'session-transport/session-id-generator')!;
    expect(decision.line).toBe(25);
    // The CORS setup is not reached from the route: its session header stays its own finding.
    expect(after.filter((f) => f.ruleId === 'session-transport/session-header').map((f) => f.line)).toEqual([15]);
    const inHelper = front.filter((f) => f.line >= 25 && f.category.startsWith('session-'));
    expect(inHelper.length).toBeGreaterThanOrEqual(2);
    expect(decision.replaces?.map((r) => r.line)).toEqual(inHelper.map((f) => f.line + 1));
  });
});

/** SDK 1.x: the endpoint's handler lives in its own module; the router module mounts it on three methods (example-remote-server's split). */
const HANDLER = `import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { relay } from './relay.js';

export async function handleMcp(req: Request, res: Response): Promise<void> {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId) {
    await relay(sessionId, req, res);
    return;
  }
  if (!isInitializeRequest(req.body)) {
    res.status(400).end();
    return;
  }
  MARK
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await transport.handleRequest(req, res, req.body);
}
`;

const ROUTER = `import express from 'express';
import { handleMcp } from './handler.js';

export const router = express.Router();
router.get('/mcp', handleMcp);
router.post('/mcp', handleMcp);
router.delete('/mcp', handleMcp);
router.get('/health', (_req, res) => res.json({ ok: true }));
`;

const RELAY = `import type { Request, Response } from 'express';
export async function relay(_sessionId: string, _req: Request, res: Response): Promise<void> {
  res.status(404).end();
}
`;

describe('a marker in an endpoint handler mounted from another module', () => {
  it('stands for the session findings of the handler and of the route registrations handing it on in the router module', async () => {
    const files = (mark: string) => ({ 'src/handler.ts': mark, 'src/router.ts': ROUTER, 'src/relay.ts': RELAY });
    const before = await findings(files(unmarked(HANDLER)));
    const routes = before.filter((f) => f.file === 'src/router.ts' && f.category === 'session-transport');
    // GET and DELETE on /mcp are session routes; the health route is none.
    expect(routes.map((f) => f.line)).toEqual([5, 7]);
    expect(before.filter((f) => f.file === 'src/handler.ts' && f.ruleId === 'session-transport/session-header').map((f) => f.line)).toEqual([8]);

    const marker = '// @mcp-migrate-todo(session-transport/session-id-generator): sessions are relayed to another process: replace the relay and serve with createMcpHandler.';
    const after = await findings(files(marked(HANDLER, marker)));
    expect(after.filter((f) => f.category === 'session-transport' || f.category === 'session-state')).toHaveLength(1);
    const decision = after.find((f) => f.ruleId === 'session-transport/session-id-generator')!;
    expect(decision.file).toBe('src/handler.ts');
    // The router's findings are listed with their file; the handler's own without one.
    expect(decision.replaces?.filter((r) => 'file' in r)).toEqual(routes.map((f) => ({ ruleId: f.ruleId, line: f.line, file: 'src/router.ts' })));
    expect(decision.replaces?.some((r) => !('file' in r) && r.ruleId === 'session-transport/session-header' && r.line === 8)).toBe(true);
  });
});

/** A gateway POST route marked; GET and DELETE on the same router and path reach the sessions through an object of another module. */
const POOLED = `import { randomUUID } from 'node:crypto';
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { manager } from './manager.js';

export const router = express.Router();

router.get('/:name/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string;
  await manager.get(sessionId)?.handleRequest(req, res);
});

router.post('/:name/mcp', async (req, res) => {
  const id = randomUUID();
  MARK
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => id });
  manager.add(id, transport);
  await transport.handleRequest(req, res, req.body);
});

router.delete('/:name/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId) await manager.get(sessionId)?.close();
  res.status(200).end();
});

router.get('/:name/health', (req, res) => {
  res.json({ session: req.headers['mcp-session-id'] ?? null });
});
`;

const MANAGER = `import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class Manager {
  private readonly open = new Map<string, StreamableHTTPServerTransport>();
  add(id: string, transport: StreamableHTTPServerTransport): void {
    this.open.set(id, transport);
  }
  get(id: string): StreamableHTTPServerTransport | undefined {
    return this.open.get(id);
  }
}
export const manager = new Manager();
`;

describe('a marker on one method of an endpoint', () => {
  it('stands for the session findings of the other methods on the same router and path, not of another path', async () => {
    const marker = '// @mcp-migrate-todo(session-transport/session-id-generator): this endpoint is a gateway: each session opens its own upstream.';
    const after = await findings({ 'src/routes.ts': marked(POOLED, marker), 'src/manager.ts': MANAGER });
    const mine = after.filter((f) => f.file === 'src/routes.ts' && f.category.startsWith('session-'));
    const decision = mine.find((f) => f.ruleId === 'session-transport/session-id-generator')!;
    // The GET and DELETE /:name/mcp reads and routes are the decision's; the health route's header read stays reported
    // (the route itself is no session route: its path is neither an MCP endpoint's nor a POST route's, sweep 12 K5).
    expect(decision.replaces?.map((r) => r.line)).toEqual(expect.arrayContaining([8, 9, 21, 22]));
    expect(mine.filter((f) => f !== decision).map((f) => `${f.line} ${f.ruleId}`)).toEqual(['28 session-transport/session-header']);
  });
});

describe('a marker above a hand-written transport class', () => {
  // The stateless-serving fixture pair: the class implements the SDK's Transport and keeps sessions by hand (sweep 7 E14).
  const fixture = (kind: 'input' | 'output') => fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'transforms', '__testfixtures__', 'stateless-serving', `hand-written-transport-marker.${kind}.ts`), 'utf8');

  it('stands for the session findings inside the class: its session table, DELETE route, header reads and writes, initialize routing', async () => {
    const before = (await findings({ 'src/server.ts': fixture('input') })).filter((f) => f.category === 'session-transport' || f.category === 'session-state');
    expect(before.map((f) => f.ruleId)).toEqual(expect.arrayContaining(['session-state/keyed-store', 'session-transport/session-route', 'session-transport/session-header', 'session-transport/initialize-routing']));
    const after = await findings({ 'src/server.ts': fixture('output') });
    expect(after.map((f) => `${f.ruleId}:${f.line}`)).toEqual(['session-transport/session-id-generator:18']);
    expect(after[0]!.replaces?.length).toBe(before.length);
  });
});
