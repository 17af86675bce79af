/**
 * The migration guard (src/apply/typecheck): the migrated program is type-checked against the real
 * packages before anything is written, and only the errors the migration introduced are reported,
 * each with the transform that caused it.
 *
 * Projects are temporary trees whose node_modules links to this repository's (the real SDK v1 and v2
 * packages, zod and TypeScript). The "transforms" here are recorded text steps, as apply records them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { guardMigration, mergeNotChecked, typeCheckMigration, type MigratedFile, type TypeCheckResult } from '../../src/apply/typecheck/check.js';
import { LineProvenance } from '../../src/apply/typecheck/provenance.js';
import { tempTree } from '../support/temp-tree.js';

const NODE_MODULES = path.resolve(import.meta.dirname, '../../node_modules');
const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, types: ['node'] }, include: ['src'] });
const PACKAGE = JSON.stringify({ name: 'p', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.29.0', zod: '^4.0.0' } });

function project(files: Record<string, string>, { linked = true } = {}): string {
  const dir = tempTree({ 'tsconfig.json': TSCONFIG, 'package.json': PACKAGE, ...files });
  if (linked) fs.symlinkSync(NODE_MODULES, path.join(dir, 'node_modules'));
  return dir;
}

/** One step (a transform) changing files of `dir`: returns the changes as apply hands them over. */
function migrate(dir: string, steps: { step: string; file: string; after: string }[], provenance = new LineProvenance()): MigratedFile[] {
  const current = new Map<string, { before: string; after: string; created: boolean }>();
  for (const { step, file, after } of steps) {
    const abs = path.join(dir, file);
    const existing = current.get(abs);
    const onDisk = fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined;
    const before = existing?.after ?? onDisk ?? '';
    provenance.record(abs, step, before, after);
    current.set(abs, { before: existing?.before ?? onDisk ?? '', after, created: onDisk === undefined });
  }
  return [...current].map(([file, c]) => ({ file, ...c }));
}

