/**
 * GitLab Code Quality report (`artifacts: reports: codequality:`): a JSON array of issues, each
 * with description, check_name, fingerprint, severity and location{path, lines{begin}} — the
 * subset of the Code Climate issue format GitLab documents. Only findings in the gate are issues:
 * suppressed findings and findings in test files are reviewed or outside the gate, and the merge
 * request widget has no place for either.
 *
 * GitLab matches issues between the base and the head pipeline by fingerprint, so it is derived
 * from the finding's baseline fingerprint (rule, file, content of the flagged line, occurrence),
 * not from its line number: an edit elsewhere in the file does not turn an old issue into a new one.
 */
import { createHash } from 'node:crypto';
import type { Finding, ScanReport, Severity } from '../model.js';
import { ciPath } from './locations.js';
import { sortedFindings } from './order.js';
import type { RenderOptions } from './types.js';

/** GitLab's scale is info, minor, major, critical, blocker; linters conventionally map error→major. */
const GITLAB_SEVERITY: Readonly<Record<Severity, 'major' | 'minor' | 'info'>> = {
  error: 'major',
  warning: 'minor',
  info: 'info',
};

export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: (typeof GITLAB_SEVERITY)[Severity];
  location: { path: string; lines: { begin: number; end: number } };
}

function issueFingerprint(path: string, finding: Finding): string {
  return createHash('sha256').update(`mcp-migrate\0${finding.ruleId}\0${path}\0${finding.fingerprint}`).digest('hex').slice(0, 32);
}

function toIssue(finding: Finding, root: string): CodeQualityIssue {
  const path = ciPath(root, finding.file);
  return {
    description: `${finding.ruleId}: ${finding.message}`,
    check_name: finding.ruleId,
    fingerprint: issueFingerprint(path, finding),
    severity: GITLAB_SEVERITY[finding.severity],
    location: { path, lines: { begin: finding.line, end: finding.endLine } },
  };
}

export function renderGitlab(report: ScanReport, _options: RenderOptions): string {
  const issues = sortedFindings(report.findings).map((f) => toIssue(f, report.root));
  // GitLab shows only the first issue of a fingerprint: two findings with the same baseline
  // identity (possible when a report is assembled by hand) must still both be shown.
  const seen = new Map<string, number>();
  for (const issue of issues) {
    const count = seen.get(issue.fingerprint) ?? 0;
    seen.set(issue.fingerprint, count + 1);
    if (count > 0) issue.fingerprint = createHash('sha256').update(`${issue.fingerprint}\0${count}`).digest('hex').slice(0, 32);
  }
  return `${JSON.stringify(issues, null, 2)}\n`;
}
