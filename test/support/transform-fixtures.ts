/**
 * The shared part of the transform fixture harness (see test/transforms/*.test.ts):
 * - cases in `transforms/__testfixtures__/<transform>/`: `<case>.input.<ext>` / `<case>.output.<ext>`
 *   (ext ts, js or cjs; the file is `server.<ext>`), or `<case>/input/**` / `<case>/output/**`;
 * - copies under <repo>/.test-tmp/ (gitignored), so a type-check resolves this repository's
 *   node_modules (SDK v1 and v2, zod, @types/node) by ordinary Node resolution; a case without its own
 *   package.json gets `{"type":"module"}`;
 * - a strict type-check (checkJs for an all-JavaScript case) that fails when no
 *   `@modelcontextprotocol` declarations were loaded, so it can never pass vacuously.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect } from 'vitest';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TMP = path.join(ROOT, '.test-tmp');
const NODE_MODULES = path.join(ROOT, 'node_modules');

export interface FixtureCase {
  name: string;
  /** Relative path → text. */
  input: Map<string, string>;
  output: Map<string, string>;
}

export function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else out.set(child, fs.readFileSync(path.join(dir, child), 'utf8'));
    }
  };
  walk('');
  return out;
}

export function loadFixtureCases(casesDir: string): FixtureCase[] {
  const cases: FixtureCase[] = [];
  for (const entry of fs.readdirSync(casesDir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const dir = path.join(casesDir, entry.name);
      cases.push({ name: entry.name, input: readTree(path.join(dir, 'input')), output: readTree(path.join(dir, 'output')) });
      continue;
    }
    const match = /^(.+)\.input\.(ts|js|cjs)$/.exec(entry.name);
    if (!match) continue;
    const [, name, ext] = match as unknown as [string, string, string];
    const file = `server.${ext}`;
    cases.push({
      name,
      input: new Map([[file, fs.readFileSync(path.join(casesDir, entry.name), 'utf8')]]),
      output: new Map([[file, fs.readFileSync(path.join(casesDir, `${name}.output.${ext}`), 'utf8')]]),
    });
  }
  return cases.sort((a, b) => (a.name < b.name ? -1 : 1));
}

const created: string[] = [];