const V1 = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function build(): McpServer {
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  return server;
}
`;

describe('mergeNotChecked', () => {
  it('names a reason once, with the files of every program that met it (jdutton/mcp-typescript-simple: one uninstalled import, five programs)', () => {
    const reason = 'the migrated code imports @modelcontextprotocol/server-legacy/auth, which is not installed';
    const merged = mergeNotChecked([{ files: ['/p/a.ts'], reason }], [
      { files: ['/p/a.ts', '/p/b.ts'], reason },
      { files: ['/p/c.js'], reason: 'no tsconfig.json or jsconfig.json governs these JavaScript files' },
      { files: ['/p/d.ts'], reason },
    ]);
    expect(merged).toEqual([
      { files: ['/p/a.ts', '/p/b.ts', '/p/d.ts'], reason },
      { files: ['/p/c.js'], reason: 'no tsconfig.json or jsconfig.json governs these JavaScript files' },
    ]);
  });
});

describe('typeCheckMigration', () => {
  it('reports an error on a line a transform wrote, at its line in the migrated text, naming the transform', () => {
    const dir = project({ 'src/server.ts': V1 });
    const provenance = new LineProvenance();
    const after = V1.replace("  return server;\n", "  server.registerTool('t', { description: 7 }, async () => ({ content: [] }));\n  return server;\n");
    const result = typeCheckMigration(migrate(dir, [{ step: 'tool-rewriter', file: 'src/server.ts', after }], provenance), provenance);
    expect(result.notChecked).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ file: path.join(dir, 'src/server.ts'), line: 5, code: 2322, transforms: ['tool-rewriter'], cause: 'edited-line' });
    expect(result.errors[0]!.advice).toContain('written by tool-rewriter');
  });

  it('does not report an error the original had, when a transform only moved it to another line', () => {
    const broken = V1.replace('  return server;', "  const n: number = 'not a number';\n  return server;");
    const dir = project({ 'src/server.ts': broken });
    const provenance = new LineProvenance();
    const after = broken.replace("import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n", "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n// a comment\n// another\n");
    const result = typeCheckMigration(migrate(dir, [{ step: 'commenter', file: 'src/server.ts', after }], provenance), provenance);
    expect(result.checked).toContain(path.join(dir, 'src/server.ts'));
    expect(result.errors).toEqual([]);
  });

  it('reports the second copy of an error the original had once', () => {
    const broken = V1.replace('  return server;', "  const n: number = 'x';\n  return server;");
    const dir = project({ 'src/server.ts': broken });
    const provenance = new LineProvenance();
    const after = broken.replace('  return server;', "  const m: number = 'x';\n  return server;");
    const result = typeCheckMigration(migrate(dir, [{ step: 'duplicator', file: 'src/server.ts', after }], provenance), provenance);
    expect(result.errors.map((e) => [e.line, e.transforms])).toEqual([[6, ['duplicator']]]);
  });

  it('blames a missing name on the step that removed its import, and lists it for a later step that touched the file', () => {
    const source = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const schema = z.object({ a: z.string() });
export const make = (): McpServer => new McpServer({ name: 'a', version: '1' });
`;
    const dir = project({ 'src/server.ts': source });
    const provenance = new LineProvenance();
    const withoutZod = source.replace("import { z } from 'zod';\n", '');
    const changes = migrate(dir, [
      { step: 'import-dropper', file: 'src/server.ts', after: withoutZod },
      { step: 'appender', file: 'src/server.ts', after: `${withoutZod}export const x = 1;\n` },
    ], provenance);
    const result = typeCheckMigration(changes, provenance);
    expect(result.errors.map((e) => [e.line, e.code, e.cause, e.transforms])).toEqual([
      [3, 2304, 'removed-name', ['import-dropper']],
      [3, 2304, 'removed-name', ['import-dropper']],
    ]);
  });

  it('checks the files that import a changed module, and blames the transforms that changed what they import', () => {
    const lib = 'export function total(a: number, b: number): number {\n  return a + b;\n}\n';
    const user = "import { total } from './lib.js';\n\nexport const sum = total(1, 2);\n";
    const dir = project({ 'src/lib.ts': lib, 'src/use.ts': user, 'src/server.ts': V1 });
    const provenance = new LineProvenance();
    const result = typeCheckMigration(migrate(dir, [{ step: 'signature-changer', file: 'src/lib.ts', after: lib.replace('b: number)', 'b: number, c: string)') }], provenance), provenance);
    expect(result.checked).toContain(path.join(dir, 'src/use.ts'));
    expect(result.errors.map((e) => [path.basename(e.file), e.line, e.code, e.cause, e.transforms])).toEqual([['use.ts', 3, 2554, 'changed-import', ['signature-changer']]]);
  });

  it('names the step that changed the package.json beside the steps that changed the file, for an error on a line no step wrote (sweep 25 Y1: a zod raise breaking a file left on SDK 1.x must hold the move back)', () => {
    const lib = 'export function total(a: number, b: number): number {\n  return a + b;\n}\n';
    const user = "import { total } from './lib.js';\n\nexport const sum = total(1, 2);\n";
    const dir = project({ 'src/lib.ts': lib, 'src/use.ts': user, 'src/server.ts': V1 });
    const provenance = new LineProvenance();
    const manifest = JSON.stringify({ ...JSON.parse(PACKAGE), description: 'raised' });
    const changes = migrate(dir, [
      { step: 'signature-changer', file: 'src/lib.ts', after: lib.replace('b: number)', 'b: number, c: string)') },
      { step: 'sdk-v2', file: 'package.json', after: manifest },
    ], provenance);
    const result = typeCheckMigration(changes, provenance);
    expect(result.errors.map((e) => [path.basename(e.file), e.cause, e.transforms])).toEqual([['use.ts', 'changed-import', ['signature-changer', 'sdk-v2']]]);
    // A line a step wrote is that step's own: the manifest is not named there.
    const other = project({ 'src/server.ts': V1 });
    const own = new LineProvenance();
    const wrote = V1.replace("  return server;\n", "  server.registerTool('t', { description: 7 }, async () => ({ content: [] }));\n  return server;\n");
    const onLine = typeCheckMigration(migrate(other, [{ step: 'tool-rewriter', file: 'src/server.ts', after: wrote }, { step: 'sdk-v2', file: 'package.json', after: manifest }], own), own);
    expect(onLine.errors.map((e) => [e.cause, e.transforms])).toEqual([['edited-line', ['tool-rewriter']]]);
  });

  it('checks a file no step touched against the SDK 1.x release a raised range installs, not the older one installed (sweep 25 Y1: 1.32 types the server info exactly, 1.17 took `capabilities` in it); nothing without the raise', () => {
    // The installed SDK 1.17 as far as this file needs it: a server info with an index signature, as 1.17 typed it.
    const old = {
      'node_modules/@modelcontextprotocol/sdk/package.json': JSON.stringify({ name: '@modelcontextprotocol/sdk', version: '1.17.3', exports: { './server/mcp.js': { types: './mcp.d.ts' } } }),
      'node_modules/@modelcontextprotocol/sdk/mcp.d.ts': 'export declare class McpServer {\n  constructor(info: { name: string; version: string; [key: string]: unknown });\n}\n',
    };
    const held = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n\nexport const server = new McpServer({ name: 'agent', version: '1.0.0', capabilities: { tools: {} } });\n";
    const other = 'export const port = 3000;\n';
    const manifest = (sdk: string): string => JSON.stringify({ name: 'p', type: 'module', dependencies: { '@modelcontextprotocol/sdk': sdk } });
    const setUp = (): string => {
      const dir = project({ ...old, 'package.json': manifest('1.17.3'), 'src/agent.ts': held, 'src/other.ts': other }, { linked: false });
      fs.mkdirSync(path.join(dir, 'node_modules/@types'), { recursive: true });
      fs.symlinkSync(path.join(NODE_MODULES, '@types/node'), path.join(dir, 'node_modules/@types/node'));
      return dir;
    };
    const raisedDir = setUp();
    const provenance = new LineProvenance();
    const raised = typeCheckMigration(migrate(raisedDir, [
      { step: 'stateless-serving', file: 'src/other.ts', after: other.replace('3000', '8080') },
      { step: 'sdk-v2', file: 'package.json', after: manifest('^1.23.0') },
    ], provenance), provenance);
    expect(raised.notChecked).toEqual([]);
    expect(raised.errors.map((e) => [path.basename(e.file), e.line, e.code, e.cause, e.transforms, e.dependencies])).toEqual([['agent.ts', 3, 2353, 'raised-dependency', ['sdk-v2'], ['@modelcontextprotocol/sdk']]]);
    expect(raised.errors[0]!.advice).toMatch(/imports @modelcontextprotocol\/sdk, whose range in package.json sdk-v2 raised past the installed release/);
    // The same run without the raise: the installed 1.17 is what the file compiles against, and it is not even read.
    const keptDir = setUp();
    const kept = new LineProvenance();
    const unraised = typeCheckMigration(migrate(keptDir, [{ step: 'stateless-serving', file: 'src/other.ts', after: other.replace('3000', '8080') }], kept), kept);
    expect(unraised.errors).toEqual([]);
    expect(unraised.checked.map((f) => path.basename(f))).toEqual(['other.ts']);
  });

  it('resolves the v2 packages the migrated code imports even when the project has only SDK 1.x', () => {
    const dir = project({ 'src/server.ts': V1 });
    const provenance = new LineProvenance();
    const v2 = `import { McpServer } from '@modelcontextprotocol/server';\n\nexport function build(): McpServer {\n  return new McpServer({ name: 'shop', version: '1.0.0' });\n}\n`;
    const result = typeCheckMigration(migrate(dir, [{ step: 'sdk-v2', file: 'src/server.ts', after: v2 }], provenance), provenance);
    expect(result.notChecked).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.compilers.join()).toMatch(/TypeScript \d+\.\d+/);
  });

  it('checks shipped v2 packages against the zod the project has installed, as npm would share it (another zod 4 release in the project is no error)', () => {
    // The project's own zod 4 at another version than mcp-migrate's: a real copy (a symlink would be
    // the same files), named as the release a project would have. npm installs the SDK v2 packages
    // beside it and shares it (it fits their ^4.2.0), so the SDK's zod types are the project's.
    const dir = project({ 'src/server.ts': V1 }, { linked: false });
    const modules = path.join(dir, 'node_modules');
    fs.mkdirSync(path.join(modules, '@modelcontextprotocol'), { recursive: true });
    fs.mkdirSync(path.join(modules, '@types'), { recursive: true });
    fs.symlinkSync(path.join(NODE_MODULES, '@modelcontextprotocol/sdk'), path.join(modules, '@modelcontextprotocol/sdk'));
    fs.symlinkSync(path.join(NODE_MODULES, '@types/node'), path.join(modules, '@types/node'));
    fs.cpSync(fs.realpathSync(path.join(NODE_MODULES, 'zod')), path.join(modules, 'zod'), { recursive: true });
    const zodManifest = path.join(modules, 'zod/package.json');
    fs.writeFileSync(zodManifest, fs.readFileSync(zodManifest, 'utf8').replace(/"version": "[^"]+"/, '"version": "4.4.3"'));
    const provenance = new LineProvenance();
    const v2 = [
      "import { McpServer } from '@modelcontextprotocol/server';",
      "import { z } from 'zod';",
      '',
      'export function build(): McpServer {',
      "  const server = new McpServer({ name: 'shop', version: '1.0.0' });",
      "  server.registerPrompt('greet', { argsSchema: { name: z.string() } }, ({ name }) => ({ messages: [{ role: 'user', content: { type: 'text', text: name } }] }));",
      '  return server;',
      '}',
      '',
    ].join('\n');
    const result = typeCheckMigration(migrate(dir, [{ step: 'sdk-v2', file: 'src/server.ts', after: v2 }], provenance), provenance);
    expect(result.notChecked).toEqual([]);
    expect(result.errors).toEqual([]);
  });

  it('says why when the project has no dependencies installed, and checks nothing', () => {
    const dir = project({ 'src/server.ts': V1 }, { linked: false });
    const provenance = new LineProvenance();
    const result = typeCheckMigration(migrate(dir, [{ step: 'x', file: 'src/server.ts', after: `${V1}const broken: number = 'x';\n` }], provenance), provenance);
    expect(result.errors).toEqual([]);
    expect(result.notChecked).toEqual([{ files: [path.join(dir, 'src/server.ts')], reason: expect.stringContaining("the project's dependencies are not installed (@modelcontextprotocol/sdk") }]);
  });

  it('checks a project whose package.json declares a dev CLI of the SDK\'s scope that is not installed and that nothing imports (sweep 27 AA7: @modelcontextprotocol/inspector); an SDK package not installed still stops it', () => {
    const manifest = JSON.stringify({ ...JSON.parse(PACKAGE), devDependencies: { '@modelcontextprotocol/inspector': '^0.16.6' } });
    const dir = project({ 'package.json': manifest, 'src/server.ts': V1 });
    const provenance = new LineProvenance();
    const result = typeCheckMigration(migrate(dir, [{ step: 'x', file: 'src/server.ts', after: `${V1}const broken: number = 'x';\n` }], provenance), provenance);
    expect(result.notChecked).toEqual([]);
    expect(result.errors.map((e) => [path.basename(e.file), e.code])).toEqual([['server.ts', 2322]]);
    const missingSdk = JSON.stringify({ ...JSON.parse(manifest), dependencies: { ...JSON.parse(PACKAGE).dependencies, '@modelcontextprotocol/server-legacy': '^2.3.1' } });
    const other = project({ 'package.json': missingSdk, 'src/server.ts': V1 });
    const again = new LineProvenance();
    const stopped = typeCheckMigration(migrate(other, [{ step: 'x', file: 'src/server.ts', after: `${V1}const broken: number = 'x';\n` }], again), again);
    expect(stopped.notChecked).toEqual([{ files: [path.join(other, 'src/server.ts')], reason: expect.stringContaining('(@modelcontextprotocol/server-legacy is in package.json, not in node_modules)') }]);
  });

  it('checks a project whose tsconfig sets "jsx": "react-jsx" and "importHelpers" without react or tslib installed: the imports the compiler adds itself are not missing dependencies (iceener/spotify-streamable-mcp-server)', () => {
    const tsconfig = JSON.stringify({ compilerOptions: { ...JSON.parse(TSCONFIG).compilerOptions, jsx: 'react-jsx', importHelpers: true }, include: ['src'] });
    const dir = project({ 'src/server.ts': V1, 'tsconfig.json': tsconfig });
    const provenance = new LineProvenance();
    const after = V1.replace("  return server;\n", "  const broken: number = 'x';\n  return server;\n");
    const result = typeCheckMigration(migrate(dir, [{ step: 'x', file: 'src/server.ts', after }], provenance), provenance);
    expect(result.notChecked).toEqual([]);
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([[5, 2322]]);
  });

  it('compares nothing when a package the original imports resolves nowhere (every use of it is any)', () => {
    // `url` has no package: @types/node declares it as an ambient module, which is not "resolving nowhere".
    const withMissing = `import { URL } from 'url';\nimport { helper } from 'not-installed-anywhere';\nexport const u = new URL('https://example.com');\n${V1}`;
    const dir = project({ 'src/server.ts': withMissing });
    const provenance = new LineProvenance();
    const after = withMissing.replace('  return server;', '  const value: number = helper();\n  const oops: number = "x";\n  return server;');
    const result = typeCheckMigration(migrate(dir, [{ step: 'x', file: 'src/server.ts', after }], provenance), provenance);
    expect(result.errors).toEqual([]);
    expect(result.notChecked[0]!.reason).toMatch(/not-installed-anywhere does not resolve from src\/server\.ts/);
  });

  it('checks the importers of a workspace package that is linked but not built against its sources (metamcp: @repo/zod-types before `turbo build`), instead of comparing nothing', () => {
    const source = `import { label } from '@repo/shared';\n${V1}export const named: string = label;\n`;
    const dir = tempTree({
      'apps/api/tsconfig.json': TSCONFIG,
      'apps/api/package.json': JSON.stringify({ name: 'api', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.29.0', '@repo/shared': 'workspace:*' } }),
      'apps/api/src/server.ts': source,
      'packages/shared/package.json': JSON.stringify({ name: '@repo/shared', type: 'module', types: './dist/index.d.ts', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } }),
      'packages/shared/src/index.ts': "export const label: string = 'shop';\n",
    });
    const modules = path.join(dir, 'apps/api/node_modules');
    fs.mkdirSync(path.join(modules, '@repo'), { recursive: true });
    for (const entry of ['@modelcontextprotocol', 'zod', 'typescript', '@types']) fs.symlinkSync(path.join(NODE_MODULES, entry), path.join(modules, entry));
    fs.symlinkSync(path.join(dir, 'packages/shared'), path.join(modules, '@repo/shared'));
    const provenance = new LineProvenance();
    const after = source.replace('  return server;', '  const count: number = label;\n  return server;');
    const result = typeCheckMigration(migrate(dir, [{ step: 'x', file: 'apps/api/src/server.ts', after }], provenance), provenance);
    expect(result.notChecked).toEqual([]);
    // `label` is typed from the package's source (a string): assigning it to a number is the one new error.
    expect(result.errors.map((e) => [e.line, e.code, e.transforms])).toEqual([[6, 2322, ['x']]]);
  });

  it('names no untyped callback parameter in a file that imports a v2 package not installed yet (it is typed once installed), and still names a real error there', () => {
    const dir = project({ 'src/server.ts': V1 });
    const provenance = new LineProvenance();
    const after = [
      "import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';",
      '',
      'export function close(transport: SSEServerTransport): Promise<void> {',
      '  return transport.close().catch((error) => console.error(error));',
      '}',
      "export const oops: number = 'x';",
      '',
    ].join('\n');
    const result = typeCheckMigration(migrate(dir, [{ step: 'sdk-v2', file: 'src/server.ts', after }], provenance), provenance);
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([[6, 2322]]);
    expect(result.notChecked[0]!.reason).toMatch(/imports @modelcontextprotocol\/server-legacy\/sse, which is not installed/);
  });

  it('advises on a v2 request handler whose return value no longer fits its method\'s result type (v1 took any ServerResult)', () => {
    const dir = project({ 'src/server.ts': V1 });
    const provenance = new LineProvenance();
    const after = [
      "import { Server } from '@modelcontextprotocol/server';",
      '',
      "const server = new Server({ name: 'shop', version: '1.0.0' }, { capabilities: { tools: {} } });",
      "const failure = (message: string) => ({ content: [{ type: 'text', text: message }], isError: true });",
      "server.setRequestHandler('tools/call', async (request) => {",
      "  if (!request.params.arguments) return failure('no arguments');",
      '  return failure(request.params.name);',
      '});',
      '',
    ].join('\n');
    const result = typeCheckMigration(migrate(dir, [{ step: 'sdk-v2', file: 'src/server.ts', after }], provenance), provenance);
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([[5, 2345]]);
    expect(result.errors[0]!.advice).toMatch(/^v2's setRequestHandler\('tools\/call', …\) checks what the handler returns against v2's CallToolResult \(v1 accepted any ServerResult\)/);
  });

  describe("a monorepo's packages", () => {
    const BASE = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, types: ['node'] } });
    const MEMBER = JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src'] });
    const packageJson = (name: string) => JSON.stringify({ name, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.29.0', zod: '^4.0.0' } });
    /** Three packages on one base tsconfig and one hoisted node_modules (npm workspaces). */
    function workspace(extra: Record<string, string> = {}): string {
      const files: Record<string, string> = { 'tsconfig.base.json': BASE, 'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'] }) };
      for (const name of ['a', 'b', 'c']) Object.assign(files, { [`packages/${name}/tsconfig.json`]: MEMBER, [`packages/${name}/package.json`]: packageJson(name), [`packages/${name}/src/server.ts`]: V1 });
      const dir = tempTree({ ...files, ...extra });
      fs.symlinkSync(NODE_MODULES, path.join(dir, 'node_modules'));
      return dir;
    }
    const steps = [
      { step: 'breaker', file: 'packages/a/src/server.ts', after: `${V1}export const broken: number = 'x';\n` },
      { step: 'commenter', file: 'packages/b/src/server.ts', after: `// migrated\n${V1}` },
      { step: 'breaker', file: 'packages/c/src/server.ts', after: `${V1}export const alsoBroken: string = 1;\n` },
    ];
    const summary = (result: TypeCheckResult) => ({
      errors: result.errors.map((e) => [e.file, e.line, e.code, e.transforms]),
      checked: [...result.checked].sort(),
      notChecked: result.notChecked,
    });

    it('are checked in one program when they share options and node_modules, with the result of checking each alone', () => {
      const dir = workspace();
      const provenance = new LineProvenance();
      const together = typeCheckMigration(migrate(dir, steps, provenance), provenance);
      // The migrated program, and the original one (an error was found): two programs for three packages.
      expect(together.programs).toBe(2);
      expect(together.errors.map((e) => [path.relative(dir, e.file), e.line, e.code])).toEqual([
        ['packages/a/src/server.ts', 7, 2322],
        ['packages/c/src/server.ts', 7, 2322],
      ]);
      const alone: TypeCheckResult[] = steps.map((step) => {
        const own = new LineProvenance();
        return typeCheckMigration(migrate(dir, [step], own), own);
      });
      expect(alone.reduce((sum, r) => sum + r.programs, 0)).toBe(5);
      expect(summary(together)).toEqual({
        errors: alone.flatMap((r) => summary(r).errors).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
        checked: alone.flatMap((r) => r.checked).sort(),
        notChecked: [],
      });
    });

    it('are checked apart when a package resolves modules elsewhere (its own node_modules) or has other options', () => {
      const dir = workspace({
        'packages/b/tsconfig.json': JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { noUnusedLocals: true }, include: ['src'] }),
      });
      fs.mkdirSync(path.join(dir, 'packages/c/node_modules'));
      const provenance = new LineProvenance();
      const result = typeCheckMigration(migrate(dir, steps, provenance), provenance);
      // a (2 programs: an error), b (1: clean), c (2: an error): nothing shared.
      expect(result.programs).toBe(5);
      expect(result.errors).toHaveLength(2);
    });

    it('are checked each alone when one of them compares nothing (an import of its original code resolves nowhere)', () => {
      const dir = workspace();
      const missing = `import { helper } from 'not-installed-anywhere';\n${V1}export const h: number = helper();\n`;
      fs.writeFileSync(path.join(dir, 'packages/b/src/server.ts'), missing);
      const provenance = new LineProvenance();
      const mixed = [steps[0]!, { step: 'x', file: 'packages/b/src/server.ts', after: `${missing}export const oops: number = 'x';\n` }, steps[2]!];
      const result = typeCheckMigration(migrate(dir, mixed, provenance), provenance);
      expect(result.errors.map((e) => path.relative(dir, e.file))).toEqual(['packages/a/src/server.ts', 'packages/c/src/server.ts']);
      expect(result.notChecked).toEqual([{ files: [path.join(dir, 'packages/b/src/server.ts')], reason: expect.stringMatching(/not-installed-anywhere does not resolve from src\/server\.ts/) }]);
      expect(result.checked.map((f) => path.relative(dir, f)).sort()).toEqual(['packages/a/src/server.ts', 'packages/c/src/server.ts']);
    });
  });

  it('says why for JavaScript no tsconfig governs, and for --no-typecheck', () => {
    const dir = tempTree({ 'package.json': PACKAGE, 'server.js': 'export const a = 1;\n' });
    const provenance = new LineProvenance();
    const changes = migrate(dir, [{ step: 'x', file: 'server.js', after: 'export const a = 2;\n' }], provenance);
    expect(typeCheckMigration(changes, provenance).notChecked[0]!.reason).toMatch(/no tsconfig\.json or jsconfig\.json/);
    expect(guardMigration(changes, provenance, false).notChecked).toEqual([{ files: [path.join(dir, 'server.js')], reason: 'skipped with --no-typecheck' }]);
  });
});

