/**
 * `sdk-v2`, driven by the fixture pairs in transforms/__testfixtures__/sdk-v2/ (harness:
 * test/support/transform-fixtures.ts). For each case:
 * 1. the input type-checks against the real SDK packages (v1 1.32.2 for the v1 cases);
 * 2. the expected output type-checks against the real v2 packages (`@modelcontextprotocol/server`,
 *    `/node`), so an expected output is a program, not a wish;
 * 3. `runApply` (sdk-v2 alone) on a copy of the input gives exactly the expected output, package.json
 *    included where the case has one; a second run changes nothing (the project is then on v2).
 * Then: what the official codemod leaves for a person (its own comment, once, and a report note),
 * `--target stateless-v1` leaving SDK v1 alone, the versions written to package.json, and the
 * package.json editor and minimal-edit helpers on their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { main } from '../../src/cli.js';
import { keepIndentation, minimalEdits } from '../../src/transforms/kit/minimal-edits.js';
import { applyEdits } from '../../src/transforms/kit/edits.js';
import { V2_PACKAGE_VERSIONS, rewriteManifest, zodRangeReachesFloor } from '../../src/transforms/sdk-v2/manifest.js';
import { isClientOnly, matchImportSemicolons, matchSpecifierQuotes } from '../../src/transforms/sdk-v2/plan-sdk-v2.js';
import { packagesToShip } from '../../src/apply/typecheck/compiler.js';
import { ROOT, cleanUpMaterialised, loadFixtureCases, materialise, prepareTypeChecks, readTree, typeCheck, type FixtureCase } from '../support/transform-fixtures.js';

const TRANSFORM = 'sdk-v2';
const cases = loadFixtureCases(path.join(ROOT, 'transforms', '__testfixtures__', TRANSFORM));
const byName = (name: string): FixtureCase => cases.find((c) => c.name === name)!;

const applied = new Map<string, Promise<{ dir: string; first: Awaited<ReturnType<typeof runApply>> }>>();
function applyOnce(c: FixtureCase) {
  let run = applied.get(c.name);
  if (!run) {
    const dir = materialise(c.name, c.input);
    run = runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] }).then((first) => ({ dir, first }));
    applied.set(c.name, run);
  }
  return run;
}

afterAll(cleanUpMaterialised);

describe(`${TRANSFORM} fixtures`, () => {
  // Inputs and expected outputs are type-checked together (one Program per option set), before the cases ask.
  beforeAll(() => prepareTypeChecks(TRANSFORM, cases.flatMap((c) => [c.input, c.output])), 600_000);
  it('finds the cases', () => {
    expect(cases.map((c) => c.name)).toEqual(['already-v2', 'blank-line-after-imports', 'code-under-imports', 'codemod-comment', 'context-mocks', 'declaration-file-import', 'dropped-imports', 'empty-tool-result', 'entry-aliases', 'error-code-types', 'experimental-tasks', 'experimental-tasks-tool-store', 'handler-inline-context', 'handler-result-types', 'handler-result-types-js', 'helper-context', 'helper-context-destructured', 'helper-context-line-comments', 'helper-own-context-type', 'import-groups', 'jsdoc-import-types-js', 'json-schema-tool-input-js', 'library-peer-dependency', 'lone-context', 'multiline-input-schema', 'name-clash', 'namespace-import-moved-names', 'namespace-import-only-renamed-names', 'no-semicolons', 'project-declaration-file', 'registrations-constant-names', 'request-headers', 'runtime-loaded-tools', 'task-tool', 'tool-description-constants', 'v1-commonjs', 'v1-typescript', 'v1-undeclared-sdk-installs', 'v1-with-package-json', 'wrapped-handler-context', 'zod-v3-import']);
  });

  for (const c of cases) {
    describe(c.name, () => {
      it('input type-checks against the SDK packages', () => {
        expect(typeCheck(materialise(`${c.name}-in`, c.input))).toBe('');
      });

      it('expected output type-checks against the SDK v2 packages', () => {
        const dir = materialise(`${c.name}-exp`, c.output);
        expect(typeCheck(dir)).toBe('');
        for (const [rel, text] of c.output) if (/\.[cm]?[jt]s$/.test(rel)) expect(text, rel).not.toContain('@modelcontextprotocol/sdk');
      });

      it('apply gives the expected output, then nothing on a second run', async () => {
        const { dir, first } = await applyOnce(c);
        expect(first.failures).toEqual([]);
        const actual = readTree(dir);
        actual.delete('MIGRATION.md');
        if (!c.input.has('package.json')) actual.delete('package.json');
        expect([...actual.keys()].sort()).toEqual([...c.output.keys()].sort());
        for (const [rel, expected] of c.output) expect(actual.get(rel), `${c.name}: ${rel}`).toBe(expected);
        const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
        expect(second.failures).toEqual([]);
        expect(second.changes.map((ch) => path.relative(dir, ch.file))).toEqual([]);
        expect(second.notes).toEqual([]);
      });
    });
  }

  it('keeps what the official codemod leaves for a person as its own comment, once, and lists it in the report', async () => {
    const { dir, first } = await applyOnce(byName('codemod-comment'));
    const text = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
    expect(text.match(/@mcp-codemod-error/g)).toHaveLength(1);
    expect(text.match(/@mcp-migrate-todo/g)).toBeNull();
    const notes = first.notes.filter((n) => n.includes('Destructuring of context parameter'));
    expect(notes).toEqual([
      'sdk-v2: server.ts:8 left for a person by the official codemod (`@mcp-codemod-error` comment): Destructuring of context parameter in signature: "{ sessionId }". Properties have been reorganized in v2 (e.g., signal is now ctx.mcpReq.signal). Manual refactoring required.',
    ]);
    expect(text.split('\n')[7]).toContain('@mcp-codemod-error');
  });

  it('the same codemod comment above several lines is reported once per line, at its own line', async () => {
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      "export const server = new McpServer({ name: 'twice', version: '1.0.0' });",
      "server.tool('a', { x: z.string() }, async ({ x }, { sessionId }) => ({ content: [{ type: 'text', text: x + String(sessionId) }] }));",
      "server.tool('b', { x: z.string() }, async ({ x }, { sessionId }) => ({ content: [{ type: 'text', text: x + String(sessionId) }] }));",
      '',
    ].join('\n');
    const dir = materialise('twice', new Map([['server.ts', server]]));
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const lines = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8').split('\n');
    const commented = lines.flatMap((l, i) => (l.includes('@mcp-codemod-error Destructuring of context parameter') ? [i + 1] : []));
    expect(commented).toHaveLength(2);
    const noted = result.notes.filter((n) => n.includes('Destructuring of context parameter')).map((n) => Number(/server\.ts:(\d+)/.exec(n)![1]));
    expect(noted).toEqual(commented);
  });

  it('a name the codemod dropped that v2 does not export is marked at its first use, once, and reported', async () => {
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { InMemoryTaskStore, type CreateTaskResult } from '@modelcontextprotocol/sdk/experimental/tasks';",
      '',
      'export const taskStore = new InMemoryTaskStore();',
      'export let last: CreateTaskResult | undefined;',
      "export const server = new McpServer({ name: 'tasks', version: '1.0.0' });",
      '',
    ].join('\n');
    const dir = materialise('dropped-marked', new Map([['server.ts', server]]));
    const first = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const lines = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8').split('\n');
    expect(lines).toContain("import type { CreateTaskResult } from '@modelcontextprotocol/server';");
    const marked = lines.flatMap((l, i) => (l.includes('@mcp-codemod-error InMemoryTaskStore came from @modelcontextprotocol/sdk/experimental/tasks') ? [i + 1] : []));
    expect(marked).toHaveLength(1);
    expect(lines[marked[0]!]).toBe('export const taskStore = new InMemoryTaskStore();');
    expect(first.notes.some((n) => n.startsWith(`sdk-v2: server.ts:${marked[0]} left for a person`) && n.includes('SDK v2 exports no InMemoryTaskStore value'))).toBe(true);
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('a re-export of a name v2 no longer has, which the codemod drops with a report warning only (chrome-devtools-mcp\'s `export { type ShapeOutput } from …/zod-compat.js`), gets its comment: the modules importing it from this file are left importing nothing', async () => {
    const barrel = [
      "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "export { type ShapeOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js';",
      "export { z as zod } from 'zod';",
      '',
    ].join('\n');
    const dir = materialise('dropped-re-export', new Map([['third_party.ts', barrel]]));
    const first = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const lines = fs.readFileSync(path.join(dir, 'third_party.ts'), 'utf8').split('\n');
    expect(lines.filter((l) => l.includes('ShapeOutput'))).toEqual([
      '/* @mcp-codemod-error ShapeOutput was re-exported from @modelcontextprotocol/sdk/server/zod-compat.js, and SDK v2 exports no ShapeOutput: the re-export is gone, so the modules importing ShapeOutput from this file need it replaced by hand. */',
    ]);
    expect(lines[lines.findIndex((l) => l.includes('ShapeOutput')) + 1]).toBe("export { McpServer } from '@modelcontextprotocol/server';");
    expect(first.notes.some((n) => n.startsWith('sdk-v2: third_party.ts:1 left for a person') && n.includes('ShapeOutput was re-exported'))).toBe(true);
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('a task store used beyond building the server stays, with its option and the codemod\'s comment, for a person', async () => {
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';",
      '',
      'const taskStore = new InMemoryTaskStore();',
      "export const server = new McpServer({ name: 'tasks', version: '1.0.0' }, { capabilities: { tasks: { list: {} } }, taskStore });",
      "export const pending = () => taskStore.listTasks(undefined);",
      '',
    ].join('\n');
    const dir = materialise('tasks-kept', new Map([['server.ts', server]]));
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const text = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
    expect(text).toContain('const taskStore = new InMemoryTaskStore();');
    expect(text).toContain('tasks: { list: {} } }, taskStore });');
    expect(text).toMatch(/@mcp-codemod-error Remove 'taskStore' from McpServer options/);
    expect(result.notes.some((n) => n.includes('removed with the server\'s task options'))).toBe(false);
  });

  it('a server.tool() call the official codemod leaves (receiver not named like a server, no McpServer import, another library\'s .prompt() beside it) is marked once', async () => {
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "export const app = new McpServer({ name: 'echo', version: '1.0.0' });",
      '',
    ].join('\n');
    const tools = [
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      "import { z } from 'zod';",
      "import { app } from './server.js';",
      '',
      "app.tool('echo', { text: z.string() }, async ({ text }): Promise<CallToolResult> => ({ content: [{ type: 'text', text }] }));",
      // Not an MCP server: the file cannot be migrated as if it imported McpServer (sdk-v2-project-files.test.ts).
      "const cli = { prompt: (question: string): string => question };",
      "cli.prompt('name?');",
      '',
    ].join('\n');
    const dir = materialise('leftover-tool', new Map([['server.ts', server], ['tools.ts', tools]]));
    const first = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const lines = fs.readFileSync(path.join(dir, 'tools.ts'), 'utf8').split('\n');
    const marked = lines.flatMap((l, i) => (l.includes("@mcp-codemod-error .tool() does not exist on SDK v2's McpServer") ? [i + 1] : []));
    expect(marked).toHaveLength(1);
    expect(lines[marked[0]!]).toMatch(/^app\.tool\('echo'/);
    expect(first.notes.some((n) => n.startsWith(`sdk-v2: tools.ts:${marked[0]} left for a person`))).toBe(true);
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('a package whose SDK runtime is its own v1 bundle module (playwright-mcp\'s src/sdk/bundle.ts) is left on v1, with a note', async () => {
    const manifest = '{\n  "name": "bundled",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "zod": "^3.24.1"\n  }\n}\n';
    const vendor = "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n";
    const bundle = [
      '// The SDK as the app runs it: taken from a prebuilt bundle, typed by the SDK package.',
      "import * as bundle from './vendor.js';",
      "export const McpServer: typeof import('@modelcontextprotocol/sdk/server/mcp.js').McpServer = bundle.McpServer;",
      '',
    ].join('\n');
    const server = [
      "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
      "import { McpServer } from './bundle.js';",
      "export const server = new McpServer({ name: 'browser', version: '1.0.0' });",
      "export const ok: CallToolResult = { content: [{ type: 'text', text: 'ok' }] };",
      '',
    ].join('\n');
    const files = new Map([['package.json', manifest], ['src/vendor.ts', vendor], ['src/bundle.ts', bundle], ['src/server.ts', server]]);
    const dir = materialise('runtime-bundle', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(result.changes).toEqual([]);
    expect(readTree(dir).get('package.json')).toBe(manifest);
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: src/bundle.ts takes the SDK\'s runtime from another module'))).toHaveLength(1);
  });

  it('a file that takes SDK objects from a dependency built on v1 (example-remote-server\'s ext-apps example servers) is left on v1, with a note; its neighbours move', async () => {
    const manifest = '{\n  "name": "apps-host",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "app-kit": "^1.0.0",\n    "plain-kit": "^1.0.0",\n    "zod": "^3.25.76"\n  }\n}\n';
    const appKit = '{ "name": "app-kit", "version": "1.0.0", "types": "index.d.ts", "peerDependencies": { "@modelcontextprotocol/sdk": "^1.29.0" } }\n';
    const plainKit = '{ "name": "plain-kit", "version": "1.0.0", "types": "index.d.ts", "dependencies": { "zod": "^3.25.76" } }\n';
    const apps = [
      "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { createServer } from 'app-kit';",
      'export const servers: Record<string, () => McpServer> = { debug: createServer };',
      '',
    ].join('\n');
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { label } from 'plain-kit';",
      "export const server = new McpServer({ name: label('x'), version: '1.0.0' });",
      '',
    ].join('\n');
    const files = new Map([
      ['package.json', manifest],
      ['node_modules/app-kit/package.json', appKit],
      ['node_modules/app-kit/index.d.ts', "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport declare function createServer(): McpServer;\n"],
      ['node_modules/plain-kit/package.json', plainKit],
      ['node_modules/plain-kit/index.d.ts', 'export declare function label(name: string): string;\n'],
      ['src/apps.ts', apps],
      ['src/server.ts', server],
    ]);
    const dir = materialise('v1-dependency', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const tree = readTree(dir);
    expect(tree.get('src/apps.ts')).toBe(apps);
    expect(tree.get('src/server.ts')).toBe("import { McpServer } from '@modelcontextprotocol/server';\nimport { label } from 'plain-kit';\nexport const server = new McpServer({ name: label('x'), version: '1.0.0' });\n");
    expect(tree.get('package.json')).toContain('"@modelcontextprotocol/sdk": "^1.25.2"');
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: src/apps.ts is left on SDK v1: it imports app-kit, built on SDK v1'))).toHaveLength(1);
    expect(result.notes.some((n) => n.includes('src/server.ts is left on SDK v1'))).toBe(false);
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('workspace members of one run move together: a file importing a member that this run moves to v2 moves too, and a member that lists SDK v1 but never imports it does not hold its dependents (jdutton/mcp-typescript-simple)', async () => {
    const member = (name: string, deps: string): string => `{\n  "name": "${name}",\n  "type": "module",\n  "types": "src/index.ts",\n  "dependencies": {\n${deps}\n  }\n}\n`;
    const files = new Map([
      ['package.json', '{\n  "name": "mono",\n  "private": true,\n  "workspaces": ["packages/*"]\n}\n'],
      ['packages/tools/package.json', member('@mono/tools', '    "@modelcontextprotocol/sdk": "^1.25.2"')],
      ['packages/tools/src/index.ts', "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\nexport const ok = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });\n"],
      // Lists the SDK, never imports it: what it hands on comes from @mono/tools.
      ['packages/tools-llm/package.json', member('@mono/tools-llm', '    "@modelcontextprotocol/sdk": "^1.25.2",\n    "@mono/tools": "*"')],
      ['packages/tools-llm/src/index.ts', "import { ok } from '@mono/tools';\nexport const ask = (q: string) => ok(q);\n"],
      ['packages/server/package.json', member('@mono/server', '    "@modelcontextprotocol/sdk": "^1.25.2",\n    "@mono/tools": "*",\n    "@mono/tools-llm": "*"')],
      [
        'packages/server/src/index.ts',
        [
          "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
          "import { ok } from '@mono/tools';",
          "import { ask } from '@mono/tools-llm';",
          "export const server = new McpServer({ name: 'mono', version: '1.0.0' });",
          "server.tool('hello', async () => ok('hi'));",
          "server.tool('ask', async () => ask('why'));",
          '',
        ].join('\n'),
      ],
    ]);
    const dir = materialise('workspace-members', files);
    // npm links workspace members into the root node_modules.
    for (const name of ['tools', 'tools-llm', 'server']) {
      fs.mkdirSync(path.join(dir, 'node_modules', '@mono'), { recursive: true });
      fs.symlinkSync(path.join(dir, 'packages', name), path.join(dir, 'node_modules', '@mono', name), 'dir');
    }
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const read = (rel: string): string => fs.readFileSync(path.join(dir, rel), 'utf8');
    expect(read('packages/tools/src/index.ts')).toContain("from '@modelcontextprotocol/server'");
    expect(read('packages/server/src/index.ts')).toContain("import { McpServer } from '@modelcontextprotocol/server';");
    expect(result.notes.filter((n) => n.includes('is left on SDK v1'))).toEqual([]);
    expect(read('packages/server/package.json')).not.toContain('@modelcontextprotocol/sdk');
    expect(read('packages/tools/package.json')).not.toContain('@modelcontextprotocol/sdk');
  });

  it('a workspace dependency holding only SDK v1 types moves with the server package that depends on it, installed or not (sweep 11, eyelock/mcp-toolkit)', async () => {
    // pnpm workspace, nothing installed or built: the server package cannot resolve the library (its exports point
    // at dist), and the library, importing SDK types only, has no MCP server code of its own to be analysed.
    const files = new Map([
      ['package.json', '{\n  "name": "toolkit-mono",\n  "private": true\n}\n'],
      ['pnpm-workspace.yaml', 'packages:\n  - "packages/*"\n'],
      ['packages/toolkit/package.json', '{\n  "name": "@kit/toolkit",\n  "type": "module",\n  "exports": { ".": { "types": "./dist/index.d.ts", "import": "./dist/index.js" } },\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2"\n  }\n}\n'],
      // Its entry imports no SDK module itself: the types are in the modules it re-exports.
      ['packages/toolkit/src/index.ts', "export { hello, helloTool } from './tools/hello.js';\n"],
      ['packages/toolkit/src/tools/hello.ts', "import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';\nexport const helloTool: Tool = { name: 'hello', inputSchema: { type: 'object' } };\nexport const hello = (): CallToolResult => ({ content: [{ type: 'text', text: 'hi' }] });\n"],
      ['packages/other/package.json', '{\n  "name": "@kit/other",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2"\n  }\n}\n'],
      ['packages/other/src/index.ts', "import type { Tool } from '@modelcontextprotocol/sdk/types.js';\nexport const unrelated: Tool = { name: 'x', inputSchema: { type: 'object' } };\n"],
      ['packages/mcp/package.json', '{\n  "name": "@kit/mcp",\n  "type": "module",\n  "dependencies": {\n    "@kit/toolkit": "workspace:*",\n    "@modelcontextprotocol/sdk": "^1.25.2"\n  }\n}\n'],
      // Its tsconfig extends a config package of the workspace that is not installed either.
      ['packages/mcp/tsconfig.json', '{\n  "extends": "@kit/typescript-config/library.json",\n  "compilerOptions": { "outDir": "dist", "rootDir": "src" },\n  "include": ["src/**/*"],\n  "references": [{ "path": "../toolkit" }]\n}\n'],
      ['packages/typescript-config/package.json', '{\n  "name": "@kit/typescript-config",\n  "private": true\n}\n'],
      ['packages/typescript-config/library.json', '{\n  "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext", "strict": true, "composite": true }\n}\n'],
      ['packages/mcp/src/server.ts', "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nexport const server = new Server({ name: 'kit', version: '1.0.0' }, { capabilities: { tools: {} } });\nexport interface ServerContext {\n  name: string;\n}\n"],
      // The library's importer is no SDK user itself (types only): it is analysed as an importer of server.ts, and
      // what it imports is not followed, so the library is never loaded (eyelock's packages/mcp/src/tools/index.ts).
      ['packages/mcp/src/tools.ts', "import { hello, helloTool } from '@kit/toolkit';\nimport type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';\nimport type { ServerContext } from './server.js';\nexport const tools: Tool[] = [helloTool];\nexport const call = (ctx: ServerContext): CallToolResult => (ctx.name ? hello() : { content: [] });\n"],
    ]);
    const dir = materialise('workspace-types-library', files);
    const result = await runApply({ paths: [path.join(dir, 'packages')], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const read = (rel: string): string => fs.readFileSync(path.join(dir, rel), 'utf8');
    expect(read('packages/mcp/src/server.ts')).toContain("from '@modelcontextprotocol/server'");
    expect(read('packages/mcp/src/tools.ts')).toContain("from '@modelcontextprotocol/server'");
    expect(read('packages/toolkit/src/tools/hello.ts')).toBe("import type { CallToolResult, Tool } from '@modelcontextprotocol/server';\nexport const helloTool: Tool = { name: 'hello', inputSchema: { type: 'object' } };\nexport const hello = (): CallToolResult => ({ content: [{ type: 'text', text: 'hi' }] });\n");
    expect(read('packages/toolkit/package.json')).not.toContain('@modelcontextprotocol/sdk');
    // A workspace package the server package does not depend on is not its business.
    expect(read('packages/other/src/index.ts')).toBe(files.get('packages/other/src/index.ts'));
    expect(result.notes.filter((n) => n.includes('is left on SDK v1'))).toEqual([]);
    const second = await runApply({ paths: [path.join(dir, 'packages')], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('a workspace member that stays on v1 (its tasks layer) still holds the files that import it', async () => {
    const member = (name: string, deps: string): string => `{\n  "name": "${name}",\n  "type": "module",\n  "types": "src/index.ts",\n  "dependencies": {\n${deps}\n  }\n}\n`;
    const files = new Map([
      ['package.json', '{\n  "name": "mono",\n  "private": true,\n  "workspaces": ["packages/*"]\n}\n'],
      ['packages/kit/package.json', member('@mono/kit', '    "@modelcontextprotocol/sdk": "^1.25.2"')],
      ['packages/kit/src/index.ts', "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport type { TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';\nexport { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';\nexport const make = () => new McpServer({ name: 'kit', version: '1.0.0' });\n"],
      ['packages/server/package.json', member('@mono/server', '    "@modelcontextprotocol/sdk": "^1.25.2",\n    "@mono/kit": "*"')],
      ['packages/server/src/index.ts', "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { make } from '@mono/kit';\nexport const server: McpServer = make();\n"],
    ]);
    const dir = materialise('workspace-member-held', files);
    fs.mkdirSync(path.join(dir, 'node_modules', '@mono'), { recursive: true });
    for (const name of ['kit', 'server']) fs.symlinkSync(path.join(dir, 'packages', name), path.join(dir, 'node_modules', '@mono', name), 'dir');
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(fs.readFileSync(path.join(dir, 'packages/server/src/index.ts'), 'utf8')).toBe(files.get('packages/server/src/index.ts'));
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: packages/server/src/index.ts is left on SDK v1: it imports @mono/kit, built on SDK v1 (its package.json depends on @modelcontextprotocol/sdk), so SDK objects it creates or accepts'))).toHaveLength(1);
  });

  it('mcp-handler 1 (on SDK v1) not installed: the route stays on v1 and package.json keeps the SDK, raised to take zod 4 (sweep 8 F1)', async () => {
    // grinich/mcp.shop's shape: the route registers on the SDK 1.x McpServer mcp-handler 1 hands it, importing no
    // SDK module itself; a helper module beside it moves. The description says which SDK mcp-handler 1 is built on.
    const route = [
      "import { createMcpHandler } from 'mcp-handler';",
      "import { z } from 'zod';",
      '',
      'const handler = createMcpHandler((server) => {',
      "  server.registerTool('greet', { description: 'Greet someone', inputSchema: { name: z.string() } }, async ({ name }) => ({",
      "    content: [{ type: 'text', text: `Hello, ${name}` }],",
      '  }));',
      '});',
      '',
      'export { handler as GET, handler as POST };',
      '',
    ].join('\n');
    const manifest = (handler: string): string => `{\n  "name": "shop",\n  "private": true,\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.20.0",\n    "mcp-handler": "${handler}",\n    "zod": "^3.25.0"\n  }\n}\n`;
    // Outside this repository: its node_modules holds mcp-handler 2, which an installed-version lookup would find.
    const outside = (handler: string): string => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-mcp-handler-'));
      fs.mkdirSync(path.join(dir, 'app'));
      fs.mkdirSync(path.join(dir, 'lib'));
      fs.writeFileSync(path.join(dir, 'package.json'), manifest(handler));
      fs.writeFileSync(path.join(dir, 'app/route.ts'), route);
      fs.writeFileSync(path.join(dir, 'lib/server.ts'), "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const standalone = new McpServer({ name: 'shop', version: '1.0.0' });\n");
      return dir;
    };
    const dir = outside('^1.0.2');
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const read = (rel: string): string => fs.readFileSync(path.join(dir, rel), 'utf8');
    expect(read('app/route.ts')).toBe(route);
    expect(read('lib/server.ts')).toContain("from '@modelcontextprotocol/server'");
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: app/route.ts is left on SDK v1: it imports mcp-handler, built on SDK v1 (not installed: the major your package.json asks for is built on it)'))).toHaveLength(1);
    const json = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    expect(json.dependencies).toMatchObject({ '@modelcontextprotocol/sdk': '^1.23.0', '@modelcontextprotocol/server': '^2.4.0', zod: '^4.2.0', 'mcp-handler': '^1.0.2' });
    // mcp-handler 2 is built on SDK v2: its route moves with the rest, and the v1 SDK goes.
    const two = outside('^2.0.0');
    await runApply({ paths: [two], cwd: two, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(fs.readFileSync(path.join(two, 'app/route.ts'), 'utf8')).not.toBe(route);
    expect(fs.readFileSync(path.join(two, 'package.json'), 'utf8')).not.toContain('@modelcontextprotocol/sdk');
    for (const d of [dir, two]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('Cloudflare McpAgent (agents 0.x, on SDK v1) not installed: the agent file stays on v1, described by its module agents/mcp (sweep 10 H3)', async () => {
    const agent = [
      "import { McpAgent } from 'agents/mcp';",
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      '',
      'export class DocsMcp extends McpAgent {',
      "  server = new McpServer({ name: 'docs', version: '1.0.0' });",
      '  async init() {',
      "    this.server.registerTool('ping_me', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));",
      '  }',
      '}',
      '',
    ].join('\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-agents-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{\n  "name": "docs",\n  "private": true,\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.17.0",\n    "agents": "^0.0.84"\n  }\n}\n');
    fs.writeFileSync(path.join(dir, 'src/index.ts'), agent);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(fs.readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).toBe(agent);
    expect(result.notes.some((n) => n.startsWith('sdk-v2: src/index.ts is left on SDK v1: it imports agents, built on SDK v1'))).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toContain('"@modelcontextprotocol/sdk"');
    // Asked for by a URL, a tag or a git reference, the major cannot be read: the file stays on v1 all the same, and
    // the note says why (sweep 11 J1: epic-me-mcp's "https://pkg.pr.new/cloudflare/agents@485" moved it to v2).
    for (const spec of ['https://pkg.pr.new/cloudflare/agents@485', 'latest', 'github:cloudflare/agents']) {
      fs.writeFileSync(path.join(dir, 'src/index.ts'), agent);
      fs.writeFileSync(path.join(dir, 'package.json'), `{\n  "name": "docs",\n  "private": true,\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.17.0",\n    "agents": "${spec}"\n  }\n}\n`);
      const held = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
      expect(fs.readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).toBe(agent);
      expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toContain('"@modelcontextprotocol/sdk"');
      expect(held.notes).toContain(`sdk-v2: src/index.ts is left on SDK v1: it imports agents, built on SDK v1 (not installed, and your package.json asks for "${spec}", not a version range: which major that is cannot be told, and the versions of it this tool knows are built on SDK v1), so SDK objects it creates or accepts would not fit v2 types. This tool keeps a file importing agents on SDK v1 whatever the release asked for (0.x covers releases on SDK v1 and, from those exporting \`agents/mcp/server\` such as 0.32.0, ones that also serve SDK v2 servers): move the agent to an SDK v2 server factory served with \`createMcpHandler\` from \`agents/mcp/server\` by hand (on 0.1.x, raise \`agents\` first), as the McpAgent markers say, then run apply again.`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a package whose package.json is not valid JSON stays on SDK v1 whole, and the note says where it breaks (review 40 R40-7)', async () => {
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "export const server = new McpServer({ name: 'broken-manifest', version: '1.0.0' });",
      "server.registerTool('ping_me', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));",
      '',
    ].join('\n');
    const manifest = '{\n  "name": "broken",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.17.0",\n    "zod": "^3.25.76",\n  }\n}\n';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-broken-manifest-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'package.json'), manifest);
    fs.writeFileSync(path.join(dir, 'src/server.ts'), server);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(server);
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(manifest);
    expect(result.notes).toContain('sdk-v2: the files of . are left on SDK v1: package.json is not valid JSON (line 6, column 3: unexpected "}"), and the move must change its dependencies. Fix package.json, then run apply again.');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a file held on SDK v1 for @hono/mcp, which has no release on SDK v2, is told what serves Hono on v2 instead (sweep 31 AE4)', async () => {
    const route = [
      "import { Hono } from 'hono';",
      "import { StreamableHTTPTransport } from '@hono/mcp';",
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      '',
      'const app = new Hono();',
      "app.all('/mcp', async (c) => {",
      "  const server = new McpServer({ name: 'hello', version: '1.0.0' });",
      "  server.registerTool('hello', { description: 'Says hello.' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));",
      '  const transport = new StreamableHTTPTransport();',
      '  await server.connect(transport);',
      '  return transport.handleRequest(c);',
      '});',
      'export default app;',
      '',
    ].join('\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-hono-mcp-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{\n  "name": "hello",\n  "private": true,\n  "dependencies": {\n    "@hono/mcp": "^0.1.1",\n    "@modelcontextprotocol/sdk": "^1.17.1",\n    "hono": "^4.9.1"\n  }\n}\n');
    fs.writeFileSync(path.join(dir, 'src/index.ts'), route);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(fs.readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).toBe(route);
    const note = result.notes.find((n) => n.startsWith('sdk-v2: src/index.ts is left on SDK v1: it imports @hono/mcp'));
    expect(note).toContain('No release of @hono/mcp is built on SDK v2');
    expect(note).toContain('answer Hono with `handler.fetch(c.req.raw)`');
    expect(note).not.toContain('where there is one');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the retyping in handler-result-types is what makes its output type-check: v1\'s annotations under v2 are rejected at resources/read, prompts/get and tools/call', () => {
    const expected = byName('handler-result-types').output.get('server.ts')!;
    const untyped = expected
      .replace('const ALL_RESOURCES: (Resource & (TextResourceContents | BlobResourceContents))[]', 'const ALL_RESOURCES: Resource[]')
      .replace('const content: ContentBlock[] = []', 'const content = []')
      .replace("type: 'text' as const", "type: 'text'")
      .replace(', type BlobResourceContents, type ContentBlock, type TextResourceContents', '');
    expect(untyped).not.toBe(expected);
    const errors = typeCheck(materialise('handler-result-types-untyped', new Map([['server.ts', untyped]])));
    // One error per handler: at its setRequestHandler call, or (prompts/get, an arrow returning the literal) in its body.
    const lines = untyped.split('\n');
    const at = (method: string): number => lines.findIndex((l) => l.includes(`setRequestHandler('${method}'`)) + 1;
    const errorLines = [...errors.matchAll(/^server\.ts\((\d+),\d+\): error (TS\d+)/gm)].map((m) => ({ line: Number(m[1]), code: m[2] }));
    expect(errorLines.some((e) => e.line === at('resources/read') && e.code === 'TS2345')).toBe(true);
    expect(errorLines.some((e) => e.line === at('tools/call') && e.code === 'TS2345')).toBe(true);
    expect(errorLines.some((e) => e.line >= at('prompts/get') && e.line <= at('prompts/get') + 2)).toBe(true);
    expect(errorLines.every((e) => [at('resources/read'), at('tools/call')].includes(e.line) || (e.line >= at('prompts/get') && e.line <= at('prompts/get') + 2))).toBe(true);
  });

  it('the helper\'s `as const` in handler-result-types is what makes tools/call type-check: without it the helper\'s `type` widens to string', () => {
    const expected = byName('handler-result-types').output.get('server.ts')!;
    const widened = expected.replace("type: 'text' as const", "type: 'text'");
    expect(widened).not.toBe(expected);
    const errors = typeCheck(materialise('handler-result-types-widened', new Map([['server.ts', widened]])));
    const line = widened.split('\n').findIndex((l) => l.includes("setRequestHandler('tools/call'")) + 1;
    expect([...errors.matchAll(/^server\.ts\((\d+),\d+\): error (TS\d+)/gm)].map((m) => `${m[1]} ${m[2]}`)).toEqual([`${line} TS2345`]);
  });

  it('a held file\'s module augmentation that a moved file declares too (example-remote-server\'s `auth?: AuthInfo` on express\'s Request) takes v2\'s type; one whose type the file also uses elsewhere is left alone', async () => {
    const manifest = '{\n  "name": "apps-host",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "app-kit": "^1.0.0",\n    "zod": "^3.25.76"\n  }\n}\n';
    const appKit = '{ "name": "app-kit", "version": "1.0.0", "types": "index.d.ts", "peerDependencies": { "@modelcontextprotocol/sdk": "^1.29.0" } }\n';
    const augmentation = ['declare global {', '  interface RequestContext {', '    auth?: AuthInfo;', '  }', '}'];
    const apps = [
      "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';",
      "import { createServer } from 'app-kit';",
      '',
      ...augmentation,
      '',
      'export const servers: Record<string, () => McpServer> = { debug: createServer };',
      'export const user = (context: RequestContext): string | undefined => context.auth?.clientId;',
      '',
    ].join('\n');
    // Held too, but AuthInfo is also a parameter type here: left as it was.
    const audit = [
      "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';",
      "import { createServer } from 'app-kit';",
      '',
      'declare global {',
      '  interface RequestContext {',
      '    auth?: AuthInfo;',
      '  }',
      '}',
      '',
      'export const audit: Record<string, () => McpServer> = { audit: createServer };',
      'export const who = (auth: AuthInfo): string => auth.clientId;',
      '',
    ].join('\n');
    const shttp = [
      "import { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';",
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      '',
      ...augmentation,
      '',
      "export const server = new McpServer({ name: 'x', version: '1.0.0' });",
      'export const scopes = (context: RequestContext): string[] => context.auth?.scopes ?? [];',
      '',
    ].join('\n');
    const files = new Map([
      ['package.json', manifest],
      ['node_modules/app-kit/package.json', appKit],
      ['node_modules/app-kit/index.d.ts', "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport declare function createServer(): McpServer;\n"],
      ['src/apps.ts', apps],
      ['src/audit.ts', audit],
      ['src/shttp.ts', shttp],
    ]);
    const dir = materialise('held-augmentation', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(result.failures).toEqual([]);
    const tree = readTree(dir);
    expect(tree.get('src/apps.ts')).toBe(apps.replace("'@modelcontextprotocol/sdk/server/auth/types.js'", "'@modelcontextprotocol/server'"));
    expect(tree.get('src/audit.ts')).toBe(audit);
    expect(tree.get('src/shttp.ts')).toContain("import { AuthInfo, McpServer } from '@modelcontextprotocol/server';");
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: src/apps.ts stays on SDK v1, but AuthInfo now comes from @modelcontextprotocol/server'))).toHaveLength(1);
    expect(result.notes.some((n) => n.startsWith('sdk-v2: src/audit.ts stays on SDK v1, but'))).toBe(false);
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('the files that exchange SDK types with a file held on v1 by such a dependency stay on v1 with it (browserbase\'s src/index.ts passing its Server to src/context.ts); a neighbour that exchanges no SDK type moves', async () => {
    const manifest = '{\n  "name": "browser-host",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "browser-kit": "^1.0.0",\n    "zod": "^3.25.76"\n  }\n}\n';
    const browserKit = '{ "name": "browser-kit", "version": "1.0.0", "type": "module", "types": "index.d.ts", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0" } }\n';
    // Held: imports browser-kit (built on v1); its constructor takes v1's Server.
    const context = [
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "import { openBrowser } from 'browser-kit';",
      'export class Context {',
      '  constructor(private readonly server: Server) {}',
      '  async open(): Promise<string> {',
      '    return openBrowser(this.server);',
      '  }',
      '}',
      '',
    ].join('\n');
    // Passes its server to Context: on v2 types it would not fit v1's Server.
    const index = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { Context } from './context.js';",
      "export const server = new McpServer({ name: 'browser', version: '1.0.0' });",
      'export const context = new Context(server.server);',
      '',
    ].join('\n');
    // Imports only a plain value from the entry module: exchanges no SDK type with it.
    const health = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { VERSION } from './version.js';",
      "export const health = new McpServer({ name: 'health', version: VERSION });",
      '',
    ].join('\n');
    const files = new Map([
      ['package.json', manifest],
      ['node_modules/browser-kit/package.json', browserKit],
      ['node_modules/browser-kit/index.d.ts', "import type { Server } from '@modelcontextprotocol/sdk/server/index.js';\nexport declare function openBrowser(server: Server): Promise<string>;\n"],
      ['src/context.ts', context],
      ['src/index.ts', index],
      ['src/version.ts', "export const VERSION = '1.0.0';\n"],
      ['src/health.ts', health],
    ]);
    expect(typeCheck(materialise('held-neighbours-in', files))).toBe('');
    const dir = materialise('held-neighbours', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const tree = readTree(dir);
    expect(tree.get('src/context.ts')).toBe(context);
    expect(tree.get('src/index.ts')).toBe(index);
    expect(tree.get('src/health.ts')).toBe("import { McpServer } from '@modelcontextprotocol/server';\nimport { VERSION } from './version.js';\nexport const health = new McpServer({ name: 'health', version: VERSION });\n");
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: src/index.ts is left on SDK v1: it exchanges SDK objects with src/context.ts'))).toHaveLength(1);
    expect(typeCheck(dir)).toBe('');
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('an McpAgent file held on v1 keeps on v1 the modules it hands its server to through a barrel (`./tools/index.js` re-exporting `./echo.js`, sweep 26 Z8) and a module typing it `any` (sweep 25 Y1); a module it does not reach moves, also one the barrel re-exports that the file does not import (review 37 R3)', async () => {
    const manifest = '{\n  "name": "agent-host",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "agents": "^0.0.95",\n    "zod": "^3.25.76"\n  }\n}\n';
    const agents = '{ "name": "agents", "version": "0.0.95", "type": "module", "exports": { "./mcp": { "types": "./mcp.d.ts" } }, "dependencies": { "@modelcontextprotocol/sdk": "^1.17.3" } }\n';
    const index = [
      "import { McpAgent } from 'agents/mcp';",
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { registerEchoTools } from './tools/index.js';",
      "import { registerPing } from './ping.js';",
      'export class EchoMCP extends McpAgent {',
      "  server = new McpServer({ name: 'echo', version: '1.0.0' });",
      '  async init(): Promise<void> {',
      '    registerEchoTools(this.server);',
      '    registerPing(this.server);',
      '  }',
      '}',
      '',
    ].join('\n');
    const echo = [
      "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      'export function registerEchoTools(server: McpServer): void {',
      "  server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));",
      '}',
      '',
    ].join('\n');
    const ping = [
      '// eslint-disable-next-line @typescript-eslint/no-explicit-any',
      'export function registerPing(server: any): void {',
      "  server.tool('ping', 'Answers pong', async () => ({ content: [{ type: 'text', text: 'pong' }] }));",
      '}',
      '',
    ].join('\n');
    const health = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const health = new McpServer({ name: 'health', version: '1.0.0' });\n";
    // Re-exported by the barrel but not imported by the agent file: it moves, and so does a stdio entry using it (review 37 R3).
    const weather = "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function registerWeather(server: McpServer): void {\n  server.registerTool('weather', { description: 'Weather' }, async () => ({ content: [{ type: 'text', text: 'sunny' }] }));\n}\n";
    const stdio = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { registerWeather } from './tools/weather.js';\nexport const stdioServer = new McpServer({ name: 'weather', version: '1.0.0' });\nregisterWeather(stdioServer);\n";
    const files = new Map([
      ['package.json', manifest],
      ['node_modules/agents/package.json', agents],
      ['node_modules/agents/mcp.d.ts', 'export declare class McpAgent {\n  init(): Promise<void>;\n}\n'],
      ['src/index.ts', index],
      ['src/tools/index.ts', "export { registerEchoTools } from './echo.js';\nexport { registerWeather } from './weather.js';\n"],
      ['src/tools/echo.ts', echo],
      ['src/tools/weather.ts', weather],
      ['src/stdio.ts', stdio],
      ['src/ping.ts', ping],
      ['src/health.ts', health],
      ['tsconfig.json', '{ "compilerOptions": { "target": "ES2022", "module": "ESNext", "moduleResolution": "bundler", "strict": true, "skipLibCheck": true, "noEmit": true }, "include": ["src"] }\n'],
    ]);
    expect(typeCheck(materialise('held-barrel-in', files))).toBe('');
    const dir = materialise('held-barrel', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const tree = readTree(dir);
    expect(tree.get('src/index.ts')).toBe(index);
    expect(tree.get('src/tools/echo.ts')).toBe(echo);
    expect(tree.get('src/ping.ts')).toBe(ping);
    expect(tree.get('src/health.ts')).toBe("import { McpServer } from '@modelcontextprotocol/server';\nexport const health = new McpServer({ name: 'health', version: '1.0.0' });\n");
    expect(tree.get('src/tools/weather.ts')).toContain("import type { McpServer } from '@modelcontextprotocol/server';");
    expect(tree.get('src/stdio.ts')).toContain("import { McpServer } from '@modelcontextprotocol/server';");
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: src/tools/echo.ts is left on SDK v1: it exchanges SDK objects with src/index.ts') && n.includes('an import between them carries SDK types'))).toHaveLength(1);
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: src/ping.ts is left on SDK v1: it exchanges SDK objects with src/index.ts') && n.includes('one that file hands it'))).toHaveLength(1);
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('holds a workspace package on SDK v1 with the app, held on v1, that hands it its v1 server through a bare import of the package (sweep 37 AK7)', async () => {
    const core = "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function registerTools(server: McpServer): McpServer {\n  server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));\n  return server;\n}\n";
    const worker = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { McpAgent } from 'agents/mcp';\nimport { registerTools } from 'gtm-core';\nexport class Gtm extends McpAgent {\n  server = new McpServer({ name: 'gtm', version: '1.0.0' });\n  async init(): Promise<void> {\n    registerTools(this.server);\n  }\n}\n";
    const corePackage = '{ "name": "gtm-core", "version": "1.0.0", "type": "module", "main": "./dist/index.js", "peerDependencies": { "@modelcontextprotocol/sdk": ">=1.18.1 <2" } }\n';
    const files = new Map([
      ['package.json', '{ "private": true, "workspaces": ["apps/*", "packages/*"] }\n'],
      // The agents release the app installs is built on SDK v1.
      ['node_modules/agents/package.json', '{ "name": "agents", "version": "0.0.95", "type": "module", "exports": { "./mcp": { "types": "./mcp.d.ts" } }, "dependencies": { "@modelcontextprotocol/sdk": "^1.17.3" } }\n'],
      ['node_modules/agents/mcp.d.ts', 'export declare class McpAgent {\n  init(): Promise<void>;\n}\n'],
      ['packages/core/package.json', corePackage],
      ['packages/core/src/index.ts', core],
      ['apps/worker/package.json', '{ "name": "gtm-worker", "version": "1.0.0", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.30.0", "agents": "^0.21.0", "gtm-core": "*" } }\n'],
      ['apps/worker/src/index.ts', worker],
    ]);
    const dir = materialise('held-workspace', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const tree = readTree(dir);
    expect(tree.get('packages/core/src/index.ts')).toBe(core);
    expect(tree.get('packages/core/package.json')).toBe(corePackage);
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: packages/core/src/index.ts is left on SDK v1: it exchanges SDK objects with apps/worker/src/index.ts'))).toHaveLength(1);
  });

  it('the same through a barrel of `export *` re-exports: only the module that exports the name taken is tied (review 37 R3) — an McpAgent file held on v1 keeps on v1 the modules it hands its server to through a barrel (`./tools/index.js` re-exporting `./echo.js`, sweep 26 Z8) and a module typing it `any` (sweep 25 Y1); a module it does not reach moves, also one the barrel re-exports that the file does not import (review 37 R3)', async () => {
    const manifest = '{\n  "name": "agent-host",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "agents": "^0.0.95",\n    "zod": "^3.25.76"\n  }\n}\n';
    const agents = '{ "name": "agents", "version": "0.0.95", "type": "module", "exports": { "./mcp": { "types": "./mcp.d.ts" } }, "dependencies": { "@modelcontextprotocol/sdk": "^1.17.3" } }\n';
    const index = [
      "import { McpAgent } from 'agents/mcp';",
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { registerEchoTools } from './tools/index.js';",
      "import { registerPing } from './ping.js';",
      'export class EchoMCP extends McpAgent {',
      "  server = new McpServer({ name: 'echo', version: '1.0.0' });",
      '  async init(): Promise<void> {',
      '    registerEchoTools(this.server);',
      '    registerPing(this.server);',
      '  }',
      '}',
      '',
    ].join('\n');
    const echo = [
      "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      'export function registerEchoTools(server: McpServer): void {',
      "  server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));",
      '}',
      '',
    ].join('\n');
    const ping = [
      '// eslint-disable-next-line @typescript-eslint/no-explicit-any',
      'export function registerPing(server: any): void {',
      "  server.tool('ping', 'Answers pong', async () => ({ content: [{ type: 'text', text: 'pong' }] }));",
      '}',
      '',
    ].join('\n');
    const health = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const health = new McpServer({ name: 'health', version: '1.0.0' });\n";
    // Re-exported by the barrel but not imported by the agent file: it moves, and so does a stdio entry using it (review 37 R3).
    const weather = "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function registerWeather(server: McpServer): void {\n  server.registerTool('weather', { description: 'Weather' }, async () => ({ content: [{ type: 'text', text: 'sunny' }] }));\n}\n";
    const stdio = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { registerWeather } from './tools/weather.js';\nexport const stdioServer = new McpServer({ name: 'weather', version: '1.0.0' });\nregisterWeather(stdioServer);\n";
    const files = new Map([
      ['package.json', manifest],
      ['node_modules/agents/package.json', agents],
      ['node_modules/agents/mcp.d.ts', 'export declare class McpAgent {\n  init(): Promise<void>;\n}\n'],
      ['src/index.ts', index],
      ['src/tools/index.ts', "export * from './echo.js';\nexport * from './weather.js';\n"],
      ['src/tools/echo.ts', echo],
      ['src/tools/weather.ts', weather],
      ['src/stdio.ts', stdio],
      ['src/ping.ts', ping],
      ['src/health.ts', health],
      ['tsconfig.json', '{ "compilerOptions": { "target": "ES2022", "module": "ESNext", "moduleResolution": "bundler", "strict": true, "skipLibCheck": true, "noEmit": true }, "include": ["src"] }\n'],
    ]);
    expect(typeCheck(materialise('held-star-barrel-in', files))).toBe('');
    const dir = materialise('held-star-barrel', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const tree = readTree(dir);
    expect(tree.get('src/index.ts')).toBe(index);
    expect(tree.get('src/tools/echo.ts')).toBe(echo);
    expect(tree.get('src/ping.ts')).toBe(ping);
    expect(tree.get('src/health.ts')).toBe("import { McpServer } from '@modelcontextprotocol/server';\nexport const health = new McpServer({ name: 'health', version: '1.0.0' });\n");
    expect(tree.get('src/tools/weather.ts')).toContain("import type { McpServer } from '@modelcontextprotocol/server';");
    expect(tree.get('src/stdio.ts')).toContain("import { McpServer } from '@modelcontextprotocol/server';");
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: src/tools/echo.ts is left on SDK v1: it exchanges SDK objects with src/index.ts') && n.includes('an import between them carries SDK types'))).toHaveLength(1);
    expect(result.notes.filter((n) => n.startsWith('sdk-v2: src/ping.ts is left on SDK v1: it exchanges SDK objects with src/index.ts') && n.includes('one that file hands it'))).toHaveLength(1);
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });
  it('a module that imports only SDK types and shares them with client code alone (playwright-mcp\'s src/loop/loopClaude.ts) stays on v1 with it; one also used by a server moves', async () => {
    const loop = [
      "import type { Client } from '@modelcontextprotocol/sdk/client/index.js';",
      "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
      'export interface Delegate {',
      '  describe(tools: Tool[]): string;',
      '}',
      'export async function run(delegate: Delegate, client: Client): Promise<string> {',
      '  const { tools } = await client.listTools();',
      '  return delegate.describe(tools);',
      '}',
      '',
    ].join('\n');
    const delegate = [
      "import type { Tool } from '@modelcontextprotocol/sdk/types.js';",
      "import type { Delegate } from './loop.js';",
      'export class NamesDelegate implements Delegate {',
      '  describe(tools: Tool[]): string {',
      "    return tools.map((tool) => tool.name).join(', ');",
      '  }',
      '}',
      '',
    ].join('\n');
    const result = "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\nexport const ok: CallToolResult = { content: [{ type: 'text', text: 'ok' }] };\n";
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { ok } from './result.js';",
      "import type { Delegate } from './loop.js';",
      "export const server = new McpServer({ name: 'x', version: '1.0.0' });",
      'export const answer = ok;',
      'export type Used = Delegate;',
      '',
    ].join('\n');
    const files = new Map([['src/loop.ts', loop], ['src/delegate.ts', delegate], ['src/result.ts', result], ['src/server.ts', server]]);
    const dir = materialise('client-side-types', files);
    const first = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const tree = readTree(dir);
    expect(tree.get('src/loop.ts')).toBe(loop);
    expect(tree.get('src/delegate.ts')).toBe(delegate);
    expect(tree.get('src/result.ts')).toContain("import type { CallToolResult } from '@modelcontextprotocol/server';");
    expect(tree.get('src/server.ts')).toContain("import { McpServer } from '@modelcontextprotocol/server';");
    expect(first.notes.filter((n) => n.startsWith('sdk-v2: src/delegate.ts is left on SDK v1: it imports only SDK types'))).toHaveLength(1);
    expect(first.notes.some((n) => n.startsWith('sdk-v2: src/result.ts is left on SDK v1'))).toBe(false);
    expect(typeCheck(dir)).toBe('');
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('a package built on v1\'s experimental tasks layer (cyanheads/mcp-ts-template re-exports it and implements TaskStore) is left on v1 whole, with a note', async () => {
    const manifest = '{\n  "name": "tasks-app",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "zod": "^3.25.76"\n  }\n}\n';
    const taskTypes = "export type { TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';\nexport { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';\n";
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { InMemoryTaskStore, type TaskStore } from './task-types.js';",
      'const store: TaskStore = new InMemoryTaskStore();',
      "export const server = new McpServer({ name: 'tasks', version: '1.0.0' }, { taskStore: store });",
      '',
    ].join('\n');
    const files = new Map([['package.json', manifest], ['src/task-types.ts', taskTypes], ['src/server.ts', server]]);
    expect(typeCheck(materialise('tasks-layer-in', files))).toBe('');
    const dir = materialise('tasks-layer', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(result.changes).toEqual([]);
    expect(readTree(dir).get('package.json')).toBe(manifest);
    expect(result.notes.filter((n) => n.startsWith("sdk-v2: src/task-types.ts uses SDK v1's experimental tasks layer (InMemoryTaskStore, TaskStore)"))).toHaveLength(1);
  });

  it('a package that overrides v1\'s `server.tool` to wrap every registration (a billing gate: MaidToShelly/UluMCP, sweep 27 AA1) is left on v1 whole, with a note naming the override; a plain `server.tool(…)` call elsewhere moves', async () => {
    const manifest = '{\n  "name": "gated",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "zod": "^3.25.76"\n  }\n}\n';
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      'let credits = 3;',
      'export function createServer() {',
      "  const server = new McpServer({ name: 'gated', version: '1.0.0' });",
      '  const origTool = server.tool.bind(server);',
      '  server.tool = function (name, description, schema, handler) {',
      '    return origTool(name, description, schema, async (args, extra) => {',
      "      if (credits-- <= 0) return { content: [{ type: 'text', text: 'no credits left' }], isError: true };",
      '      return handler(args, extra);',
      '    });',
      '  };',
      "  server.tool('quote', 'A price quote', { sku: z.string() }, async ({ sku }) => ({ content: [{ type: 'text', text: sku }] }));",
      '  return server;',
      '}',
      '',
    ].join('\n');
    const files = new Map([['package.json', manifest], ['src/server.js', server]]);
    const dir = materialise('tool-override', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(result.changes).toEqual([]);
    expect(readTree(dir).get('src/server.js')).toBe(server);
    expect(result.notes.filter((n) => n.startsWith("sdk-v2: src/server.js takes SDK v1's shorthand registration method as a value (`server.tool` at line 6, `server.tool` at line 7)"))).toHaveLength(1);
    // Without the override the same registration moves.
    const plain = server.replace(/  const origTool[\s\S]*?\n  };\n/, '');
    const moved = materialise('tool-no-override', new Map([['package.json', manifest], ['src/server.js', plain]]));
    await runApply({ paths: [moved], cwd: moved, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(readTree(moved).get('src/server.js')).toContain("server.registerTool('quote'");
  });

  it('a CommonJS tool module that requires nothing (module.exports only) is moved in its own module system (sweep 28 AB5: `import { z }` above \'use strict\' emptied its module.exports; then its server.tool was left under a codemod comment)', async () => {
    const manifest = '{\n  "name": "clock",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "zod": "^3.25.76"\n  }\n}\n';
    const server = [
      "'use strict';",
      "const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');",
      "const toolModules = [require('./clock')];",
      'function createServer() {',
      "  const server = new McpServer({ name: 'clock', version: '1.0.0' });",
      '  for (const mod of toolModules) mod.registerTools(server);',
      '  return server;',
      '}',
      'module.exports = { createServer };',
      '',
    ].join('\n');
    const clock = [
      "'use strict';",
      '',
      'function registerTools(server) {',
      "  server.tool('now', 'Current time', {}, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));",
      '}',
      '',
      'module.exports = { registerTools };',
      '',
    ].join('\n');
    const dir = materialise('cjs-module-list', new Map([['package.json', manifest], ['src/server.js', server], ['src/clock.js', clock]]));
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const after = readTree(dir).get('src/clock.js')!;
    expect(after).not.toMatch(/^import /m);
    expect(after.startsWith("'use strict';")).toBe(true);
    expect(after).toContain('module.exports = { registerTools };');
    // And its call is moved like an ES module's: the codemod saw the server through the bridge (its import, a `require` no more).
    expect(after).toContain("server.registerTool('now', { description: 'Current time', inputSchema: z.object({}) }");
    expect(after).toMatch(/^'use strict';\n\nconst \{ z \} = require\('zod'\);\n/);
    expect(after).not.toContain('@mcp-codemod-error');
    expect(after).not.toContain('__mcpMigrate');
  });

  it('the McpServer bridge of a tool module leaves no trace: an untouched module stays byte for byte, the requires keep their spacing, and zod goes above a JSDoc, not between it and its function (review 39 R3, R4)', async () => {
    const manifest = '{\n  "name": "clock",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "zod": "^3.25.76"\n  }\n}\n';
    const server = [
      "'use strict';",
      "const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');",
      "const toolModules = [require('./done'), require('./documented')];",
      'function createServer() {',
      "  const server = new McpServer({ name: 'clock', version: '1.0.0' });",
      '  for (const mod of toolModules) mod.registerTools(server);',
      '  return server;',
      '}',
      'module.exports = { createServer };',
      '',
    ].join('\n');
    const done = [
      "'use strict';",
      '',
      'function registerTools(server) {',
      "  server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));",
      '}',
      '',
      'module.exports = { registerTools };',
      '',
    ].join('\n');
    const documented = [
      '// @ts-check',
      '/**',
      ' * Registers the clock tools.',
      " * @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server",
      ' */',
      'function registerTools(server) {',
      "  server.tool('now', 'Current time', {}, async () => ({ content: [{ type: 'text', text: 'now' }] }));",
      '}',
      'module.exports = { registerTools };',
      '',
    ].join('\n');
    const licensed = ['/**', ' * @license MIT', ' */', '', 'function registerTools(server) {', "  server.tool('zone', 'Time zone', {}, async () => ({ content: [{ type: 'text', text: 'UTC' }] }));", '}', 'module.exports = { registerTools };', ''].join('\n');
    const dir = materialise('cjs-bridge-traces', new Map([['package.json', manifest], ['src/server.js', server.replace("require('./documented')]", "require('./documented'), require('./licensed')]")], ['src/done.js', done], ['src/documented.js', documented], ['src/licensed.js', licensed]]));
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const after = readTree(dir);
    expect(after.get('src/done.js')).toBe(done);
    expect(after.get('src/server.js')!.split('\n').slice(0, 3)).toEqual(["'use strict';", "const { McpServer } = require('@modelcontextprotocol/server');", "const toolModules = [require('./done'), require('./documented'), require('./licensed')];"]);
    const moved = after.get('src/documented.js')!;
    expect(moved.indexOf("const { z } = require('zod');")).toBeGreaterThan(-1);
    expect(moved.indexOf("const { z } = require('zod');")).toBeLessThan(moved.indexOf('/**'));
    expect(moved).toContain(' */\nfunction registerTools(server) {');
    expect(moved).toContain("server.registerTool('now'");
    // A licence (a JSDoc with a blank line below it) is the file's header, not the first statement's doc: it stays first (review 39b S2).
    const licence = after.get('src/licensed.js')!;
    expect(licence.startsWith('/**\n * @license MIT\n */\n')).toBe(true);
    expect(licence).toContain("const { z } = require('zod');");
  });

  it('a task tool of a package the tasks layer keeps on v1 gets a marker, so the scan\'s finding is left for a person in the report too (sweep 26 Z1/Z2)', async () => {
    const manifest = '{\n  "name": "tasks-tool",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "zod": "^3.25.76"\n  }\n}\n';
    const taskTypes = "export type { TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';\n";
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import type { TaskStore } from './task-types.js';",
      "export const server = new McpServer({ name: 'tasks', version: '1.0.0' });",
      'export function register(store: TaskStore): void {',
      "  server.experimental.tasks.registerToolTask('report', { description: 'A report' }, {",
      '    async createTask() { return { task: await store.createTask({ ttl: 1000 }) }; },',
      '    async getTask(_args, extra) { return (await store.getTask(extra.taskId))!; },',
      '    async getTaskResult(_args, extra) { return (await store.getTaskResult(extra.taskId)) as never; },',
      '  });',
      '}',
      '',
    ].join('\n');
    const files = new Map([['package.json', manifest], ['src/task-types.ts', taskTypes], ['src/server.ts', server]]);
    const dir = materialise('tasks-layer-marked', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const text = readTree(dir).get('src/server.ts')!;
    expect(text).toContain("  // @mcp-migrate-todo(deprecated-feature/experimental-tasks): a task tool on SDK 1.x's experimental tasks layer");
    expect(text.replace(/^ *\/\/ @mcp-migrate-todo.*\n/m, '')).toBe(server);
    expect(readTree(dir).get('package.json')).toBe(manifest);
    expect(result.markers.map((m) => m.ruleId)).toEqual(['deprecated-feature/experimental-tasks']);
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('a task tool registered on `this.server` in a class is commented out under its marker too, not moved live (review 37 R1)', async () => {
    const manifest = '{\n  "name": "tasks-class",\n  "type": "module",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.25.2",\n    "zod": "^3.25.76"\n  }\n}\n';
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      'export class ReportServer {',
      "  readonly server = new McpServer({ name: 'reports', version: '1.0.0' }, { capabilities: { tools: {} } });",
      '  constructor() {',
      "    this.server.experimental.tasks.registerToolTask('build-report', { description: 'Builds a report.' }, {",
      '      async createTask(_args, extra) { return { task: await extra.taskStore.createTask({ ttl: 1000 }) }; },',
      '      async getTask(_args, extra) { return (await extra.taskStore.getTask(extra.taskId))!; },',
      '      async getTaskResult(_args, extra) { return (await extra.taskStore.getTaskResult(extra.taskId)) as never; },',
      '    });',
      '  }',
      '}',
      '',
    ].join('\n');
    const dir = materialise('tasks-class', new Map([['package.json', manifest], ['src/server.ts', server]]));
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const text = readTree(dir).get('src/server.ts')!;
    expect(text).toContain("import { McpServer } from '@modelcontextprotocol/server';");
    expect(text).toContain('    // @mcp-migrate-todo(deprecated-feature/experimental-tasks): server.experimental.tasks.registerToolTask: SDK v2 has no tasks layer');
    expect(text).toContain("    // this.server.experimental.tasks.registerToolTask('build-report'");
    expect(text).not.toMatch(/^\s*this\.server\.experimental/m);
    expect(result.markers.map((m) => m.ruleId)).toEqual(['deprecated-feature/experimental-tasks']);
  });

  it('package.json: the v1 SDK out, the v2 packages in, zod raised, and the report says to run the package manager', async () => {
    const { first } = await applyOnce(byName('v1-with-package-json'));
    expect(first.notes).toContain(
      'sdk-v2: package.json: removed @modelcontextprotocol/sdk; added @modelcontextprotocol/node ^2.1.2; added @modelcontextprotocol/server ^2.4.0; zod ^3.25.76 → ^4.2.0 (SDK v2 needs zod ≥ 4.2: its schemas are Standard Schemas with JSON Schema; no use of what zod 4 removed was found: zod-to-json-schema, ZodError.errors, one-argument z.record). Run `npm install` to update node_modules and the lockfile.',
    );
  });

  it('package.json: packages the code imports without declaring them, which it had only through SDK 1.x (zod, cors), are declared when the SDK goes (sweep 14 M4)', async () => {
    const { first } = await applyOnce(byName('v1-undeclared-sdk-installs'));
    expect(first.notes).toContain(
      'sdk-v2: package.json: removed @modelcontextprotocol/sdk; added @modelcontextprotocol/server ^2.4.0; cors ^2.8.5 and zod ^4.2.0 added: the code imports them without declaring them, and @modelcontextprotocol/sdk installed them beside itself (another dependency may too: the declaration makes it certain). Run `npm install` to update node_modules and the lockfile.',
    );
  });

  const zod3Code = (schemasCall: string): Map<string, string> =>
    new Map([
      [
        'src/errors.ts',
        [
          "import { z } from 'zod';",
          '// ZodError.errors and one-argument z.record: zod 3 only.',
          'export const Labels = z.record(z.string());',
          'export function describe(error: z.ZodError): string {',
          "  return error.errors.map((issue) => issue.message).join('; ');",
          '}',
          '',
        ].join('\n'),
      ],
      // No zod import here: the ZodError comes typed through another module.
      ['src/validate.ts', "import { Labels } from './errors.js';\nexport const problems = (value: unknown) => Labels.safeParse(value).error?.errors.length ?? 0;\n"],
      ['src/schemas.ts', `import { zodToJsonSchema } from 'zod-to-json-schema';\nimport { z } from 'zod';\n\nconst Point = z.object({ x: z.number(), y: z.number().default(0) });\nexport const schema = ${schemasCall};\n`],
    ]);

  it('zod code moves to zod 4 where every use of what zod 4 removed can be rewritten (.errors, one-argument z.record, zodToJsonSchema(schema)), zod is raised, and the result type-checks against zod 4', async () => {
    const c = byName('v1-with-package-json');
    const dir = materialise('zod-moved', new Map([...c.input, ...zod3Code('zodToJsonSchema(Point)')]));
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const tree = readTree(dir);
    expect(JSON.parse(tree.get('package.json')!).dependencies.zod).toBe('^4.2.0');
    expect(tree.get('src/errors.ts')).toContain('export const Labels = z.record(z.string(), z.string());');
    expect(tree.get('src/errors.ts')).toContain("  return error.issues.map((issue) => issue.message).join('; ');");
    expect(tree.get('src/validate.ts')).toBe("import { Labels } from './errors.js';\nexport const problems = (value: unknown) => Labels.safeParse(value).error?.issues.length ?? 0;\n");
    expect(tree.get('src/schemas.ts')).toBe(
      "import { z } from 'zod';\n\nconst Point = z.object({ x: z.number(), y: z.number().default(0) });\nexport const schema = z.toJSONSchema(Point, { target: 'draft-07', io: 'input' });\n",
    );
    const note = result.notes.find((n) => n.startsWith('sdk-v2: package.json: ') && n.includes('zod ^3.25.76 → ^4.2.0'));
    expect(note).toContain('what zod 4 removed was rewritten: ');
    expect(note).toContain('src/errors.ts:3 z.record(value) → z.record(z.string(), value)');
    expect(note).toContain('src/errors.ts:5 ZodError.errors → .issues');
    expect(note).toContain('src/validate.ts:2 ZodError.errors → .issues');
    expect(note).toContain("src/schemas.ts:1 zodToJsonSchema(schema) → z.toJSONSchema(schema, { target: 'draft-07', io: 'input' })");
    // The rewritten code is zod 4 code (the installed zod is 4): it type-checks, and converts as zod-to-json-schema did by default.
    expect(typeCheck(dir)).toBe('');
    const { z } = await import('zod');
    expect(z.toJSONSchema(z.object({ x: z.number(), y: z.number().default(0) }), { target: 'draft-07', io: 'input' })).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', required: ['x'] });
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes).toEqual([]);
  });

  it('a low-level server\'s tools/list built with zodToJsonSchema (yuki9541134/mcp-redash): z.toJSONSchema cast to Tool[\'inputSchema\'] (v2 checks the handler\'s result), Tool imported with the SDK types, and the server type-checks on v2', async () => {
    const c = byName('v1-with-package-json');
    const server = [
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      'import {',
      '  CallToolRequestSchema,',
      '  ListToolsRequestSchema,',
      "} from '@modelcontextprotocol/sdk/types.js';",
      "import { z } from 'zod';",
      "import { zodToJsonSchema } from 'zod-to-json-schema';",
      '',
      'const QuerySchema = z.object({ sql: z.string(), limit: z.number().default(10) });',
      "const server = new Server({ name: 'redash', version: '1.0.0' }, { capabilities: { tools: {} } });",
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      "  tools: [{ name: 'query', description: 'Run a query', inputSchema: zodToJsonSchema(QuerySchema) }],",
      '}));',
      'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
      '  const { sql } = QuerySchema.parse(request.params.arguments);',
      "  return { content: [{ type: 'text' as const, text: sql }] };",
      '});',
      'export { server, QuerySchema };',
      '',
    ].join('\n');
    // A file without zod's `z`: the zod-to-json-schema import becomes one of `z`.
    const other = 'import { zodToJsonSchema } from "zod-to-json-schema"\nimport { QuerySchema } from "./server.js"\n\nexport const schema = zodToJsonSchema(QuerySchema)\n';
    const dir = materialise('zod-tools-list', new Map([...[...c.input].filter(([rel]) => rel === 'package.json'), ['src/server.ts', server], ['src/other.ts', other]]));
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const after = readTree(dir).get('src/server.ts')!;
    expect(after).toContain("  tools: [{ name: 'query', description: 'Run a query', inputSchema: z.toJSONSchema(QuerySchema, { target: 'draft-07', io: 'input' }) as Tool['inputSchema'] }],");
    expect(after.split('\n').slice(0, 4)).toEqual(["import { Server } from '@modelcontextprotocol/server';", "import type { Tool } from '@modelcontextprotocol/server';", "import { z } from 'zod';", '']);
    expect(after).not.toContain('zod-to-json-schema');
    expect(readTree(dir).get('src/other.ts')).toBe('import { z } from "zod"\nimport { QuerySchema } from "./server.js"\n\nexport const schema = z.toJSONSchema(QuerySchema, { target: "draft-07", io: "input" })\n');
    expect(typeCheck(dir)).toBe('');
  });

  it('a zod range that admits 4.2 over an installed 4.1 (mobile-next/mobile-mcp: ^4.1.13) is raised to ^4.2.0, so the install updates it; the type check then reads zod 4.2+ (4.1 lacks the JSON Schema side of Standard Schema)', async () => {
    const c = byName('v1-with-package-json');
    const manifest = c.input.get('package.json')!.replace('"zod": "^3.25.76"', '"zod": "^4.1.13"');
    const files = new Map([...c.input, ['package.json', manifest], ['node_modules/zod/package.json', '{ "name": "zod", "version": "4.1.13" }\n']]);
    const dir = materialise('zod-41-installed', files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(JSON.parse(readTree(dir).get('package.json')!).dependencies.zod).toBe('^4.2.0');
    expect(result.notes.some((n) => n.includes('zod ^4.1.13 (4.1.13 installed) → ^4.2.0') && n.includes('the installed version is older'))).toBe(true);
    // Installed 4.2 or later: the range is left as it is.
    const current = materialise('zod-46-installed', new Map([...files, ['node_modules/zod/package.json', '{ "name": "zod", "version": "4.6.0" }\n']]));
    await runApply({ paths: [current], cwd: current, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(JSON.parse(readTree(current).get('package.json')!).dependencies.zod).toBe('^4.1.13');
    expect(packagesToShip(dir, (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined)).has('zod')).toBe(true);
    expect(packagesToShip(current, (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined)).has('zod')).toBe(false);
  });

  it('a note about a codemod comment names its line in the written file, after the layout moved the lines above it (sweep 7 E11)', async () => {
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      '',
      'const ARGS = { topic: z.string() };',
      '',
      'export function createServer(): McpServer {',
      "  const server = new McpServer({ name: 'glossary', version: '1.0.0' });",
      '  server.tool(',
      "    'lookup',",
      "    'Look up a term in the glossary of the project and return its definition.',",
      "    { term: z.string().describe('The term to look up in the glossary') },",
      "    async ({ term }) => ({ content: [{ type: 'text', text: term }] }),",
      '  );',
      "  server.prompt('explain', 'Explain a topic', ARGS, ({ topic }) => ({",
      "    messages: [{ role: 'user', content: { type: 'text', text: topic } }],",
      '  }));',
      '  return server;',
      '}',
      '',
    ].join('\n');
    // Formatted by Prettier (a format script): the registration the codemod wrote on one line is laid out, 10 lines longer.
    const manifest = JSON.stringify({ name: 'glossary', type: 'module', scripts: { format: 'prettier --write src' }, devDependencies: { prettier: '^3.0.0' }, dependencies: { '@modelcontextprotocol/sdk': '^1.24.0', zod: '^3.25.0' } });
    const dir = materialise('anchored-note-after-layout', new Map([['package.json', manifest], ['src/server.ts', server]]));
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const lines = readTree(dir).get('src/server.ts')!.split('\n');
    const commented = lines.findIndex((l) => l.includes('@mcp-codemod-error')) + 1;
    expect(lines.findIndex((l) => l.trim() === 'description:')).toBeGreaterThan(0);
    expect(commented).toBeGreaterThan(14);
    expect(result.notes.filter((n) => n.includes('left for a person by the official codemod')).map((n) => n.split(' left for')[0])).toEqual([`sdk-v2: src/server.ts:${commented}`]);
  });

  it('zod stays on 3 where a use of what zod 4 removed cannot be rewritten (zodToJsonSchema with options), nothing of it is rewritten, and the report names each site', async () => {
    const c = byName('v1-with-package-json');
    const code = zod3Code("zodToJsonSchema(Point, { target: 'openApi3' })");
    const dir = materialise('zod-kept', new Map([...c.input, ...code]));
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(manifest.dependencies.zod).toBe('^3.25.76');
    expect(manifest.dependencies['@modelcontextprotocol/server']).toBe('^2.4.0');
    const tree = readTree(dir);
    for (const [file, text] of code) expect(tree.get(file), file).toBe(text);
    const note = result.notes.find((n) => n.startsWith('sdk-v2: package.json keeps zod ^3.25.76'));
    expect(note).toContain('src/errors.ts:3 calls z.record with the value schema only');
    expect(note).toContain('src/errors.ts:5 reads ZodError.errors, which zod 4 removed (use .issues)');
    expect(note).toContain('src/validate.ts:2 reads ZodError.errors');
    expect(note).toContain('src/schemas.ts:1 imports zod-to-json-schema');
    expect(result.notes.some((n) => n.includes('→ ^4.2.0'))).toBe(false);
  });

  it('a pnpm project is told to run pnpm install', async () => {
    const c = byName('v1-with-package-json');
    const dir = materialise('pnpm', new Map([...c.input, ['pnpm-lock.yaml', "lockfileVersion: '9.0'\n"]]));
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, dryRun: true, transforms: [TRANSFORM] });
    expect(result.notes.some((n) => n.includes('Run `pnpm install`'))).toBe(true);
  });

  it('keeps @modelcontextprotocol/sdk in package.json while a file it does not migrate still imports it (client code)', async () => {
    const c = byName('v1-with-package-json');
    const client = "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nexport const client = new Client({ name: 'probe', version: '1.0.0' });\n";
    const dir = materialise('still-v1', new Map([...c.input, ['src/probe.ts', client]]));
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(manifest.dependencies['@modelcontextprotocol/sdk']).toBe('^1.29.0');
    expect(manifest.dependencies['@modelcontextprotocol/server']).toBe('^2.4.0');
    expect(fs.readFileSync(path.join(dir, 'src/probe.ts'), 'utf8')).toBe(client);
    expect(result.notes).toContain('sdk-v2: package.json keeps @modelcontextprotocol/sdk: src/probe.ts still refers to it (code this transform does not migrate, such as a client; a JSDoc type import; an SDK path the official codemod left with an @mcp-codemod-error comment; or a file left on SDK v1, with a dependency built on it).');
  });
  it('leaves client code on v1 also when a server file imports it (else a second run would migrate it once the analysis loads it)', async () => {
    const c = byName('v1-with-package-json');
    const probe = "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nimport type { Tool } from '@modelcontextprotocol/sdk/types.js';\nexport const client = new Client({ name: 'probe', version: '1.0.0' });\nexport const probeTools = async (): Promise<Tool[]> => (await client.listTools()).tools;\n";
    const server = `import { probeTools } from './probe.js';\n${c.input.get('src/server.ts')!}\nvoid probeTools;\n`;
    const dir = materialise('client-helper', new Map([...c.input, ['src/server.ts', server], ['src/probe.ts', probe]]));
    const first = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(first.failures).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'src/probe.ts'), 'utf8')).toBe(probe);
    expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).not.toContain('@modelcontextprotocol/sdk/');
    const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(second.changes.map((ch) => path.relative(dir, ch.file))).toEqual([]);
  });

  it('tells client-only files from servers by their SDK imports', () => {
    expect(isClientOnly("import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nimport type { Tool } from '@modelcontextprotocol/sdk/types.js';")).toBe(true);
    expect(isClientOnly("import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nimport { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';")).toBe(false);
    expect(isClientOnly("import type { Tool } from '@modelcontextprotocol/sdk/types.js';")).toBe(false);
  });
});

describe('which package.json', () => {
  it('never edits a manifest of a project around the one apply was pointed at', async () => {
    const c = byName('v1-typescript');
    const outer = '{\n  "name": "outer",\n  "devDependencies": {\n    "@modelcontextprotocol/sdk": "1.32.2"\n  }\n}\n';
    const root = materialise('outer', new Map([['package.json', outer], ['inner/package.json', '{ "name": "inner", "type": "module" }\n'], ['inner/server.ts', c.input.get('server.ts')!]]));
    const inner = path.join(root, 'inner');
    const result = await runApply({ paths: [inner], cwd: inner, allowDirty: true, typecheck: false, transforms: [TRANSFORM] });
    expect(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).toBe(outer);
    expect(JSON.parse(fs.readFileSync(path.join(inner, 'package.json'), 'utf8'))).toEqual({
      name: 'inner',
      type: 'module',
      dependencies: { '@modelcontextprotocol/node': '^2.1.2', '@modelcontextprotocol/server': '^2.4.0' },
    });
    expect(result.changes.map((ch) => path.relative(root, ch.file)).sort()).toEqual(['inner/package.json', 'inner/server.ts']);
  });
});

describe('--target', () => {
  async function cli(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), isTTY: false, env: {}, cwd });
    return { code, stdout, stderr };
  }

  it('stateless-v1 leaves the SDK v1 imports and package.json alone', async () => {
    const c = byName('v1-with-package-json');
    const dir = materialise('target-v1', c.input);
    const v1 = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM], transformOptions: { target: 'stateless-v1' } });
    expect(v1.changes).toEqual([]);
    expect(v1.notes).toEqual([]);
    const dry = await cli(['apply', '--dry-run', '--no-color', '--target', 'stateless-v1', '.'], dir);
    // --dry-run prints its summary on standard error (the diff alone on standard output): no error there.
    expect(dry.stderr).not.toMatch(/^mcp-migrate: /m);
    expect(dry.stderr).toContain('0 files would change');
    expect(dry.stdout).not.toContain('@modelcontextprotocol/server');
    expect(dry.stdout).not.toContain('package.json');
    const v2 = await cli(['apply', '--dry-run', '--no-color', '--transforms', TRANSFORM, '.'], dir);
    expect(v2.stdout).toContain("+import { McpServer } from '@modelcontextprotocol/server';");
    expect(v2.stdout).toContain('-    "@modelcontextprotocol/sdk": "^1.29.0",');
    expect(readTree(dir).get('package.json')).toBe(c.input.get('package.json'));
  });

  it('rejects an unknown target', async () => {
    const dir = materialise('target-bad', byName('v1-typescript').input);
    const result = await cli(['apply', '--dry-run', '--target', '2025-11-25', '.'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('2026-07-28');
  });
});

describe('package.json versions', () => {
  it('the v2 versions written are the ones the fixtures type-check against (the v2 packages this repository ships for the type check)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const own = { ...manifest.devDependencies, ...manifest.dependencies } as Record<string, string>;
    for (const pkg of ['@modelcontextprotocol/server', '@modelcontextprotocol/client', '@modelcontextprotocol/node', '@modelcontextprotocol/express']) {
      expect(V2_PACKAGE_VERSIONS[pkg], pkg).toBe(`^${own[pkg]}`);
    }
  });

  it('the zod floor: ranges that cannot reach 4.2 are raised, the rest are left alone', () => {
    const reaches = ['^4.2.0', '^4.0.0', '^4', '4.x', '>=3.25.0', '^3.25 || ^4.0', '*', 'latest', '~4.3.1', '4.2.1', '>=4 <5', '5.0.0'];
    const short = ['^3.25.0', '~3.25.76', '3.25.76', '~4.1.0', '4.1.12', '>=3 <4', '<4.2.0', '3.x', '^3.22.4 || ~4.0.0', '3.25.0 - 4.1.9'];
    for (const r of reaches) expect(zodRangeReachesFloor(r), r).toBe(true);
    for (const r of short) expect(zodRangeReachesFloor(r), r).toBe(false);
  });
});

describe('rewriteManifest', () => {
  it('keeps indentation and key order: replaces the v1 entry in place in an unsorted devDependencies with four-space indent', () => {
    const before = '{\n    "name": "x",\n    "devDependencies": {\n        "zod": "^3.23.8",\n        "@modelcontextprotocol/sdk": "1.20.0",\n        "tsx": "^4.0.0"\n    }\n}\n';
    const after = rewriteManifest(before, {
      remove: ['@modelcontextprotocol/sdk'],
      add: [{ section: 'devDependencies', name: '@modelcontextprotocol/server', range: '^2.4.0' }],
      set: [{ section: 'devDependencies', name: 'zod', range: '^4.2.0' }],
    });
    expect(after).toBe('{\n    "name": "x",\n    "devDependencies": {\n        "zod": "^4.2.0",\n        "@modelcontextprotocol/server": "^2.4.0",\n        "tsx": "^4.0.0"\n    }\n}\n');
  });

  it('replaces the removed package in bundledDependencies / bundleDependencies by the packages added to dependencies, in its place (sweep 25 Y2); a list without it, or `true`, is left alone', () => {
    const before = '{\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.12.0",\n    "zod": "^3.23.0"\n  },\n  "bundledDependencies": ["@modelcontextprotocol/sdk", "zod"],\n  "bundleDependencies": [\n    "zod",\n    "@modelcontextprotocol/sdk"\n  ]\n}\n';
    const change = {
      remove: ['@modelcontextprotocol/sdk'],
      add: [
        { section: 'dependencies' as const, name: '@modelcontextprotocol/server', range: '^2.4.0' },
        { section: 'dependencies' as const, name: '@modelcontextprotocol/node', range: '^2.1.2' },
      ],
      set: [],
    };
    expect(rewriteManifest(before, change)).toBe(
      '{\n  "dependencies": {\n    "@modelcontextprotocol/node": "^2.1.2",\n    "@modelcontextprotocol/server": "^2.4.0",\n    "zod": "^3.23.0"\n  },\n  "bundledDependencies": ["@modelcontextprotocol/node", "@modelcontextprotocol/server", "zod"],\n  "bundleDependencies": [\n    "zod",\n    "@modelcontextprotocol/node",\n    "@modelcontextprotocol/server"\n  ]\n}\n',
    );
    const other = '{\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.12.0"\n  },\n  "bundledDependencies": ["zod"],\n  "bundleDependencies": true\n}\n';
    expect(rewriteManifest(other, change)).toBe('{\n  "dependencies": {\n    "@modelcontextprotocol/node": "^2.1.2",\n    "@modelcontextprotocol/server": "^2.4.0"\n  },\n  "bundledDependencies": ["zod"],\n  "bundleDependencies": true\n}\n');
  });

  it('says of the peers added in place of a removed one what peerDependenciesMeta said of it (an optional peer stays optional, sweep 36 AJ6); an entry with nothing in its place goes', () => {
    const before = '{\n  "peerDependencies": {\n    "@modelcontextprotocol/sdk": ">= 1 < 2",\n    "graphql": "^16.0.0"\n  },\n  "peerDependenciesMeta": {\n    "@modelcontextprotocol/sdk": {\n      "optional": true\n    },\n    "graphql": { "optional": true }\n  }\n}\n';
    const change = {
      remove: ['@modelcontextprotocol/sdk'],
      add: [
        { section: 'peerDependencies' as const, name: '@modelcontextprotocol/server', range: '^2.4.0' },
        { section: 'peerDependencies' as const, name: '@modelcontextprotocol/node', range: '^2.1.2' },
      ],
      set: [],
    };
    expect(rewriteManifest(before, change)).toBe(
      '{\n  "peerDependencies": {\n    "@modelcontextprotocol/node": "^2.1.2",\n    "@modelcontextprotocol/server": "^2.4.0",\n    "graphql": "^16.0.0"\n  },\n  "peerDependenciesMeta": {\n    "@modelcontextprotocol/server": {\n      "optional": true\n    },\n    "@modelcontextprotocol/node": {\n      "optional": true\n    },\n    "graphql": { "optional": true }\n  }\n}\n',
    );
    const alone = '{ "peerDependencies": { "@modelcontextprotocol/sdk": "^1.0.0" }, "peerDependenciesMeta": { "@modelcontextprotocol/sdk": { "optional": true } } }';
    expect(rewriteManifest(alone, { remove: ['@modelcontextprotocol/sdk'], add: [], set: [] })).toBe('{ "peerDependencies": {  }, "peerDependenciesMeta": {} }');
  });

  it('inserts at the sorted place in a sorted section, keeps CRLF, and creates a missing section', () => {
    const before = '{\r\n  "dependencies": {\r\n    "@modelcontextprotocol/sdk": "^1.0.0"\r\n  }\r\n}\r\n';
    const after = rewriteManifest(before, {
      remove: ['@modelcontextprotocol/sdk'],
      add: [
        { section: 'dependencies', name: '@modelcontextprotocol/server', range: '^2.4.0' },
        { section: 'dependencies', name: '@modelcontextprotocol/express', range: '^2.0.2' },
        { section: 'devDependencies', name: 'zod', range: '^4.2.0' },
      ],
      set: [],
    });
    expect(after).toBe(
      '{\r\n  "dependencies": {\r\n    "@modelcontextprotocol/express": "^2.0.2",\r\n    "@modelcontextprotocol/server": "^2.4.0"\r\n  },\r\n  "devDependencies": {\r\n    "zod": "^4.2.0"\r\n  }\r\n}\r\n',
    );
    expect(JSON.parse(after)).toEqual({ dependencies: { '@modelcontextprotocol/server': '^2.4.0', '@modelcontextprotocol/express': '^2.0.2' }, devDependencies: { zod: '^4.2.0' } });
  });
});

describe('minimal edits', () => {
  it('a region rewritten by another tool keeps the user\'s indentation on the lines it only re-indented', () => {
    const before = 'f(\n  a,\n  async () => {\n    await x(extra);\n    return 1;\n  },\n);\n';
    const reindented = 'g(a, async () => {\n        await x(ctx);\n        return 1;\n      });\n';
    const kept = keepIndentation(before, reindented);
    expect(kept).toBe('g(a, async () => {\n    await x(ctx);\n    return 1;\n  });\n');
  });

  it('edits applied to the old text give the new text, and span only what differs', () => {
    const before = 'import { a } from "x";\nconst b = 1;\nconst c = a(b);\n';
    const after = 'import { a, d } from "y";\nconst b = 1;\nconst c = d(b);\n';
    const edits = minimalEdits('/f.ts', before, after);
    expect(applyEdits(before, edits)).toBe(after);
    expect(edits.map((e) => before.slice(e.start, e.end))).toEqual([' } from "x', 'a']);
  });

  it('new specifiers follow the file\'s quote style', () => {
    expect(matchSpecifierQuotes("import a from 'a';\n", 'import a from \'a\';\nimport { b } from "@modelcontextprotocol/server";\n')).toBe("import a from 'a';\nimport { b } from '@modelcontextprotocol/server';\n");
    expect(matchSpecifierQuotes('import a from \'a\';\nimport b from "b";\n', 'x from "c"')).toBe('x from "c"');
    // Semicolons: dropped from the import lines only where none of the file's own imports has one.
    expect(matchImportSemicolons("import a from 'a'\nimport {\n  b,\n} from 'b'\n", "import a from 'a'\nimport { c } from '@modelcontextprotocol/server';\nconst d = 1;\n")).toBe("import a from 'a'\nimport { c } from '@modelcontextprotocol/server'\nconst d = 1;\n");
    expect(matchImportSemicolons("import a from 'a';\nimport b from 'b'\n", "import { c } from '@modelcontextprotocol/server';\n")).toBe("import { c } from '@modelcontextprotocol/server';\n");
  });
  it('reports a codemod comment where it is after the later transforms, and not at all once a later transform resolved it', async () => {
    const server = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';",
      "import type { ServerRequest, ServerNotification } from '@modelcontextprotocol/sdk/types.js';",
      "import { z } from 'zod';",
      'type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;',
      'const carts = new Map<string, string[]>();',
      'function getCart(extra: Extra): string[] {',
      "  const id = extra.sessionId ?? 'anonymous';",
      '  let cart = carts.get(id);',
      '  if (!cart) carts.set(id, (cart = []));',
      '  return cart;',
      '}',
      "export const server = new McpServer({ name: 'shop', version: '1.0.0' });",
      "server.registerTool('add_to_cart', { inputSchema: { sku: z.string() } }, async ({ sku }, extra) => {",
      '  const cart = getCart(extra);',
      '  cart.push(sku);',
      "  return { content: [{ type: 'text', text: `${cart.length} items` }] };",
      '});',
      "server.tool('echo', { x: z.string() }, async ({ x }, { signal }) => ({ content: [{ type: 'text', text: x + String(signal.aborted) }] }));",
      '',
    ].join('\n');
    const commentNotes = (notes: string[]) => notes.filter((n) => n.includes('`@mcp-codemod-error` comment')).map((n) => /server\.ts:(\d+) .*comment\): (\w+ \w+)/.exec(n)!.slice(1).join(' '));
    const aloneDir = materialise('anchored-alone', new Map([['server.ts', server]]));
    const alone = await runApply({ paths: [aloneDir], cwd: aloneDir, allowDirty: true, typecheck: false, dryRun: true, transforms: [TRANSFORM] });
    const after = alone.changes.find((c) => c.file.endsWith('server.ts'))!.after.split('\n');
    const at = (text: string) => after.findIndex((l) => l.includes(`@mcp-codemod-error ${text}`)) + 1;
    expect(at('The context')).toBeGreaterThan(0);
    expect(commentNotes(alone.notes).sort()).toEqual([`${at('The context')} The context`, `${at('Destructuring')} Destructuring of`]);

    const dir = materialise('anchored-pipeline', new Map([['server.ts', server]]));
    const both = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM, 'session-state-to-handles'] });
    const lines = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8').split('\n');
    expect(lines.some((l) => l.includes('forwarded to getCart('))).toBe(false);
    const destructuring = lines.findIndex((l) => l.includes('@mcp-codemod-error Destructuring')) + 1;
    expect(destructuring).toBeGreaterThan(20);
    expect(commentNotes(both.notes)).toEqual([`${destructuring} Destructuring of`]);
  });
});