/** A fresh directory under <repo>/.test-tmp holding `files` (plus a package.json when it has none). */
export function materialise(name: string, files: ReadonlyMap<string, string>): string {
  const dir = fs.realpathSync(mkdtempIn(TMP, `${name}-`));
  created.push(dir);
  for (const [rel, text] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  if (!files.has('package.json')) fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  return dir;
}

/**
 * A fresh directory in `parent`, made anew if another worker's `cleanUpMaterialised` removed `parent` (it does
 * when it finds it empty) between our mkdir and mkdtemp.
 */
function mkdtempIn(parent: string, prefix: string): string {
  for (let attempt = 1; ; attempt++) {
    fs.mkdirSync(parent, { recursive: true });
    try {
      return fs.mkdtempSync(path.join(parent, prefix));
    } catch (error) {
      if (attempt === 5 || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Removes every directory `materialise` made (and .test-tmp when no other suite still uses it). */
export function cleanUpMaterialised(): void {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.rmdirSync(TMP);
  } catch {
    /* not empty, or already gone */
  }
}

const BASE_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts'],
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
  typeRoots: [path.join(NODE_MODULES, '@types')],
};
// allowImportingTsExtensions: a project run by Node's type stripping imports `./x.ts` (fixture ts-extension-imports).
const TS_OPTIONS: ts.CompilerOptions = { ...BASE_OPTIONS, strict: true, allowImportingTsExtensions: true };
const JS_OPTIONS: ts.CompilerOptions = { ...BASE_OPTIONS, allowJs: true, checkJs: true };

// Library .d.ts files are parsed once and shared between the Programs; the case files never are.
const baseHost = ts.createCompilerHost({}, true);
const libraryCache = new Map<string, ts.SourceFile>();
const host: ts.CompilerHost = {
  ...baseHost,
  getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate) {
    if (fileName.startsWith(TMP + path.sep)) return baseHost.getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
    const settings =
      typeof languageVersionOrOptions === 'object'
        ? `${languageVersionOrOptions.languageVersion}|${languageVersionOrOptions.impliedNodeFormat ?? ''}`
        : `${languageVersionOrOptions}`;
    const key = `${fileName}\0${settings}`;
    let file = libraryCache.get(key);
    if (!file) {
      file = baseHost.getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (file) libraryCache.set(key, file);
    }
    return file;
  },
};

/** What one directory's type-check found: its diagnostics formatted ('' when clean), and whether it counts. */
interface DirCheck {
  sources: number;
  /** Some @modelcontextprotocol declarations were loaded for it (else the check would be vacuous). */
  sdkLoaded: boolean;
  diagnostics: string;
}

const formatHost = (dir: string): ts.FormatDiagnosticsHost => ({ getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' });
const isSdkDeclaration = (file: string) => file.includes(`${path.sep}node_modules${path.sep}@modelcontextprotocol${path.sep}`);
const sourcesOf = (dir: string) => [...readTree(dir).keys()].filter((f) => /\.(ts|js|cjs|mjs)$/.test(f)).map((f) => path.join(dir, f));
/** A case may map module names with `paths` in its own tsconfig.json (`mcp-handler` → the `mcp-handler-v1` alias). */
const optionsWithPaths = new Map<string, ts.CompilerOptions>();
function optionsFor(dir: string, files: readonly string[]): ts.CompilerOptions {
  const base = files.some((f) => f.endsWith('.ts')) ? TS_OPTIONS : JS_OPTIONS;
  const tsconfig = path.join(dir, 'tsconfig.json');
  if (!fs.existsSync(tsconfig)) return base;
  const paths = (ts.parseConfigFileTextToJson(tsconfig, fs.readFileSync(tsconfig, 'utf8')).config?.compilerOptions?.paths ?? undefined) as ts.MapLike<string[]> | undefined;
  if (!paths) return base;
  // One options object per mapping, so cases with the same mapping still share a Program (checkTogether groups by identity).
  const key = `${base === TS_OPTIONS ? 'ts' : 'js'}\0${JSON.stringify(paths)}`;
  let options = optionsWithPaths.get(key);
  if (!options) optionsWithPaths.set(key, (options = { ...base, paths: Object.fromEntries(Object.entries(paths).map(([name, targets]) => [name, targets.map((t) => path.resolve(TMP, 'case', t))])) }));
  return options;
}

/** One Program for one directory: the reference check, and what a batched directory falls back to. */
function checkAlone(dir: string): DirCheck {
  const files = sourcesOf(dir);
  const program = ts.createProgram({ rootNames: files, options: optionsFor(dir, files), host });
  return {
    sources: files.length,
    sdkLoaded: program.getSourceFiles().some((f) => isSdkDeclaration(f.fileName)),
    diagnostics: ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), formatHost(dir)),
  };
}

/**
 * Many directories in one Program per option set (strict TS, checkJs): building and checking a Program
 * per directory spends most of its time on the same SDK and lib declarations, so a suite checks its
 * directories together. A directory's result is its own files' diagnostics (plus the Program's global
 * ones), and its SDK check asks what its own imports resolve to. Anything that could make a batched
 * result differ from a Program of its own sends the directory to checkAlone: a diagnostic (so every
 * failure is reported exactly as alone), a file that is not a module or declares something global
 * (it could satisfy or clash with another directory's names), or no SDK import resolved directly.
 */
function checkTogether(dirs: readonly string[]): Map<string, DirCheck> {
  const results = new Map<string, DirCheck>();
  const groups = new Map<ts.CompilerOptions, Array<{ dir: string; files: string[] }>>();
  for (const dir of dirs) {
    const files = sourcesOf(dir);
    const options = optionsFor(dir, files);
    groups.set(options, [...(groups.get(options) ?? []), { dir, files }]);
  }
  for (const [options, members] of groups) {
    const program = ts.createProgram({ rootNames: members.flatMap((m) => m.files), options, host });
    const resolutionCache = ts.createModuleResolutionCache(ROOT, (f) => f, options);
    const shared = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
    for (const { dir, files } of members) {
      const sourceFiles = files.map((f) => program.getSourceFile(f));
      const isolated = sourceFiles.every((sf) => sf && ts.isExternalModule(sf) && !/\bdeclare\s+(global|module)\b/.test(sf.text));
      const sdkLoaded = sourceFiles.some(
        (sf) =>
          sf !== undefined &&
          ts.preProcessFile(sf.text, true, true).importedFiles.some((imported) => {
            const resolved = ts.resolveModuleName(imported.fileName, sf.fileName, options, host, resolutionCache, undefined, sf.impliedNodeFormat).resolvedModule;
            return resolved !== undefined && isSdkDeclaration(resolved.resolvedFileName);
          }),
      );
      const diagnostics = [...shared, ...sourceFiles.flatMap((sf) => (sf ? [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)] : []))];
      results.set(dir, isolated && sdkLoaded && diagnostics.length === 0 ? { sources: files.length, sdkLoaded, diagnostics: '' } : checkAlone(dir));
    }
  }
  return results;
}

/** Results by directory content: a directory holding exactly the files of one already checked gives the same result. */
const checkedByContent = new Map<string, DirCheck>();
const contentKey = (dir: string) => JSON.stringify([...readTree(dir)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * Materialises each tree (as `materialise` does) and type-checks them all at once (checkTogether), so
 * the `typeCheck` of a directory with the same content later answers from these results. A suite calls
 * it with the trees it will check (inputs, expected outputs); what is not prepared is checked alone.
 */
export function prepareTypeChecks(name: string, trees: ReadonlyArray<ReadonlyMap<string, string>>): void {
  const dirs = trees.map((tree, i) => materialise(`${name}-${i}`, tree)).filter((dir) => !checkedByContent.has(contentKey(dir)));
  for (const [dir, result] of checkTogether(dirs)) checkedByContent.set(contentKey(dir), result);
}

/** Diagnostics of the sources in `dir` (strict TS, or checkJs for an all-JavaScript case); '' when clean. */
export function typeCheck(dir: string): string {
  const key = contentKey(dir);
  let result = checkedByContent.get(key);
  if (!result) {
    result = checkAlone(dir);
    checkedByContent.set(key, result);
  }
  expect(result.sources, `${dir}: no sources to type-check`).toBeGreaterThan(0);
  expect(result.sdkLoaded, `${dir}: no @modelcontextprotocol declarations were loaded (vacuous check)`).toBe(true);
  return result.diagnostics;
}