describe('LineProvenance', () => {
  it('keeps the owners of lines through later steps that shift them', () => {
    const p = new LineProvenance();
    p.record('f', 'a', 'one\ntwo\n', 'one\nTWO\n');
    p.record('f', 'b', 'one\nTWO\n', 'zero\none\nTWO\nthree\n');
    expect([1, 2, 3, 4].map((line) => p.ownersOfLine('f', line))).toEqual([['b'], [], ['a'], ['b']]);
    expect(p.stepsOf('f')).toEqual(['a', 'b']);
    expect(p.stepsThatRemoved('f', 'two')).toEqual(['a']);
    expect(p.stepsThatRemoved('f', 'tw')).toEqual([]);
  });

  it('does not count re-indenting a line as writing it', () => {
    const p = new LineProvenance();
    p.record('f', 'a', 'x;\n', 'x(1);\n');
    p.record('f', 'wrap', 'x(1);\n', 'function f() {\n  x(1);\n}\n');
    expect([1, 2, 3].map((line) => p.ownersOfLine('f', line))).toEqual([['wrap'], ['a'], ['wrap']]);
  });
});

function git(dir: string, ...args: string[]): void {
  const result = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  if (result.status !== 0) throw new Error(result.stderr);
}

async function run(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), isTTY: false, env: {}, cwd });
  return { code, stdout, stderr };
}

