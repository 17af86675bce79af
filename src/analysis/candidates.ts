/**
 * The prefilter: which discovered files can involve MCP, so that only those are parsed.
 *
 * 1. Seeds: files that import a server SDK module (`@modelcontextprotocol/sdk/server/...`,
 *    `@modelcontextprotocol/server`, ...). A substring test on text we read anyway, then
 *    a regular expression over import specifiers; nothing is parsed.
 * 2. Importers: files that import a seed or another importer (a server entry that imports
 *    `./server.js`, or a module that imports the project's own SDK re-export barrel). Found
 *    without parsing: import specifiers are pulled out with a regular expression and only
 *    those whose last path segment names an MCP file are resolved.
 * 3. Helpers: the local modules the MCP files import, up to HELPER_DEPTH hops, so that a
 *    helper reading `extra.sessionId` two calls down is analysed even though it never
 *    mentions the SDK.
 * A word prefilter on `sessionId` would be both too wide (ordinary code is full of it)
 * and too narrow (a barrel-only import never says `@modelcontextprotocol`).
 */
import path from 'node:path';
import type { DiscoveredFile } from '../discovery/discover.js';
import type { FileDiagnostic } from '../model.js';
import { SDK_SPECIFIER_MARKER, sdkVersionOf } from './sdk-modules.js';

const HELPER_DEPTH = 3;
/** Upper bound on helper files pulled in, so one MCP file importing a whole app stays cheap. */
const MAX_HELPERS = 2000;

const SPECIFIER = /\b(?:from|import|require)\s*\(?\s*['"]([^'"\n]+)['"]/g;

export interface CandidateSelection {
  /** Absolute path → text, for every file the engine should load. */
  texts: Map<string, string>;
  /** Files (absolute) that import the SDK or an MCP module: findings come from these and their helpers. */
  mcpFiles: Set<string>;
  diagnostics: FileDiagnostic[];
}

export type ReadFn = (file: DiscoveredFile) => { text: string } | { diagnostic: FileDiagnostic };
export type ResolveFn = (fromAbsPath: string, specifier: string) => string | undefined;

export function importSpecifiers(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) out.push(match[1]!);
  return out;
}

/** The names a file can be imported by: `cart` for cart.ts, `third_party` for third_party/index.ts. */
function importNames(absPath: string): string[] {
  const base = path.basename(absPath).replace(/\.[^.]+$/, '');
  return base === 'index' ? [base, path.basename(path.dirname(absPath))] : [base];
}

function lastSegment(specifier: string): string {
  const segment = specifier.replace(/\/+$/, '').split('/').pop() ?? '';
  return segment.replace(/\.(m|c)?(j|t)sx?$/, '');
}

export function selectCandidates(files: readonly DiscoveredFile[], read: ReadFn, resolve: ResolveFn): CandidateSelection {
  const texts = new Map<string, string>();
  const mcpFiles = new Set<string>();
  const diagnostics: FileDiagnostic[] = [];
  /** Non-seed files with the specifiers they import and each one's last segment (text is not kept: most files are never needed). */
  const others = new Map<string, Array<{ specifier: string; segment: string }>>();
  const byAbs = new Map(files.map((f) => [f.absPath, f]));

  for (const file of files) {
    const result = read(file);
    if ('diagnostic' in result) {
      diagnostics.push(result.diagnostic);
      continue;
    }
    const specifiers = importSpecifiers(result.text);
    // The substring test is the cheap gate; the specifier test keeps out comments that
    // mention the SDK and MCP *client* code, which imports it but is not a server.
    if (result.text.includes(SDK_SPECIFIER_MARKER) && specifiers.some((s) => sdkVersionOf(s) !== undefined)) {
      texts.set(file.absPath, result.text);
      mcpFiles.add(file.absPath);
    } else {
      const local = specifiers
        .filter((s) => !s.startsWith('node:') && !s.startsWith(SDK_SPECIFIER_MARKER))
        .map((specifier) => ({ specifier, segment: lastSegment(specifier) }));
      if (local.length) others.set(file.absPath, local);
    }
  }

  // Importers of MCP files, to a fixpoint (a barrel of a barrel).
  let names = new Set([...mcpFiles].flatMap(importNames));
  for (let changed = true; changed && names.size; ) {
    changed = false;
    for (const [absPath, specifiers] of others) {
      const hit = specifiers.some((s) => names.has(s.segment) && mcpFiles.has(resolve(absPath, s.specifier) ?? ''));
      if (!hit) continue;
      mcpFiles.add(absPath);
      others.delete(absPath);
      changed = true;
    }
    names = new Set([...mcpFiles].flatMap(importNames));
  }

  const readText = (absPath: string): string | undefined => {
    const cached = texts.get(absPath);
    if (cached !== undefined) return cached;
    const file = byAbs.get(absPath);
    if (!file) return undefined;
    const result = read(file);
    if ('diagnostic' in result) return undefined; // already reported in the first pass
    texts.set(absPath, result.text);
    return result.text;
  };
  for (const absPath of mcpFiles) readText(absPath);

  // Helpers the MCP files import, breadth-first.
  let frontier = [...mcpFiles];
  let helpers = 0;
  for (let depth = 0; depth < HELPER_DEPTH && frontier.length && helpers < MAX_HELPERS; depth++) {
    const next: string[] = [];
    for (const absPath of frontier) {
      for (const specifier of importSpecifiers(texts.get(absPath) ?? '')) {
        const target = resolve(absPath, specifier);
        if (!target || texts.has(target) || !byAbs.has(target)) continue;
        if (readText(target) === undefined) continue;
        next.push(target);
        if (++helpers >= MAX_HELPERS) break;
      }
    }
    frontier = next;
  }
  return { texts, mcpFiles, diagnostics };
}
