/**
 * The sources `apply` works on: the same discovery and prefilter as `scan`, plus the text of
 * every loaded file, so a transform's edits can be checked against what was analysed.
 */
import path from 'node:path';
import { selectCandidates } from '../analysis/candidates.js';
import { discoverFiles, type DiscoveredFile } from '../discovery/discover.js';
import { readSourceFile, type ReadResult } from '../discovery/read.js';
import { createModuleResolver, type ResolveFn } from '../discovery/resolve.js';
import type { FileDiagnostic } from '../model.js';
import { UsageError, reportRoot } from '../scan.js';

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
  /** Modules outside the scanned paths loaded for symbol resolution only (see `selectCandidates`). */
  contextFiles: ReadonlyMap<string, string>;
  diagnostics: FileDiagnostic[];
  relative(absPath: string): string;
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

export async function loadSources(options: LoadOptions): Promise<LoadedSources> {
  const paths = options.paths.length ? options.paths : ['.'];
  const { root, label } = reportRoot(paths, options.cwd);
  const discovery = await discoverFiles(paths.map((p) => path.resolve(options.cwd, p)), {
    root,
    include: options.include,
    exclude: options.exclude,
    respectGitignore: options.respectGitignore,
    maxFileBytes: options.maxFileBytes,
  });
  const missing = discovery.diagnostics.filter((d) => d.kind === 'not-found');
  if (missing.length) throw new UsageError(missing.map((d) => d.message).join('\n'));
  const { resolve, workspacePackageDir } = createModuleResolver();
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
  return {
    root,
    label,
    files: new Map(candidates.texts),
    withBom,
    discovered: discovery.files.length,
    resolve,
    packageModules: candidates.packageModules,
    contextFiles: candidates.contextTexts,
    diagnostics: [...discovery.diagnostics, ...candidates.diagnostics],
    relative,
  };
}