describe('apply with the guard', () => {
  // SDK v2 has no `experimental` tasks (SEP-2663): no transform can keep this compiling, so the guard must say so.
  const TASKS = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function build(): McpServer {
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  console.error(typeof server.experimental.tasks);
  return server;
}
`;

  function repo(): string {
    const dir = project({ 'src/server.ts': TASKS, '.gitignore': 'node_modules\n' });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'init');
    return dir;
  }

  it('names the new error in the terminal, the JSON and MIGRATION.md, and exits 1 unless --fail-on none (with --no-hold-back the SDK move is made)', async () => {
    const dir = repo();
    const json = await run(['apply', '--no-hold-back', '--dry-run', '--format', 'json', '.'], dir);
    const report = JSON.parse(json.stdout) as { typeErrors: { file: string; line: number; code: string; transforms: string[] }[]; typeCheck: { checked: string[] } };
    expect(report.typeErrors).toEqual([expect.objectContaining({ file: 'src/server.ts', line: 6, code: 'TS2339', transforms: ['sdk-v2'] })]);
    expect(report.typeCheck.checked).toEqual(['src/server.ts']);
    expect(json.code).toBe(1);

    const text = await run(['apply', '--no-hold-back', '--dry-run', '--fail-on', 'none', '.'], dir);
    expect(text.stderr).toMatch(/✖ 1 new type error in the migrated code/);
    // A dry run prints the diff on standard output and its summary on standard error.
    expect(text.stderr).toMatch(/src\/server\.ts:6 TS2339 Property 'experimental' does not exist/);
    expect(text.code).toBe(0);

    expect((await run(['apply', '--no-hold-back', '.'], dir)).code).toBe(1);
    const markdown = fs.readFileSync(path.join(dir, 'MIGRATION.md'), 'utf8');
    expect(markdown).toMatch(/## Type check[\s\S]*\| `src\/server\.ts:6` \| TS2339/);
    expect(markdown, 'no timing in a committed report').not.toMatch(/\d\.\d s\)/);
  });

  it('by default apply holds back the SDK v2 move that would add the error: the code stays on SDK 1.x, the predicted error is named in the terminal, the JSON and the report, and the exit code is 1 unless --fail-on none', async () => {
    const dir = repo();
    const packageJson = fs.readFileSync(path.join(dir, 'package.json'), 'utf8');
    const json = await run(['apply', '--format', 'json', '--output', 'markdown:held.md', '.'], dir);
    const report = JSON.parse(json.stdout) as { typeErrors: unknown[]; changes: unknown[]; heldBack?: { transform: string; target: string; predicted: { file: string; line: number; code: string; transforms: string[] }[] } };
    expect(report.heldBack).toEqual({ transform: 'sdk-v2', target: 'stateless-v1', predicted: [expect.objectContaining({ file: 'src/server.ts', line: 6, code: 'TS2339', transforms: ['sdk-v2'] })] });
    // What is written (here: nothing) adds no error, and neither the code nor package.json moved to v2.
    expect(report.typeErrors).toEqual([]);
    expect(report.changes).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(TASKS);
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(packageJson);
    expect(json.code).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'held.md'), 'utf8')).toMatch(/### SDK v2 move held back[\s\S]*stays on SDK 1\.x[\s\S]*\| `src\/server\.ts:6` \| TS2339/);

    const text = await run(['apply', '--dry-run', '--fail-on', 'none', '.'], dir);
    expect(text.stderr).toMatch(/✖ the SDK v2 move \(sdk-v2\) is held back: with it the migrated code would have 1 new type error/);
    expect(text.stderr).toMatch(/src\/server\.ts:6 TS2339 Property 'experimental' does not exist/);
    // The summary lists the transforms of the migration shown, which did not include the SDK move.
    expect(text.stderr).toMatch(/would change by session-state-to-handles/);
    expect(text.stderr).not.toMatch(/would change by[^\n]*sdk-v2/);
    expect(text.code).toBe(0);
  }, 180_000); // two runs, each migrating and type-checking twice

  it("in a monorepo holds the move back only in the package it would break: the other package moves to SDK v2, and the report names the held package", async () => {
    const CLEAN = TASKS.replace('  console.error(typeof server.experimental.tasks);\n', '');
    const member = (name: string) => JSON.stringify({ name, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.29.0', zod: '^4.0.0' } });
    const dir = tempTree({
      'package.json': JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }),
      '.gitignore': 'node_modules\n',
      'packages/clean/package.json': member('clean'),
      'packages/clean/tsconfig.json': TSCONFIG,
      'packages/clean/src/server.ts': CLEAN,
      'packages/tasks/package.json': member('tasks'),
      'packages/tasks/tsconfig.json': TSCONFIG,
      'packages/tasks/src/server.ts': TASKS,
    });
    fs.symlinkSync(NODE_MODULES, path.join(dir, 'node_modules'));
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'init');
    const tasksManifest = fs.readFileSync(path.join(dir, 'packages/tasks/package.json'), 'utf8');
    const json = await run(['apply', '--format', 'json', '--output', 'markdown:held.md', '.'], dir);
    const report = JSON.parse(json.stdout) as { typeErrors: unknown[]; transforms: string[]; heldBack?: { packages?: string[]; predicted: { file: string; line: number; code: string }[] } };
    expect(report.heldBack).toEqual({ transform: 'sdk-v2', target: 'stateless-v1', packages: ['packages/tasks'], predicted: [expect.objectContaining({ file: 'packages/tasks/src/server.ts', line: 6, code: 'TS2339' })] });
    expect(report.typeErrors).toEqual([]);
    expect(json.code).toBe(1);
    // Written: the clean package on v2 with its package.json; the held one stays on SDK 1.x, package.json included.
    expect(fs.readFileSync(path.join(dir, 'packages/clean/src/server.ts'), 'utf8')).toMatch(/from '@modelcontextprotocol\/server'/);
    expect(fs.readFileSync(path.join(dir, 'packages/clean/package.json'), 'utf8')).toMatch(/"@modelcontextprotocol\/server"/);
    expect(fs.readFileSync(path.join(dir, 'packages/tasks/src/server.ts'), 'utf8')).toMatch(/from '@modelcontextprotocol\/sdk\/server\/mcp\.js'/);
    expect(fs.readFileSync(path.join(dir, 'packages/tasks/package.json'), 'utf8')).toBe(tasksManifest);
    const markdown = fs.readFileSync(path.join(dir, 'held.md'), 'utf8');
    expect(markdown).toMatch(/### SDK v2 move held back[\s\S]*held back in 1 package \(packages\/tasks\)[\s\S]*the other packages moved to SDK v2[\s\S]*\| `packages\/tasks\/src\/server\.ts:6` \| TS2339/);
    expect(markdown).toMatch(/the files of packages\/tasks are left on SDK v1/);
  }, 180_000); // migrates and type-checks twice

  it('--no-typecheck says the code was not type-checked', async () => {
    const result = await run(['apply', '--dry-run', '--no-typecheck', '--fail-on', 'none', '.'], repo());
    expect(result.stderr).toMatch(/not type-checked: skipped with --no-typecheck \(src\/server\.ts\)/);
    expect(result.code).toBe(0);
  });
});

describe('the type-check report', () => {
  it('shortens a compiler message TypeScript elaborated for kilobytes (every overload, every type), in MIGRATION.md; the JSON keeps it whole', async () => {
    const { typeCheckMarkdownLines, typeCheckJson } = await import('../../src/apply/typecheck/render.js');
    const message = `No overload matches this call. ${'Overload 1 of 2 gave the following error. Type { a: string } is not assignable to type { b: number }. '.repeat(60)}`;
    const error = { file: '/p/src/server.ts', line: 3, column: 1, code: 2769, message, transforms: ['sdk-v2'], cause: 'edited-line' as const, advice: 'fix the call' };
    const result = { errors: [error], checked: ['/p/src/server.ts'], notChecked: [], compilers: ['5.9.3'], programs: 1, ms: 1 };
    const row = typeCheckMarkdownLines(result as never, (f: string) => f.replace('/p/', '')).find((l) => l.includes('TS2769'))!;
    expect(message.length).toBeGreaterThan(5000);
    expect(row.length).toBeLessThan(800);
    expect(row).toContain(`No overload matches this call. Overload 1 of 2`);
    expect(row).toContain(`(${message.length} characters; the whole message is in \`--format json\`)`);
    expect(JSON.stringify(typeCheckJson(result as never, (f: string) => f))).toContain(message);
  });
});
