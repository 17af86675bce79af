/**
 * Type-checking fixture trees against the real SDK packages of this repository
 * (`@modelcontextprotocol/sdk` 1.x, `@modelcontextprotocol/server` 2.x, zod, @types/node): copies
 * live under <repo>/.test-tmp/ so ordinary Node resolution finds node_modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect } from 'vitest';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const TMP = path.join(ROOT, '.test-tmp');
const NODE_MODULES = path.join(ROOT, 'node_modules');

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

const created: string[] = [];

/** A fresh directory under <repo>/.test-tmp holding `files` (plus `{"type":"module"}` when there is no package.json). */
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

/** Removes what `materialise` made (and .test-tmp itself when no other suite still uses it). */
export function cleanUp(): void {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.rmdirSync(TMP);
  } catch {
    /* not empty, or already gone */
  }
}

const BASE: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts'],
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
  typeRoots: [path.join(NODE_MODULES, '@types')],
};
const TS_OPTIONS: ts.CompilerOptions = { ...BASE, strict: true, esModuleInterop: true };
const JS_OPTIONS: ts.CompilerOptions = { ...BASE, allowJs: true, checkJs: true };

const baseHost = ts.createCompilerHost({}, true);
const libraryCache = new Map<string, ts.SourceFile>();
const host: ts.CompilerHost = {
  ...baseHost,
  getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate) {
    if (fileName.startsWith(TMP + path.sep)) return baseHost.getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
    const settings = typeof languageVersionOrOptions === 'object' ? `${languageVersionOrOptions.languageVersion}|${languageVersionOrOptions.impliedNodeFormat ?? ''}` : `${languageVersionOrOptions}`;
    const key = `${fileName}\0${settings}`;
    let file = libraryCache.get(key);
    if (!file) {
      file = baseHost.getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (file) libraryCache.set(key, file);
    }
    return file;
  },
};

/** Diagnostics of the sources in `dir` (strict TS, or checkJs for an all-JavaScript tree); '' when clean. */
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
