/**
 * The pass/fail reading of a report, shared by every human-facing format so
 * the verdict line and the exit code (`--fail-on`) can never disagree.
 */
import { SEVERITIES, type FileDiagnostic, type Finding, type ScanReport, type Severity } from '../model.js';
import { isSourceFileName } from '../discovery/extensions.js';

export type FailOn = Severity | 'none';

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 3, warning: 2, info: 1 };
const FAIL_ON_RANK: Readonly<Record<FailOn, number>> = {
  error: 3,
  warning: 2,
  info: 1,
  none: Number.POSITIVE_INFINITY,
};

/** True when a finding of this severity fails the run under `--fail-on`. */
export function isBlocking(severity: Severity, failOn: FailOn): boolean {
  return SEVERITY_RANK[severity] >= FAIL_ON_RANK[failOn];
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

/** "1 error", "2 warnings", "3 info" (info has no plural). */
function formatSeverityCount(severity: Severity, count: number): string {
  if (severity === 'info') return `${count} info`;
  return `${count} ${severity}${count === 1 ? '' : 's'}`;
}

/** "2 errors, 1 warning", listing only the given severities (all by default), in severity order. */
export function formatSeverityCounts(
  counts: Readonly<Record<Severity, number>>,
  severities: readonly Severity[] = SEVERITIES,
  { skipZero = false }: { skipZero?: boolean } = {},
): string {
  return SEVERITIES.filter((s) => severities.includes(s))
    .filter((s) => !skipZero || counts[s] > 0)
    .map((s) => formatSeverityCount(s, counts[s]))
    .join(', ');
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

type VerdictStatus =
  /** Findings at or above `--fail-on`: the run fails (exit 1). */
  | 'blocked'
  /** Findings exist, but none at or above `--fail-on`. */
  | 'below-threshold'
  /** No findings at all. */
  | 'clean'
  /** The analysis failed on part of the code (an `analysis-error` diagnostic): no verdict can be given (exit 2). */
  | 'incomplete'
  /** Files were scanned but none is MCP server code: nothing was checked, so this is not "clean". */
  | 'no-mcp-code';

export interface Verdict {
  status: VerdictStatus;
  /** Findings at or above `--fail-on`. */
  blocking: number;
  /** One character for the terminal and Markdown: ✖, ⚠ or ✔. */
  symbol: string;
  /** The sentence after the symbol. */
  text: string;
}

const NO_FINDINGS_TEXT = 'No reliance on sessions, the handshake or deprecated features found';

/** Diagnostics that mean the findings may be missing some (exit 2): the analysis itself failed. */
export function analysisFailures(report: ScanReport): number {
  return report.diagnostics.filter((d) => d.kind === 'analysis-error').length;
}

/**
 * Source files left unscanned: over the size limit and importing MCP, or unreadable (review 40 R40-5: a 2 MB
 * generated server was skipped and the verdict said "no MCP server code found", exit 0). What they hold is missing
 * from the findings, so, like a failure of the analysis, they make the verdict incomplete (exit 2). A large file that
 * imports no MCP (a bundle, generated data) and a binary file with a source extension (an MPEG transport stream
 * named `.ts`) are only noted.
 */
export function unscannedSources(report: Pick<ScanReport, 'diagnostics'>): string[] {
  return [...new Set(report.diagnostics.filter(isUnscannedSource).map((d) => d.file))];
}

/** A diagnostic of a source file left out of the run that may hold MCP code (an unreadable folder holds no source of its own: review 40b S40-7). */
function isUnscannedSource(d: FileDiagnostic): boolean {
  return (d.kind === 'too-large' && !!d.mcpCode) || (d.kind === 'unreadable' && isSourceFileName(d.file));
}

/** Code left out of the analysis, whose findings are missing: a source unscanned, or code the analysis failed on (exit 2). */
export function isLeftOutOfAnalysis(d: FileDiagnostic): boolean {
  return d.kind === 'analysis-error' || isUnscannedSource(d);
}

export function verdict(report: ScanReport, failOn: FailOn): Verdict {
  const failures = analysisFailures(report);
  if (failures > 0) {
    const text = `Analysis incomplete: mcp-migrate failed on ${pluralize(failures, 'part')} of the code (see diagnostics), so findings may be missing`;
    return { status: 'incomplete', blocking: 0, symbol: '✖', text };
  }
  const unscanned = unscannedSources(report);
  if (unscanned.length > 0) {
    const text = `Analysis incomplete: ${pluralize(unscanned.length, 'source file')} not scanned (MCP code over the --max-file-size limit, or unreadable: see diagnostics), so findings may be missing; raise --max-file-size, or exclude ${unscanned.length === 1 ? 'it' : 'them'} (--exclude, .mcp-migrateignore) if ${unscanned.length === 1 ? 'it is' : 'they are'} not server code`;
    return { status: 'incomplete', blocking: 0, symbol: '✖', text };
  }
  const v = gateVerdict(report, failOn);
  const caveats = verdictCaveats(report);
  return caveats.length ? { ...v, text: `${v.text}; ${caveats.join('; ')}` } : v;
}

/**
 * What the gate does not show, said on the verdict line so a green run is never read as more
 * than it is: files that did not parse completely, suppressed findings, findings in test files.
 */
function verdictCaveats(report: ScanReport): string[] {
  const caveats: string[] = [];
  // A tsconfig that cannot be read (an `extends` to a missing file) is no source with syntax errors (review 40 R40-6).
  const isConfig = (file: string) => /\.json$/i.test(file);
  const unparsed = new Set(report.diagnostics.filter((d) => d.kind === 'parse-error' && !isConfig(d.file)).map((d) => d.file)).size;
  if (unparsed > 0) caveats.push(`findings may be incomplete: ${pluralize(unparsed, 'file')} with syntax errors analysed only as far as ${unparsed === 1 ? 'it parses' : 'they parse'}`);
  const configs = new Set(report.diagnostics.filter((d) => d.kind === 'parse-error' && isConfig(d.file)).map((d) => d.file)).size;
  if (configs > 0) caveats.push(`findings may be incomplete: ${pluralize(configs, 'tsconfig')} could not be read (see diagnostics), so module resolution falls back to defaults there`);
  const suppressed = report.suppressed?.length ?? 0;
  if (suppressed > 0) caveats.push(`${suppressed} suppressed`);
  const inTests = report.testFindings?.length ?? 0;
  if (inTests > 0) caveats.push(`${pluralize(inTests, 'finding')} in test files not gated (--include-tests gates them)`);
  return caveats;
}

function gateVerdict(report: ScanReport, failOn: FailOn): Verdict {
  const counts = countBySeverity(report.findings);
  const total = report.findings.length;
  const blockingSeverities = SEVERITIES.filter((s) => isBlocking(s, failOn));
  const blocking = blockingSeverities.reduce((sum, s) => sum + counts[s], 0);

  const outsideGate = (report.suppressed?.length ?? 0) + (report.testFindings?.length ?? 0);
  if (total === 0 && report.summary.filesAnalyzed === 0 && outsideGate === 0) {
    const text = `No MCP server code found in ${pluralize(report.summary.filesScanned, 'file')}: nothing to migrate`;
    return { status: 'no-mcp-code', blocking: 0, symbol: 'ℹ', text };
  }

  if (total === 0) {
    const baselined = report.summary.baselined ?? 0;
    const text =
      baselined > 0 ? `${NO_FINDINGS_TEXT} outside the baseline (${baselined} baselined)` : NO_FINDINGS_TEXT;
    return { status: 'clean', blocking: 0, symbol: '✔', text };
  }

  if (blocking > 0) {
    const belowCounts = { ...counts };
    for (const s of blockingSeverities) belowCounts[s] = 0;
    const below = formatSeverityCounts(belowCounts, SEVERITIES, { skipZero: true });
    const text =
      `${pluralize(blocking, 'finding')} ${blocking === 1 ? 'blocks' : 'block'} 2026-07-28 readiness ` +
      `(${formatSeverityCounts(counts, blockingSeverities)})` +
      (below ? `; ${below} below --fail-on ${failOn}` : '');
    return { status: 'blocked', blocking, symbol: '✖', text };
  }

  const all = formatSeverityCounts(counts, SEVERITIES, { skipZero: true });
  const text =
    failOn === 'none'
      ? `${pluralize(total, 'finding')} to review (${all}); --fail-on none, so none fail the run`
      : `${pluralize(total, 'finding')} to review (${all}); none at or above --fail-on ${failOn}`;
  return { status: 'below-threshold', blocking: 0, symbol: '⚠', text };
}
