/**
 * The result model: one plain data structure that every reporter renders and
 * that `apply` will extend. Keep it serialisable (no class instances, no
 * functions) so the JSON reporter is just `JSON.stringify` of a projection.
 *
 * The shape of `ScanReport` is the JSON contract of docs/design.md.
 * Additive fields are allowed within `schemaVersion: 1`; renames or removals
 * need a bump and a changelog entry in the README.
 */

export const SCHEMA_VERSION = 1 as const;

export const CATEGORIES = [
  'session-transport',
  'session-state',
  'handshake',
  'deprecated-feature',
  'server-push',
  'handle-hygiene',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** auto: apply rewrites it; assisted: apply rewrites it and leaves a marker; manual: a person must. */
export type FixKind = 'auto' | 'assisted' | 'manual';

export interface Finding {
  ruleId: string;
  category: Category;
  severity: Severity;
  /** Relative to the report root, forward slashes. */
  file: string;
  /** 1-based. */
  line: number;
  column: number;
  endLine: number;
  /** 1-based and exclusive: the column just after the flagged text (as SARIF `endColumn`). */
  endColumn: number;
  message: string;
  fix: FixKind;
  /** Repository-relative path of the rule's doc page. */
  docs: string;
  /**
   * How the analysis reached this site, outermost first, e.g.
   * ["registerTool('add_item') callback parameter `extra` (src/tools.ts:14)", "getCart(extra) (src/cart.ts:8)"].
   * Additive to the contract; omitted when the site is found directly.
   */
  chain?: string[];
  /**
   * Stable identity used by baselines: a hash of ruleId, file, the whitespace-normalised text of
   * the flagged line, and which occurrence of that (rule, file, text) it is. Unrelated edits that
   * shift lines keep it; editing the flagged line makes the finding new.
   */
  fingerprint: string;
  /**
   * Set when a `mcp-migrate-disable-next-line` / `mcp-migrate-disable-file` comment silences this
   * finding: it is out of the gate (exit code, verdict) but stays in the record. Additive.
   */
  suppressed?: Suppression;
  /**
   * Set on a marker `apply` left: the findings (rule, line) it is reported in place of, so each site is
   * reported once and a reader (or the apply evaluation) can tell a marked site from a rewritten one; `file`
   * (relative, like `Finding.file`) only on a finding of another file than the marker's (a route registration
   * handing the marked endpoint's handler on). Additive.
   */
  replaces?: Array<{ ruleId: string; line: number; file?: string }>;
  /** Set when the finding is in a test file (`testFiles` globs). Additive. */
  testFile?: true;
  /**
   * The flagged source line, trimmed and shortened: the excerpt a reviewer sees in the Markdown
   * report. Not written to JSON (the report stays about findings, not a copy of the code).
   */
  snippet?: string;
}

export interface Suppression {
  kind: 'disable-next-line' | 'disable-file';
  /** The text after ` -- ` in the comment: why the site was reviewed and accepted. */
  reason: string;
  /** 1-based line of the comment. */
  line: number;
}

export type DiagnosticKind =
  | 'parse-error'
  | 'binary'
  | 'too-large'
  | 'unreadable'
  | 'symlink-loop'
  | 'not-found'
  /** The analysis failed on this file (a bug in mcp-migrate): the rest of the scan went on. */
  | 'analysis-error'
  /** Informative only; nothing was skipped (e.g. a tsconfig `extends` package that is not installed). */
  | 'note'
  /** A `mcp-migrate-disable-*` comment that silences no finding (as ESLint's unused-disable-directives). */
  | 'unused-suppression'
  /** A `mcp-migrate-disable-*` comment that cannot be used: no rule id, an unknown rule, no `-- reason`. */
  | 'invalid-suppression';

/**
 * Diagnostics that say nothing was skipped: notes and suppression-comment problems. Reporters
 * list them apart from the files skipped or only partly analysed.
 */
export const NOTE_KINDS: ReadonlySet<DiagnosticKind> = new Set<DiagnosticKind>(['note', 'unused-suppression', 'invalid-suppression']);

/** Something about an input file that is not a finding: the scan went on without it (or in spite of it). */
export interface FileDiagnostic {
  file: string;
  kind: DiagnosticKind;
  message: string;
  /**
   * A file left unscanned (`too-large`) that imports an MCP SDK or framework: its findings are missing, so the verdict
   * is incomplete (exit 2). Absent for one that does not (a bundle, generated data).
   */
  mcpCode?: true;
  line?: number;
  column?: number;
}

export interface Summary {
  /** Files discovered after ignores and include/exclude (what the scan looked at). */
  filesScanned: number;
  /** Files that could involve MCP and were parsed by the semantic analysis. */
  filesAnalyzed: number;
  findings: number;
  byCategory: Partial<Record<Category, number>>;
  bySeverity: Partial<Record<Severity, number>>;
  /** Findings hidden because they are in the baseline given with --baseline. */
  baselined?: number;
  /** Findings silenced by a `mcp-migrate-disable-*` comment (listed in `suppressed`, outside the gate). */
  suppressed?: number;
  /** Findings in test files kept outside the gate (listed in `testFindings`); absent with --include-tests. */
  testFindings?: number;
}

export interface ToolInfo {
  name: 'mcp-migrate';
  version: string;
}

export interface ScanReport {
  schemaVersion: typeof SCHEMA_VERSION;
  tool: ToolInfo;
  command: 'scan' | 'apply';
  /** The root as given on the command line (or '.'). */
  root: string;
  summary: Summary;
  /** The findings in the gate: what --fail-on, the verdict and the exit code judge. */
  findings: Finding[];
  /** Findings silenced by a suppression comment, each with `suppressed` set: out of the gate, in the record. */
  suppressed?: Finding[];
  /** Findings in test files, each with `testFile` set, when test files are outside the gate (the default). */
  testFindings?: Finding[];
  /** Files skipped or only partly understood (parse errors, binary, huge, unreadable). */
  diagnostics: FileDiagnostic[];
  /** Wall time of the scan in milliseconds (not part of any comparison; informative). */
  durationMs?: number;
}

export interface RuleMeta {
  /** `<category>/<name>`, e.g. `session-state/keyed-store`. */
  id: string;
  category: Category;
  severity: Severity;
  fix: FixKind;
  /** One line, shown by `mcp-migrate rules` and in SARIF `shortDescription`. */
  summary: string;
  /** Message templates keyed by messageId; `{{name}}` placeholders are filled from report data. */
  messages: Record<string, string>;
  /** Link to the spec section that makes this site break. */
  spec: string;
  /**
   * A marker of this rule records one decision about sessionful serving code apply did not rewrite (a kept
   * HTTP+SSE endpoint, a gateway, a transport helper, a per-session server); not a pointer to a transform
   * that would rewrite it (the handle transform's registry marker): `scan` reports it in place of the findings of these categories inside
   * the endpoint its statement belongs to (analysis/sessionful-endpoint.ts), not only those of its own rule
   * in its statement.
   */
  markerStandsFor?: readonly Category[];
}

export function ruleDocPath(ruleId: string): string {
  return `docs/rules/${ruleId}.md`;
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
  );
}

export function summarize(
  findings: readonly Finding[],
  filesScanned: number,
  filesAnalyzed: number,
): Summary {
  const byCategory: Summary['byCategory'] = {};
  const bySeverity: Summary['bySeverity'] = {};
  for (const f of findings) {
    byCategory[f.category] = (byCategory[f.category] ?? 0) + 1;
    bySeverity[f.severity] = (bySeverity[f.severity] ?? 0) + 1;
  }
  return { filesScanned, filesAnalyzed, findings: findings.length, byCategory, bySeverity };
}

/** By file, line, column, then kind (mirrors `compareFindings`). */
export function compareDiagnostics(a: FileDiagnostic, b: FileDiagnostic): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0)
  );
}
