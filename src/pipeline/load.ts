/**
 * The sources `scan` and `apply` work on, found and read the same way: discovery (ignores,
 * include/exclude), then the prefilter that keeps the files that can involve MCP and the helpers
 * they import, with the text of every loaded file (so a transform's edits can be checked against
 * what was analysed). Each command judges its inputs between the two steps: what counts as an
 * input failure is its own (a `scan` gate must never pass on nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { importsMcp, selectCandidates } from '../analysis/candidates.js';
import { MAX_NESTING, nestingDepth } from '../analysis/nesting.js';
import { discoverFiles, type DiscoveredFile, type DiscoveryResult } from '../discovery/discover.js';
import { readSourceFile, type ReadResult } from '../discovery/read.js';
import { createModuleResolver, type ResolveFn } from '../discovery/resolve.js';
import { dependencyMajor, type DependencyMajorFn } from '../discovery/packages.js';
import type { FileDiagnostic } from '../model.js';

/** A problem with how the command was called (exit 2), not with the code it looked at. */
export class UsageError extends Error {}

/** The report root: a single directory argument, else the working directory. */
export function reportRoot(paths: readonly string[], cwd: string): { root: string; label: string } {
  if (paths.length === 1) {
    const abs = path.resolve(cwd, paths[0]!);
    try {
      if (fs.statSync(abs).isDirectory()) return { root: abs, label: paths[0]! };
    } catch {
      /* reported by discovery as not-found */
    }
  }
  return { root: cwd, label: '.' };
}

export interface LoadOptions {
  paths: string[];
  cwd: string;
  include?: string[];
  exclude?: string[];
  respectGitignore?: boolean;
  maxFileBytes?: number;
  /** Coarse progress for long runs (`createProgress`): phase, done, total and what is counted. */
  onProgress?: (phase: string, done: number, total: number, unit?: string) => void;
}

/** What discovery found under the report root, before anything is read. */
export interface DiscoveredSources {
  root: string;
  label: string;
  discovery: DiscoveryResult;
}

export interface LoadedSources {
  root: string;
  label: string;
  /** Absolute path → text of every file the analysis loads (without a byte-order mark: see `withBom`). */
  files: Map<string, string>;
  /** Files that started with a UTF-8 byte-order mark: it is put back when they are written. */
  withBom: Set<string>;
  /** Files discovered (after ignores), for the "nothing analysed" verdict. */
  discovered: number;
  resolve: ResolveFn;
  /** Project modules that stand for a package module (see `selectCandidates`). */
  packageModules: ReadonlyMap<string, string>;
  /** Which major of a dependency a file's project uses, read from node_modules and package.json once per directory. */
  dependencyMajor: DependencyMajorFn;
  /** Modules outside the scanned paths loaded for symbol resolution only (see `selectCandidates`). */
  contextFiles: ReadonlyMap<string, string>;
  /** Files with a marker left by `apply`, whether or not the analysis loads them (see `selectCandidates`). */
  markerTexts: ReadonlyMap<string, string>;
  /** Discovery's diagnostics, then the prefilter's. */
  diagnostics: FileDiagnostic[];
  relative(absPath: string): string;
}

export async function discoverSources(options: LoadOptions): Promise<DiscoveredSources> {
  const paths = options.paths.length ? options.paths : ['.'];
  const { root, label } = reportRoot(paths, options.cwd);
  const discovery = await discoverFiles(paths.map((p) => path.resolve(options.cwd, p)), {
    root,
    include: options.include,
    exclude: options.exclude,
    respectGitignore: options.respectGitignore,
    maxFileBytes: options.maxFileBytes,
  });
  return { root, label, discovery };
}

export function readSources({ root, label, discovery }: DiscoveredSources, options: Pick<LoadOptions, 'onProgress'>): LoadedSources {
  const { resolve, workspacePackageDir, workspaceProblems } = createModuleResolver();
  const withBom = new Set<string>();
  const total = discovery.files.length;
  let read = 0;
  const readNotingBom = (file: DiscoveredFile): ReadResult => {
    if (++read % 500 === 0) options.onProgress?.('reading', Math.min(read, total), total);
    const result = readSourceFile(file);
    if ('bom' in result && result.bom) withBom.add(file.absPath);
    return result;
  };
  const candidates = selectCandidates(discovery.files, readNotingBom, resolve, workspacePackageDir);
  const relative = (abs: string): string => path.relative(root, abs).split(path.sep).join('/');
  // Code nested deeper than the parser's recursion can follow (generated code: review 40 R40-12) is left out with a
  // diagnostic, rather than crash the run with a stack overflow: the verdict then says the analysis is incomplete.
  const files = new Map(candidates.texts);
  const tooDeep: FileDiagnostic[] = [];
  for (const [absPath, text] of files) {
    const depth = nestingDepth(text);
    if (depth <= MAX_NESTING) continue;
    files.delete(absPath);
    tooDeep.push({ file: relative(absPath), kind: 'analysis-error', message: `code nested ${depth} levels deep, past the ${MAX_NESTING} the analysis can follow: not analysed, so its findings are missing` });
  }
  return {
    root,
    label,
    files,
    withBom,
    discovered: discovery.files.length,
    resolve,
    packageModules: candidates.packageModules,
    dependencyMajor: cachedDependencyMajor(),
    contextFiles: candidates.contextTexts,
    markerTexts: candidates.markerTexts,
    diagnostics: [
      ...discovery.diagnostics.map((d) => withMcpCode(root, d)),
      ...candidates.diagnostics,
      ...tooDeep,
      ...[...workspaceProblems()].map(([file, message]): FileDiagnostic => ({ file: relative(file), kind: 'note', message })),
    ],
    relative,
  };
}

/** Files this large are not read even to ask whether they import MCP: taken to (what they hold is missing either way). */
const MAX_PROBED_BYTES = 64 * 1024 * 1024;

/**
 * A file over the size limit that imports an MCP SDK or framework (a generated server) is MCP code left unscanned
 * (review 40 R40-5); a bundle or generated data that does not is only noted.
 */
function withMcpCode(root: string, diagnostic: FileDiagnostic): FileDiagnostic {
  if (diagnostic.kind !== 'too-large') return diagnostic;
  const file = path.join(root, diagnostic.file);
  try {
    if (fs.statSync(file).size <= MAX_PROBED_BYTES && !importsMcp(fs.readFileSync(file, 'utf8'))) return diagnostic;
  } catch {
    return diagnostic;
  }
  return { ...diagnostic, message: `${diagnostic.message}; it imports MCP, so its findings are missing`, mcpCode: true };
}

/** `dependencyMajor` with one answer per (directory, package): every file of a package asks the same question. */
function cachedDependencyMajor(): DependencyMajorFn {
  const answers = new Map<string, number | undefined>();
  return (fromFile, pkg) => {
    const dir = path.dirname(fromFile);
    const key = `${dir}\0${pkg}`;
    if (!answers.has(key)) answers.set(key, dependencyMajor(pkg, dir));
    return answers.get(key);
  };
}
