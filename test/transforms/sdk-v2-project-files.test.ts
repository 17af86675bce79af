/**
 * `sdk-v2` where what decides a file's fate lies outside the analysed files (sweep of real servers):
 * a pnpm catalog behind the zod range (antfu/nuxt-mcp), client code the analysis did not load that
 * imports a types-only module (zereight/gitlab-mcp), and an McpServer typed through a project module
 * that re-exports the SDK's (antfu/nuxt-mcp); a CommonJS file loading the SDK with `import()` (sweep 20 T1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { zodRangeReachesFloor } from '../../src/transforms/sdk-v2/manifest.js';
import { runtimeImports } from '../../src/transforms/sdk-v2/runtime-imports.js';
import { sdkLoadedOptionally, unmovableDynamicSdkImports } from '../../src/transforms/sdk-v2/dynamic-imports.js';
import { cleanUpMaterialised, materialise, readTree, typeCheck } from '../support/transform-fixtures.js';
import { tempTree } from '../support/temp-tree.js';

const TRANSFORM = 'sdk-v2';
afterAll(cleanUpMaterialised);

const SERVER = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { z } from 'zod';",
  "export const server = new McpServer({ name: 's', version: '1.0.0' });",
  "server.registerTool('echo', { description: 'Echo', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));",
  '',
].join('\n');

describe('zod from a pnpm catalog', () => {
  const workspace = (catalogs: string) =>
    new Map([
      ['package.json', '{ "name": "root", "private": true }\n'],
      ['pnpm-workspace.yaml', `packages:\n  - packages/*\n${catalogs}`],
      ['packages/srv/package.json', '{ "name": "srv", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "catalog:prod", "zod": "catalog:prod" } }\n'],
      ['packages/srv/server.ts', SERVER],
    ]);

  it('is judged by the range its catalog gives (^3.25.76 is raised), and the report says where it came from', async () => {
    const dir = materialise('zod-catalog', workspace("catalogs:\n  prod:\n    '@modelcontextprotocol/sdk': ^1.21.0\n    zod: ^3.25.76\n"));
    const result = await runApply({ paths: [path.join(dir, 'packages/srv')], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'packages/srv/package.json'), 'utf8'));
    expect(manifest.dependencies.zod).toBe('^4.2.0');
    expect(manifest.dependencies['@modelcontextprotocol/server']).toBe('^2.4.0');
    expect(result.notes.some((n) => n.includes('zod catalog:prod (^3.25.76 from catalog prod in ../../pnpm-workspace.yaml) → ^4.2.0') && n.includes('Run `pnpm install`'))).toBe(true);
  });

  it('a catalog reference it cannot resolve is unknown, not zod 4: raised like a zod 3 range, and said so', async () => {
    const dir = materialise('zod-catalog-unknown', workspace("catalog:\n  zod: ^4.3.0\n"));
    const result = await runApply({ paths: [path.join(dir, 'packages/srv')], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'packages/srv/package.json'), 'utf8'));
    expect(manifest.dependencies.zod).toBe('^4.2.0');
    expect(result.notes.some((n) => n.includes('zod catalog:prod (../../pnpm-workspace.yaml has no zod in catalog prod, so the zod version is unknown and not taken to reach 4.2) → ^4.2.0'))).toBe(true);
    expect(zodRangeReachesFloor('catalog:prod')).toBe(false);
  });

  it('the default catalog (`catalog:`) that reaches 4.2 is left alone', async () => {
    const files = workspace("catalog:\n  zod: ^4.3.0\n");
    files.set('packages/srv/package.json', '{ "name": "srv", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "catalog:", "zod": "catalog:" } }\n');
    const dir = materialise('zod-catalog-default', files);
    await runApply({ paths: [path.join(dir, 'packages/srv')], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'packages/srv/package.json'), 'utf8')).dependencies.zod).toBe('catalog:');
  });
});

it('a types-only module whose only importers are client code the analysis did not load stays on v1 (gitlab-mcp\'s test/clients/)', async () => {
  const iface = "import { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\nexport interface ToolCaller { call(name: string): Promise<CallToolResult>; }\n";
  const impl = [
    "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
    "import { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
    "import { ToolCaller } from './iface.js';",
    'export class Caller implements ToolCaller {',
    '  constructor(private client: Client) {}',
    '  async call(name: string): Promise<CallToolResult> { return (await this.client.callTool({ name })) as CallToolResult; }',
    '}',
    '',
  ].join('\n');
  const files = new Map([['package.json', '{ "name": "r2", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0", "zod": "^3.25.0" } }\n'], ['server.ts', SERVER], ['clients/iface.ts', iface], ['clients/impl.ts', impl]]);
  for (const target of ['server.ts', '.']) {
    const dir = materialise('client-types-unanalysed', files);
    const result = await runApply({ paths: [path.join(dir, target)], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const tree = readTree(dir);
    expect(tree.get('clients/iface.ts'), target).toBe(iface);
    expect(tree.get('clients/impl.ts'), target).toBe(impl);
    expect(tree.get('server.ts'), target).toContain("from '@modelcontextprotocol/server'");
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: clients/iface.ts is left on SDK v1: it imports only SDK types')), target).toHaveLength(1);
  }
});

it('registrations on an McpServer typed through a project module that re-exports the SDK\'s are migrated like direct ones (antfu/nuxt-mcp)', async () => {
  const server = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { registerTools } from './tools.js';",
    "const server = new McpServer({ name: 's', version: '1.0.0' });",
    'registerTools(server);',
    'export default server;',
    '',
  ].join('\n');
  const types = "export type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n";
  const tools = [
    "import type { McpServer } from './types.js';",
    "import { z } from 'zod';",
    'export function registerTools(mcp: McpServer) {',
    "  mcp.tool('hello', 'Say hello', { name: z.string() }, async ({ name }) => ({ content: [{ type: 'text', text: `hi ${name}` }] }));",
    "  mcp.prompt('greet', 'Greet', async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }));",
    '}',
    '',
  ].join('\n');
  const dir = materialise('mcp-server-reexported', new Map([['server.ts', server], ['types.ts', types], ['tools.ts', tools]]));
  const first = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
  expect(first.failures).toEqual([]);
  const migrated = readTree(dir).get('tools.ts')!;
  expect(migrated).toContain("mcp.registerTool('hello', { description: 'Say hello', inputSchema: z.object({ name: z.string() }) }");
  expect(migrated).toContain("mcp.registerPrompt('greet', { description: 'Greet' }");
  expect(migrated).not.toMatch(/__mcpMigrate|@modelcontextprotocol|@mcp-codemod-error/);
  expect(migrated.split('\n').slice(0, 2)).toEqual(tools.split('\n').slice(0, 2));
  expect(typeCheck(dir)).toBe('');
  const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
  expect(second.changes).toEqual([]);
});

it('a file that imports SDK types but takes its McpServer from a project module has all its registrations migrated, not only those on a receiver named like a server', async () => {
  const server = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const app = new McpServer({ name: 'echo', version: '1.0.0' });\n";
  const tools = [
    "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
    "import { z } from 'zod';",
    "import { app } from './server.js';",
    '',
    "app.tool('echo', { text: z.string() }, async ({ text }): Promise<CallToolResult> => ({ content: [{ type: 'text', text }] }));",
    "app.prompt('greet', async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }));",
    '',
  ].join('\n');
  const dir = materialise('app-registrations', new Map([['server.ts', server], ['tools.ts', tools]]));
  const first = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
  expect(first.failures).toEqual([]);
  const migrated = readTree(dir).get('tools.ts')!;
  expect(migrated).toContain("app.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }");
  expect(migrated).toContain("app.registerPrompt('greet', {}");
  expect(migrated).not.toMatch(/__mcpMigrate|@modelcontextprotocol\/sdk|@mcp-codemod-error/);
  expect(typeCheck(dir)).toBe('');
  const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
  expect(second.changes).toEqual([]);
});

describe('files of a moving package outside the paths given', () => {
  const pkg = () =>
    materialise(
      'outside-paths',
      new Map([
        ['package.json', '{ "name": "srv", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.21.0", "zod": "^4.2.0" } }\n'],
        ['src/server.ts', SERVER],
        ['demo/demo.ts', "import { server } from '../src/server.js';\nexport const demo = server;\n"],
        ['test/setup.ts', "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const fake = (): McpServer => new McpServer({ name: 'fake', version: '1.0.0' });\n"],
      ]),
    );
  const setupOf = (dir: string) => fs.readFileSync(path.join(dir, 'test/setup.ts'), 'utf8');

  it('are left as they are with two paths as with one (sweep 6 D18: `src demo` migrated test/), and package.json keeps SDK 1.x for them, said', async () => {
    for (const paths of [['src'], ['src', 'demo']]) {
      const dir = pkg();
      const result = await runApply({ paths, cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
      expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8'), paths.join(' ')).toContain("from '@modelcontextprotocol/server'");
      expect(setupOf(dir), paths.join(' ')).toContain("from '@modelcontextprotocol/sdk/server/mcp.js'");
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies['@modelcontextprotocol/sdk'], paths.join(' ')).toBe('^1.21.0');
      expect(result.notes.some((n) => n.includes('keeps @modelcontextprotocol/sdk') && n.includes('test/setup.ts')), paths.join(' ')).toBe(true);
    }
  });

  it('move with the package when apply is pointed at it', async () => {
    const dir = pkg();
    await runApply({ paths: ['.'], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(setupOf(dir)).toContain("from '@modelcontextprotocol/server'");
  });
});

describe('runtimeImports (what package.json must declare once SDK 1.x no longer brings it)', () => {
  it('imports, re-exports, require and import() load packages; type-only imports, comments and strings do not', () => {
    const text = [
      "import express from 'express';",
      "import type { Request } from 'express-serve-static-core';",
      "import { type CorsOptions } from 'cors';",
      "export { z } from 'zod';",
      "export type { JWTPayload } from 'jose';",
      "// import hono from 'hono';",
      "const note = \"require('ajv')\";",
      "const raw = require('raw-body');",
      "const lazy = () => import('eventsource');",
      "import './side-effect.js';",
      "import fs from 'node:fs';",
    ].join('\n');
    expect(runtimeImports('src/server.ts', text)).toEqual(['express', 'zod', 'raw-body', 'eventsource']);
  });

  it('a TypeScript import whose names are used only as types is erased, as the compiler does; a class base, a value or JavaScript keeps it (sweep 39 AM3)', () => {
    const typesOnly = "import { Request, Response } from 'express';\nexport async function sse(req: Request, res: Response): Promise<void> { res.end(); }\n";
    expect(runtimeImports('src/mcp.controller.ts', typesOnly)).toEqual([]);
    expect(runtimeImports('src/a.ts', "import { Request, json } from 'express';\nexport const parse = json();\nexport type R = Request;\n")).toEqual(['express']);
    expect(runtimeImports('src/b.ts', "import { EventEmitter } from 'eventsource';\nexport class Source extends EventEmitter<string> {}\n")).toEqual(['eventsource']);
    expect(runtimeImports('src/c.ts', "import { Router } from 'express';\nexport let r: typeof Router;\n")).toEqual([]);
    expect(runtimeImports('src/d.js', typesOnly.replace(/: Request|: Response|: Promise<void>/g, ''))).toEqual(['express']);
  });

  it('under emitDecoratorMetadata, a class typing a decorated member is loaded at run time (review 44 S44-6)', () => {
    const service = "import { Injectable } from '@nestjs/common';\nimport Ajv from 'ajv';\nimport { Schema } from 'ajv';\n@Injectable()\nexport class Validator {\n  constructor(private readonly ajv: Ajv) {}\n  check(schema: Schema): boolean { return !!schema; }\n}\n";
    const withMetadata = tempTree({ 'tsconfig.json': JSON.stringify({ compilerOptions: { experimentalDecorators: true, emitDecoratorMetadata: true } }), 'src/validator.ts': service });
    const without = tempTree({ 'tsconfig.json': JSON.stringify({ compilerOptions: { experimentalDecorators: true } }), 'src/validator.ts': service });
    // The default import is a binding of its own (kept either way); the named `Schema` types an undecorated method's parameter.
    expect(runtimeImports(path.join(withMetadata, 'src/validator.ts'), service)).toEqual(['@nestjs/common', 'ajv']);
    expect(runtimeImports(path.join(without, 'src/validator.ts'), service)).toEqual(['@nestjs/common', 'ajv']);
    const named = service.replace("import Ajv from 'ajv';\nimport { Schema } from 'ajv';", "import { Ajv, Schema } from 'ajv';");
    expect(runtimeImports(path.join(withMetadata, 'src/validator.ts'), named)).toEqual(['@nestjs/common', 'ajv']);
    expect(runtimeImports(path.join(without, 'src/validator.ts'), named)).toEqual(['@nestjs/common']);
  });

  it("under emitDecoratorMetadata, a decorated method's parameter types (`@Req() req: Request`) are not taken as loaded (review 44b S44b-3)", () => {
    const controller = "import { Controller, Get, Req, Res } from '@nestjs/common';\nimport { Request, Response } from 'express';\n@Controller('mcp')\nexport class McpController {\n  @Get('sse')\n  async sse(@Req() req: Request, @Res() res: Response): Promise<void> { res.end(); }\n}\n";
    const dir = tempTree({ 'tsconfig.json': JSON.stringify({ compilerOptions: { experimentalDecorators: true, emitDecoratorMetadata: true } }), 'src/mcp.controller.ts': controller });
    expect(runtimeImports(path.join(dir, 'src/mcp.controller.ts'), controller)).toEqual(['@nestjs/common']);
  });
});

describe('the SDK loaded with import() (sweep 20 T1)', () => {
  const cjs = (load: string) => `let Server, StreamableHTTPServerTransport;\nasync function start() {\n${load}\n}\nmodule.exports = { start };\n`;

  it('names v2 renamed or moved, or a module kept whole, hold the file on SDK v1; names the server package exports do not', () => {
    expect(unmovableDynamicSdkImports('a.cjs', cjs("  ({ StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js'));"))).toEqual([
      "`import('@modelcontextprotocol/sdk/server/streamableHttp.js')` takes `StreamableHTTPServerTransport`, which @modelcontextprotocol/server does not export",
    ]);
    expect(unmovableDynamicSdkImports('a.cjs', cjs("  const { CallToolRequestSchema: Schema } = await import('@modelcontextprotocol/sdk/types.js');"))).toHaveLength(1);
    expect(unmovableDynamicSdkImports('a.cjs', cjs("  const sdk = await import('@modelcontextprotocol/sdk/server/index.js');"))[0]).toContain('keeps the module whole');
    expect(unmovableDynamicSdkImports('a.cjs', cjs("  ({ Server } = await import('@modelcontextprotocol/sdk/server/index.js'));"))).toEqual([]);
    expect(unmovableDynamicSdkImports('a.cjs', cjs("  Server = (await import('@modelcontextprotocol/sdk/server/index.js')).Server;"))).toEqual([]);
    // A module the codemod points at an entry of its own: checked against that entry (sweep 35 AI4).
    expect(unmovableDynamicSdkImports('a.cjs', cjs("  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');"))).toEqual([]);
    expect(unmovableDynamicSdkImports('a.cjs', cjs("  const { serveStdio, Nope } = await import('@modelcontextprotocol/sdk/server/stdio.js');"))).toEqual([
      "`import('@modelcontextprotocol/sdk/server/stdio.js')` takes `Nope`, which @modelcontextprotocol/server/stdio does not export",
    ]);
    // A module binding read only by member (`mod.McpServer`), as an optional peer is loaded (sweep 36 AJ5): the names read.
    const members = (reads: string) => `let McpServer;\ntry {\n  const mod = await import('@modelcontextprotocol/sdk/server/mcp.js');\n${reads}\n} catch {}\n`;
    expect(unmovableDynamicSdkImports('a.mjs', members('  McpServer = mod.McpServer;'))).toEqual([]);
    expect(unmovableDynamicSdkImports('a.mjs', members('  McpServer = mod.McpServer;\n  const T = mod.StreamableHTTPServerTransport;'))).toEqual([
      "`import('@modelcontextprotocol/sdk/server/mcp.js')` takes `StreamableHTTPServerTransport`, which @modelcontextprotocol/server does not export",
    ]);
    expect(unmovableDynamicSdkImports('a.mjs', members('  McpServer = mod.McpServer;\n  register(mod);'))[0]).toContain('keeps the module whole');
    expect(sdkLoadedOptionally('a.mjs', members('  register(mod);'))).toBe(true);
    expect(sdkLoadedOptionally('a.cjs', cjs("  const sdk = await import('@modelcontextprotocol/sdk/server/index.js');"))).toBe(false);
    // In a comment or a string it loads nothing.
    expect(unmovableDynamicSdkImports('a.cjs', cjs("  // await import('@modelcontextprotocol/sdk/server/streamableHttp.js')"))).toEqual([]);
  });

  it('apply leaves such a file and package.json on SDK v1, and says why', async () => {
    const server = [
      "const express = require('express');",
      'let Server, StreamableHTTPServerTransport;',
      'async function start() {',
      "  ({ Server } = await import('@modelcontextprotocol/sdk/server/index.js'));",
      "  ({ StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js'));",
      "  const server = new Server({ name: 's', version: '1.0.0' }, { capabilities: { tools: {} } });",
      '  const app = express();',
      "  app.post('/mcp', async (req, res) => {",
      '    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });',
      '    await server.connect(transport);',
      '    await transport.handleRequest(req, res, req.body);',
      '  });',
      '  app.listen(3000);',
      '}',
      'start();',
      '',
    ].join('\n');
    const manifest = '{ "name": "cjs", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0", "express": "^4.21.2" } }\n';
    const dir = materialise('dynamic-import-cjs', new Map([['package.json', manifest], ['server.cjs', server]]));
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const tree = readTree(dir);
    expect(tree.get('server.cjs')).toBe(server);
    expect(tree.get('package.json')).toBe(manifest);
    const note = result.notes.filter((n) => n.startsWith('sdk-v2: server.cjs is left on SDK v1: it loads the SDK with import()'));
    expect(note).toHaveLength(1);
    // A name v2 moved is loaded from its v2 home by hand; destructuring it, which the file already does, would not move it (review 43 S43-8).
    expect(note[0]).toContain('Load each name v2 moved or renamed from its v2 home by hand');
    expect(note[0]).not.toContain('Load the SDK with static imports');
  });
});

it('a server module whose importer hands the server to a dependency built on SDK v1 stays on v1 with it (sweep 21 U5)', async () => {
  const mcp = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "const mcpServer = new McpServer({ name: 'u5', version: '1.0.0' });",
    'export default mcpServer;',
    '',
  ].join('\n');
  const index = [
    "import { StreamableHTTPTransport } from '@hono/mcp';",
    "import { Hono } from 'hono';",
    "import mcp from './mcp.js';",
    'const transport = new StreamableHTTPTransport();',
    'const app = new Hono();',
    "app.all('/mcp', async (c) => {",
    '  if (!mcp.isConnected()) await mcp.connect(transport);',
    '  return transport.handleRequest(c);',
    '});',
    'export default app;',
    '',
  ].join('\n');
  const manifest = '{ "name": "u5", "type": "module", "dependencies": { "@hono/mcp": "^0.1.0", "@modelcontextprotocol/sdk": "^1.29.0", "hono": "^4.7.0" } }\n';
  const dir = materialise('server-handed-to-v1-dependency', new Map([['package.json', manifest], ['src/mcp.ts', mcp], ['src/index.ts', index]]));
  const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
  const tree = readTree(dir);
  expect(tree.get('src/mcp.ts')).toBe(mcp);
  expect(tree.get('package.json')).toBe(manifest);
  expect(result.notes.filter((n) => n.startsWith('sdk-v2: src/mcp.ts is left on SDK v1: src/index.ts imports it and hands what it gets to @hono/mcp'))).toHaveLength(1);
});
