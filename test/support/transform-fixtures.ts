/**
 * Shared pieces of the transform fixture suites (input/output pairs under
 * transforms/__testfixtures__/<transform>/): reading cases, materialising them under
 * <repo>/.test-tmp (so the SDK packages resolve from this repository's node_modules), and a strict
 * type-check against the real packages.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect } from 'vitest';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const TMP = path.join(ROOT, '.test-tmp');
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

/** `<case>.input.<ext>` / `<case>.output.<ext>` (as `server.<ext>`), and `<case>/input/**` / `<case>/output/**`. */
export function loadCases(casesDir: string): FixtureCase[] {
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
  fs.mkdirSync(TMP, { recursive: true });
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(TMP, `${name}-`)));
  created.push(dir);
  for (const [rel, text] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  if (!files.has('package.json')) fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  return dir;
}

/** Removes what `materialise` made (and .test-tmp when no other suite still uses it). */
export function cleanUp(): void {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.rmdirSync(TMP);
  } catch {
    /* not empty, or already gone */
  }
}

const TS_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts'],
  strict: true,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
  typeRoots: [path.join(NODE_MODULES, '@types')],
};

const JS_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts'],
  allowJs: true,
  checkJs: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
  typeRoots: [path.join(NODE_MODULES, '@types')],
};

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

/** Diagnostics of the sources in `dir` (strict TS, or checkJs for an all-JavaScript case); '' when clean. */
export function typeCheck(dir: string): string {
  const files = [...readTree(dir).keys()].filter((f) => /\.(ts|js|cjs|mjs)$/.test(f)).map((f) => path.join(dir, f));
  expect(files.length, `${dir}: no sources to type-check`).toBeGreaterThan(0);
  const options = files.some((f) => f.endsWith('.ts')) ? TS_OPTIONS : JS_OPTIONS;
  const program = ts.createProgram({ rootNames: files, options, host });
  const sdk = program.getSourceFiles().filter((f) => f.fileName.includes(`${path.sep}node_modules${path.sep}@modelcontextprotocol${path.sep}`));
  expect(sdk.length, `${dir}: no @modelcontextprotocol declarations were loaded (vacuous check)`).toBeGreaterThan(0);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' });
}
