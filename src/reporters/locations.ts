/**
 * Paths and links as CI systems and documents need them. Findings carry paths
 * relative to the scan root; GitHub (annotations and code scanning) resolves
 * paths against the checkout, which is where the CLI is normally run from.
 */
import { posix } from 'node:path';

/** POSIX absolute (`/x`), Windows drive (`C:\x`, `C:/x`) or UNC (`\\host\x`). */
export function isAbsolutePath(path: string): boolean {
  return /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(path);
}

function toForwardSlashes(path: string): string {
  return path.replace(/\\/g, '/');
}

/**
 * The finding's path as seen from the directory the scan was run from:
 * `scan packages/api` reports `src/x.ts`, CI needs `packages/api/src/x.ts`.
 * Returns `undefined` when the root is absolute (there is no relative answer).
 */
export function pathFromInvocationDir(root: string, file: string): string | undefined {
  if (isAbsolutePath(file)) return undefined;
  if (isAbsolutePath(root)) return undefined;
  return posix.normalize(posix.join(toForwardSlashes(root) || '.', toForwardSlashes(file)));
}

/** Best path to show a CI system: relative to the invocation dir when possible, else root-joined absolute. */
export function ciPath(root: string, file: string): string {
  return (
    pathFromInvocationDir(root, file) ??
    (isAbsolutePath(file) ? toForwardSlashes(file) : posix.join(toForwardSlashes(root), toForwardSlashes(file)))
  );
}

// RFC 3986 pchar minus ':' (a ':' in the first segment of a relative reference reads as a scheme).
const UNSAFE_IN_SEGMENT = /[^A-Za-z0-9\-._~!$&'()*+,;=@]/gu;

function encodeSegment(segment: string): string {
  return segment.replace(UNSAFE_IN_SEGMENT, (c) => encodeURIComponent(c));
}

/** A slash-separated path as a URI path, each segment percent-encoded. */
export function encodeUriPath(path: string): string {
  return toForwardSlashes(path).split('/').map(encodeSegment).join('/');
}

/** `file:` URI of an absolute path, without depending on the platform this runs on. */
export function fileUri(absolutePath: string): string {
  const slashed = toForwardSlashes(absolutePath);
  const drive = /^([A-Za-z]:)\/(.*)$/.exec(slashed);
  if (drive) return `file:///${drive[1]}/${encodeUriPath(drive[2] ?? '')}`;
  if (slashed.startsWith('//')) return `file:${encodeUriPath(slashed)}`; // UNC: file://host/share/...
  return `file://${encodeUriPath(slashed)}`;
}

/**
 * Link to a rule's doc page: absolute under `docsBaseUrl` when given (the
 * report is read outside this repository), else the repository-relative path.
 */
export function docHref(docsPath: string, docsBaseUrl?: string): string {
  const path = encodeUriPath(docsPath.replace(/^\.?\//, ''));
  if (!docsBaseUrl) return path;
  return docsBaseUrl.endsWith('/') ? `${docsBaseUrl}${path}` : `${docsBaseUrl}/${path}`;
}

/** `file:line:col`, or `file:line`, or `file` (diagnostics may have no position). */
export function formatPosition(file: string, line?: number, column?: number): string {
  if (line === undefined) return file;
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
}

/** A chain step's trailing `(path:line)` or `(path:line:col)`, as the analysis writes it. */
export function parseChainStepLocation(step: string): { file: string; line: number; column?: number } | undefined {
  const match = /\(([^()\s][^()]*?):(\d+)(?::(\d+))?\)\s*$/.exec(step);
  if (!match) return undefined;
  const [, file, line, column] = match;
  if (file === undefined || line === undefined) return undefined;
  return { file, line: Number(line), ...(column === undefined ? {} : { column: Number(column) }) };
}

/**
 * What a marker left by `apply` stands for (`Finding.replaces`), in a line a reviewer can check against the code:
 * `stands for 4 findings: session-route (lines 14, 26), session-header (15, 27)`, by rule in order of first line,
 * a finding of another file as `file:line`. A marker whose endpoint reaches routes beyond its own statement (a
 * DELETE beside the marked POST) is where those routes' findings went: this names them.
 */
export function standsForText(replaces: ReadonlyArray<{ ruleId: string; line: number; file?: string }>): string {
  const byRule = new Map<string, string[]>();
  const ordered = [...replaces].sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line);
  for (const r of ordered) {
    const at = r.file ? `${r.file}:${r.line}` : String(r.line);
    const list = byRule.get(r.ruleId) ?? [];
    if (!list.includes(at)) list.push(at);
    byRule.set(r.ruleId, list);
  }
  const parts = [...byRule].map(([ruleId, at]) => {
    // `line 15`, `lines 17, 18`; a list naming another file's lines spells each place out.
    const label = at.some((a) => a.includes(':')) ? '' : at.length === 1 ? 'line ' : 'lines ';
    return `${ruleId.slice(ruleId.indexOf('/') + 1)} (${label}${at.join(', ')})`;
  });
  return `stands for ${replaces.length === 1 ? '1 finding' : `${replaces.length} findings`}: ${parts.join(', ')}`;
}
