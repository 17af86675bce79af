/**
 * Every fixture project must be a program that really compiles against the real SDK
 * packages, so the findings we assert for it describe code someone could actually ship.
 *
 * Each fixture is type-checked with the TypeScript compiler API (the `typescript`
 * devDependency) with one Program per fixture. Its packages (`@modelcontextprotocol/*`,
 * zod, express and the `@types/*` the fixtures need) resolve by ordinary Node resolution
 * walking up from fixtures/<name>/src to this repository's node_modules, where they are
 * devDependencies. The fixture's own package.json stays in force for the module format
 * (`"type": "module"` / `"commonjs"`) under NodeNext.
 *
 * - A fixture with a tsconfig.json is checked with that tsconfig's options (all of them are
 *   `strict` with NodeNext), plus noEmit and `types: ["node"]` unless the tsconfig names types.
 * - A fixture without one (the plain-JS CommonJS server) is checked as JavaScript with
 *   allowJs + checkJs, module NodeNext, like its own `check` script (`tsc --allowJs --checkJs`).
 *   Not `strict`: idiomatic untyped JS (`const transports = {}` used as a map, a JSDoc
 *   `Record` indexed by a possibly-undefined id) would then need edits that change the code
 *   the scanner is tested on; the SDK call signatures and JSDoc types are still checked.
 *
 * Library files (lib.*.d.ts, @types/node, the SDKs' .d.ts) are parsed once and shared
 * between the Programs through a cache in the compiler host.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(ROOT, 'fixtures');
const NODE_MODULES = path.join(ROOT, 'node_modules');

const fixtureNames = fs
  .readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(FIXTURES, d.name, 'package.json')))
  .map((d) => d.name)
  .sort();

/** Options for a fixture that has no tsconfig.json: plain JavaScript, checked like its `check` script does. */
const JS_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  allowJs: true,
  checkJs: true,
  skipLibCheck: true,
};

interface FixtureProgram {
  fileNames: string[];
  options: ts.CompilerOptions;
  configErrors: readonly ts.Diagnostic[];
}

function fixtureProgram(dir: string): FixtureProgram {
  const configPath = path.join(dir, 'tsconfig.json');
  let fileNames: string[];
  let options: ts.CompilerOptions;
  let configErrors: readonly ts.Diagnostic[] = [];
  if (fs.existsSync(configPath)) {
    const read = ts.readConfigFile(configPath, ts.sys.readFile);
    if (read.error) return { fileNames: [], options: {}, configErrors: [read.error] };
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dir, undefined, configPath);
    fileNames = parsed.fileNames;
    options = { ...parsed.options };
    configErrors = parsed.errors;
  } else {
    fileNames = ts.sys.readDirectory(path.join(dir, 'src'), ['.js', '.cjs', '.mjs'], ['**/node_modules']);
    options = { ...JS_OPTIONS };
  }
  options.noEmit = true;
  options.types ??= ['node'];
  options.typeRoots ??= [path.join(NODE_MODULES, '@types')];
  return { fileNames, options, configErrors };
}

const FRAMEWORK_PACKAGES: Record<string, string> = {
  fastmcp: 'fastmcp',
  agents: 'agents',
  'mcp-framework': 'mcp-framework',
  // The mcp-handler 1 fixture maps `mcp-handler` onto the `mcp-handler-v1` alias (tsconfig paths).
  'mcp-handler': 'mcp-handler(-v1)?',
};

/** The framework packages a fixture depends on, as patterns of their node_modules folder. */
function frameworkPackages(dir: string): string[] {
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(json.dependencies ?? {}).flatMap((dep) => (FRAMEWORK_PACKAGES[dep] ? [FRAMEWORK_PACKAGES[dep]!] : []));
}

// Shared between the fixtures' Programs: a SourceFile for a library .d.ts is the same
// whichever fixture asks for it, so it is parsed once. Fixture sources are not cached.
const baseHost = ts.createCompilerHost({}, true);
const sourceCache = new Map<string, ts.SourceFile>();
const host: ts.CompilerHost = {
  ...baseHost,
  getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate) {
    if (fileName.startsWith(FIXTURES + path.sep)) return baseHost.getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
    const settings =
      typeof languageVersionOrOptions === 'object'
        ? `${languageVersionOrOptions.languageVersion}|${languageVersionOrOptions.impliedNodeFormat ?? ''}`
        : `${languageVersionOrOptions}`;
    const key = `${fileName}\0${settings}`;
    let file = sourceCache.get(key);
    if (!file) {
      file = baseHost.getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (file) sourceCache.set(key, file);
    }
    return file;
  },
};

const formatHost = (dir: string): ts.FormatDiagnosticsHost => ({
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => dir,
  getNewLine: () => '\n',
});

const timings: string[] = [];
const started = performance.now();

describe('fixtures type-check against the pinned SDK packages', () => {
  it('finds the fixture projects', () => {
    expect(fixtureNames.length).toBeGreaterThanOrEqual(8);
  });

  for (const name of fixtureNames) {
    it(`${name} compiles with zero diagnostics`, () => {
      const t0 = performance.now();
      const dir = path.join(FIXTURES, name);
      const { fileNames, options, configErrors } = fixtureProgram(dir);
      expect(fileNames.length, `${name}: no source files found`).toBeGreaterThan(0);

      const program = ts.createProgram({ rootNames: fileNames, options, host });
      const diagnostics = [...configErrors, ...ts.getPreEmitDiagnostics(program)];
      const message = ts.formatDiagnostics(diagnostics, formatHost(dir));

      // The SDK imports must resolve to the real packages in this repo's node_modules,
      // not to nothing (which would make the check vacuous).
      const sdkFiles = program
        .getSourceFiles()
        .filter((f) => f.fileName.includes('/node_modules/@modelcontextprotocol/'));
      expect(sdkFiles.length, `${name}: no @modelcontextprotocol declarations were loaded`).toBeGreaterThan(0);
      // A fixture built on a framework (fastmcp, agents, mcp-handler, mcp-framework) must be checked
      // against that framework's real declarations too.
      for (const pkg of frameworkPackages(dir)) {
        const loaded = program.getSourceFiles().some((f) => new RegExp(`/node_modules/${pkg}/`).test(f.fileName));
        expect(loaded, `${name}: no declarations of ${pkg} were loaded`).toBe(true);
      }

      timings.push(`${name} ${Math.round(performance.now() - t0)}ms`);
      expect(diagnostics.length, `${name} has ${diagnostics.length} diagnostic(s):\n${message}`).toBe(0);
    }, 120_000);
  }

  afterAll(() => {
    console.log(`fixtures type-check: ${timings.join(', ')}; total ${Math.round(performance.now() - started)}ms`);
  });
});
