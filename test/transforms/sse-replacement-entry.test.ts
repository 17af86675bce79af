/**
 * A project whose only MCP endpoint is HTTP+SSE (sse-replacement-entry.ts) gets a `createMcpHandler` entry when that
 * entry is certain: with `--modern-only` in place of the stream route (the endpoint goes), by default after the kept
 * routes. Otherwise the note says why no entry was written (with `--modern-only` the endpoint still goes). The fixture
 * pairs sse-kept, sse-modern-only, sse-only-modern-only and sse-only-route-calls-modern-only hold the rewrites; these
 * cases hold the refusals (which change only the note) and what becomes of loops over the removed streams.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { tempTree } from '../support/temp-tree.js';
import { V2_PACKAGE_VERSIONS } from '../../src/transforms/sdk-v2/manifest.js';

const PACKAGE = '{ "name": "sse-only", "type": "module", "dependencies": { "@modelcontextprotocol/server": "^2.0.0" } }\n';

function server(routes: string, factoryFirst = true): string {
  const factory = `const buildServer = () => new McpServer({ name: 'sse-only', version: '1.0.0' });\n`;
  return `import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

const app = express();
const streams = new Map<string, SSEServerTransport>();
${factoryFirst ? factory : ''}
${routes}
${factoryFirst ? '' : factory}
app.listen(3000);
`;
}

const GET_SSE = (middleware = '') => `app.get('/sse', ${middleware}async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  streams.set(transport.sessionId, transport);
  res.on('close', () => streams.delete(transport.sessionId));
  await buildServer().connect(transport);
});`;

const POST_MESSAGES = (middleware = '') => `app.post('/messages', ${middleware}async (req, res) => {
  const transport = streams.get(String(req.query.sessionId));
  if (!transport) {
    res.status(404).end();
    return;
  }
  await transport.handlePostMessage(req, res);
});`;

async function migrate(source: string, modernOnly = true) {
  const dir = tempTree({ 'package.json': PACKAGE, 'src/index.ts': source });
  const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'], transformOptions: { modernOnly } });
  expect(result.failures).toEqual([]);
  const after = result.changes.find((c) => c.file.endsWith('index.ts'))?.after ?? '';
  const manifest = result.changes.find((c) => c.file.endsWith('package.json'))?.after;
  return { after, manifest, notes: result.notes.filter((n) => n.startsWith('serving:')) };
}

describe('an entry for the only (HTTP+SSE) endpoint', () => {
  it('writes the entry when the factory exists where the route was, and declares the package it imports', async () => {
    const { after, manifest, notes } = await migrate(server(`${GET_SSE()}\n\n${POST_MESSAGES()}`));
    // toNodeHandler comes from @modelcontextprotocol/node, which an HTTP+SSE-only server had no reason to declare.
    expect(JSON.parse(manifest ?? '{}').dependencies).toEqual({ '@modelcontextprotocol/node': V2_PACKAGE_VERSIONS['@modelcontextprotocol/node'], '@modelcontextprotocol/server': '^2.0.0' });
    expect(after).toContain("const mcpHandler = createMcpHandler(buildServer, { legacy: 'reject' });");
    expect(after).toContain("app.all('/mcp', toNodeHandler(mcpHandler));");
    expect(after).not.toContain('SSEServerTransport');
    expect(notes.some((n) => n.includes('the project\'s only MCP endpoint was HTTP+SSE'))).toBe(true);
  });

  it('writes no entry when the factory is a const declared after the route (it would not exist yet)', async () => {
    const { after, notes } = await migrate(server(`${GET_SSE()}\n\n${POST_MESSAGES()}`, false));
    expect(after).not.toMatch(/= createMcpHandler\(/);
    // The only endpoint stays (removed, no client could reach the server), marked with why no entry replaced it.
    expect(after).toContain("app.get('/sse'");
    expect(after).toMatch(/@mcp-migrate-todo\(session-transport\/sse-transport\): HTTP\+SSE endpoint .* is the project's only MCP endpoint/);
    expect(notes.some((n) => n.includes('kept although --modern-only was given') && n.includes('`buildServer` is declared or assigned after the route'))).toBe(true);
  });

  it('writes no entry when the routes run different middlewares', async () => {
    const auth = `const requireToken = (_req: express.Request, _res: express.Response, next: () => void) => next();\n`;
    const { after, notes } = await migrate(server(`${auth}${GET_SSE('requireToken, ')}\n\n${POST_MESSAGES()}`));
    expect(after).not.toMatch(/= createMcpHandler\(/);
    expect(after).toContain("app.get('/sse'");
    expect(notes.some((n) => n.includes('kept although --modern-only was given') && n.includes('different middlewares'))).toBe(true);
  });

  it('writes no entry when a route that stays answers /mcp', async () => {
    const status = `app.get('/mcp', (_req, res) => {\n  res.send('see /sse');\n});`;
    const { after, notes } = await migrate(server(`${GET_SSE()}\n\n${POST_MESSAGES()}\n\n${status}`));
    expect(after).not.toMatch(/= createMcpHandler\(/);
    expect(after).toContain("res.send('see /sse')");
    expect(after).toContain("app.get('/sse'");
    expect(notes.some((n) => n.includes('kept although --modern-only was given') && n.includes('a route that stays already answers /mcp'))).toBe(true);
  });

  it('writes no entry for routes chained on `route(path)` (their first argument is a middleware, not the path)', async () => {
    const auth = `const auth = (_req: express.Request, _res: express.Response, next: () => void) => next();\n`;
    const routes = `${GET_SSE('auth, ')}\n\n${POST_MESSAGES('auth, ')}`.replace("app.get('/sse', ", "app.route('/sse').get(").replace("app.post('/messages', ", "app.route('/messages').post(");
    const { after, notes } = await migrate(server(`${auth}${routes}`));
    expect(after).not.toMatch(/= createMcpHandler\(/);
    expect(after).toContain('const auth =');
    expect(after).toContain("app.route('/sse')");
    expect(notes.some((n) => n.includes('kept although --modern-only was given') && n.includes('do not name their path as their first argument'))).toBe(true);
  });

  it('writes no entry when the streams are served by two different servers', async () => {
    const notes2 = GET_SSE().replace("'/sse'", "'/notes/sse'").replace('buildServer()', 'buildNotes()');
    const source = server(`const buildNotes = () => new McpServer({ name: 'notes', version: '1.0.0' });\n${GET_SSE()}\n\n${notes2}\n\n${POST_MESSAGES()}`);
    const { after, notes } = await migrate(source);
    expect(after).not.toMatch(/= createMcpHandler\(/);
    expect(after).toContain("app.get('/notes/sse'");
    expect(notes.some((n) => n.includes('kept although --modern-only was given') && n.includes('2 different servers'))).toBe(true);
  });

  it('writes no entry when the factory is a var assigned after the route', async () => {
    const source = server(`${GET_SSE()}\n\n${POST_MESSAGES()}`, false).replace('const buildServer = () =>', 'var buildServer = () =>');
    const { after, notes } = await migrate(source);
    expect(after).not.toMatch(/= createMcpHandler\(/);
    expect(after).toContain("app.get('/sse'");
    expect(notes.some((n) => n.includes('kept although --modern-only was given') && n.includes('`buildServer` is declared or assigned after the route'))).toBe(true);
  });

  it('closes the entry from a shutdown listener, and drops a loop over the streams anywhere else (an admin route)', async () => {
    const admin = `app.post('/admin/disconnect', (_req, res) => {\n  for (const t of streams.values()) void t.close();\n  res.sendStatus(204);\n});`;
    const shutdown = `process.on('SIGTERM', async () => {\n  for (const t of streams.values()) {\n    await t.close();\n  }\n  process.exit(0);\n});`;
    const { after } = await migrate(server(`${GET_SSE()}\n\n${POST_MESSAGES()}\n\n${admin}\n\n${shutdown}`));
    expect(after).toContain("app.post('/admin/disconnect', (_req, res) => {\n  res.sendStatus(204);");
    expect(after).toContain("process.on('SIGTERM', async () => {\n  await mcpHandler.close();\n  process.exit(0);");
    expect(after.match(/mcpHandler\.close\(\)/g)).toHaveLength(1);
  });

  it('by default keeps the endpoint for 2025-era clients and adds the entry after its routes (after a trailing comment too)', async () => {
    const { after, notes } = await migrate(server(`${GET_SSE()}\n\n${POST_MESSAGES()} // 2024-11-05 clients post here`), false);
    expect(after).toContain('  await transport.handlePostMessage(req, res);\n}); // 2024-11-05 clients post here\n\n// Streamable HTTP');
    expect(after).toContain("app.get('/sse'");
    expect(after).toContain("// Streamable HTTP for 2026-07-28 clients (and 2025-era clients, without sessions)\nconst mcpHandler = createMcpHandler(buildServer);\napp.all('/mcp', toNodeHandler(mcpHandler));");
    expect(notes.some((n) => n.includes('after its routes'))).toBe(true);
  });
});

describe('@modelcontextprotocol/server-legacy in package.json', () => {
  const LEGACY_PACKAGE = '{ "name": "sse-only", "type": "module", "dependencies": { "@modelcontextprotocol/node": "^2.1.2", "@modelcontextprotocol/server": "^2.0.0", "@modelcontextprotocol/server-legacy": "^2.3.1" } }\n';
  const legacySource = server(`${GET_SSE()}\n\n${POST_MESSAGES()}`).replace("'@modelcontextprotocol/sdk/server/sse.js'", "'@modelcontextprotocol/server-legacy/sse'");

  async function migrateLegacy(files: Record<string, string>, modernOnly: boolean) {
    const dir = tempTree({ 'package.json': LEGACY_PACKAGE, 'src/index.ts': legacySource, ...files });
    const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'], transformOptions: { modernOnly } });
    expect(result.failures).toEqual([]);
    const manifest = result.changes.find((c) => c.file.endsWith('package.json'))?.after;
    return { manifest, notes: result.notes.filter((n) => n.startsWith('package.json:')) };
  }

  it('goes with --modern-only when the removed endpoint was its last importer, the other entries as written', async () => {
    const { manifest, notes } = await migrateLegacy({}, true);
    expect(manifest).toBe('{ "name": "sse-only", "type": "module", "dependencies": { "@modelcontextprotocol/node": "^2.1.2", "@modelcontextprotocol/server": "^2.0.0" } }\n');
    expect(notes.some((n) => n.includes('removed @modelcontextprotocol/server-legacy'))).toBe(true);
  });

  it('stays by default (the endpoint is kept for 2025-era clients)', async () => {
    const { manifest } = await migrateLegacy({}, false);
    expect(manifest ?? LEGACY_PACKAGE).toContain('"@modelcontextprotocol/server-legacy"');
  });

  it('stays when a workspace package under it names it (a nested package.json that does not declare it), or a test mocks it by a template literal', async () => {
    const workspace = await migrateLegacy({ 'packages/cli/package.json': '{ "name": "cli" }\n', 'packages/cli/src/relay.ts': "export { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';\n" }, true);
    expect(workspace.manifest ?? LEGACY_PACKAGE).toContain('"@modelcontextprotocol/server-legacy"');
    expect(workspace.notes.some((n) => n.includes(path.join('packages', 'cli', 'src', 'relay.ts')))).toBe(true);
    const mocked = await migrateLegacy({ 'test/sse.test.ts': 'vi.mock(`@modelcontextprotocol/server-legacy/sse`, () => ({}));\n' }, true);
    expect(mocked.manifest ?? LEGACY_PACKAGE).toContain('"@modelcontextprotocol/server-legacy"');
  });

  it('stays when a file apply was not given still imports it, and the note names that file', async () => {
    const { manifest, notes } = await migrateLegacy({ 'scripts/legacy-bridge.ts': "import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';\nexport { SSEServerTransport };\n" }, true);
    expect(manifest ?? LEGACY_PACKAGE).toContain('"@modelcontextprotocol/server-legacy"');
    expect(notes.some((n) => n.includes('kept') && n.includes(path.join('scripts', 'legacy-bridge.ts')))).toBe(true);
  });
});

describe("a server built by a package's factory (sweep 21 U2, U3)", () => {
  // `createServer` of a package that builds a whole MCP server (playwright's): neither its SDK nor what each server keeps is readable.
  const fromPackage = `app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  streams.set(transport.sessionId, transport);
  res.on('close', () => streams.delete(transport.sessionId));
  const server = createServer({ launchOptions: { headless: true } });
  await server.connect(transport);
});
app.post('/messages', async (req, res) => {
  await streams.get(req.query.sessionId as string)?.handlePostMessage(req, res);
});`;
  const source = server(fromPackage).replace("import express from 'express';", "import express from 'express';\nimport { createServer } from '@playwright/mcp';");

  for (const modernOnly of [false, true]) {
    it(`writes no entry around it, keeps the endpoint and says why${modernOnly ? ' (--modern-only)' : ''}`, async () => {
      const { after } = await migrate(source, modernOnly);
      const code = after.split('\n').filter((line) => !line.trim().startsWith('//')).join('\n');
      expect(code).not.toContain('createMcpHandler(');
      expect(after).toContain("app.get('/sse'");
      expect(after).toContain('from the package @playwright/mcp, which mcp-migrate does not read');
    });
  }
});

describe("a package's server factory reached another way (review 35 B4, B5)", () => {
  const route = (call: string) => `app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  streams.set(transport.sessionId, transport);
  res.on('close', () => streams.delete(transport.sessionId));
  const server = ${call};
  await server.connect(transport);
});
app.post('/messages', async (req, res) => {
  await streams.get(req.query.sessionId as string)?.handlePostMessage(req, res);
});`;
  const entryless = (after: string) => after.split('\n').filter((line) => !line.trim().startsWith('//')).join('\n');

  it('through a namespace import', async () => {
    const source = server(route('playwrightMcp.createConnection({ headless: true })')).replace("import express from 'express';", "import express from 'express';\nimport * as playwrightMcp from '@playwright/mcp';");
    const { after } = await migrate(source, true);
    expect(entryless(after)).not.toContain('createMcpHandler(');
    expect(after).toContain('`playwrightMcp.createConnection` from the package @playwright/mcp');
  });

  it('re-exported by a module of the project', async () => {
    const source = server(route('createConnection({ headless: true })')).replace("import express from 'express';", "import express from 'express';\nimport { createConnection } from './browser-mcp.js';");
    const dir = tempTree({ 'package.json': PACKAGE, 'src/index.ts': source, 'src/browser-mcp.ts': "export { createConnection } from '@playwright/mcp';\n" });
    const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'], transformOptions: { modernOnly: true } });
    const after = result.changes.find((c) => c.file.endsWith('index.ts'))?.after ?? '';
    expect(entryless(after)).not.toContain('createMcpHandler(');
    expect(after).toContain('`createConnection` from the package @playwright/mcp');
  });
});
