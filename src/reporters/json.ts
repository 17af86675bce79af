/**
 * The JSON contract of docs/design.md, plus the model's additive fields
 * (`diagnostics`, `chain`, `fingerprint`, `summary.filesAnalyzed`,
 * `summary.baselined`, and for issue 8: `finding.suppressed` with the reason — suppressed
 * findings are listed in `findings` but are out of the gate and out of `summary.findings` —,
 * `finding.testFile`, `testFindings` (findings in test files, outside the gate) and
 * `summary.suppressed` / `summary.testFindings`; on a marker, `finding.replaces`: the findings it stands for). Keys are written in a fixed order and findings are
 * sorted, so two scans of the same code give byte-identical output.
 * `durationMs` is left out on purpose: it would make every report differ.
 */
import { CATEGORIES, SEVERITIES, type FileDiagnostic, type Finding, type ScanReport, type Summary } from '../model.js';
import { sortedDiagnostics, sortedFindings } from './order.js';
import type { RenderOptions } from './types.js';

export function renderJson(report: ScanReport, _options: RenderOptions): string {
  const projection = {
    schemaVersion: report.schemaVersion,
    tool: { name: report.tool.name, version: report.tool.version },
    command: report.command,
    root: report.root,
    summary: projectSummary(report.summary),
    findings: sortedFindings([...report.findings, ...(report.suppressed ?? [])]).map(projectFinding),
    ...(report.testFindings?.length ? { testFindings: sortedFindings(report.testFindings).map(projectFinding) } : {}),
    diagnostics: sortedDiagnostics(report.diagnostics).map(projectDiagnostic),
  };
  return `${JSON.stringify(projection, null, 2)}\n`;
}

function projectSummary(summary: Summary): Summary {
  const byCategory: Summary['byCategory'] = {};
  for (const category of CATEGORIES) {
    const count = summary.byCategory[category];
    if (count !== undefined) byCategory[category] = count;
  }
  const bySeverity: Summary['bySeverity'] = {};
  for (const severity of SEVERITIES) {
    const count = summary.bySeverity[severity];
    if (count !== undefined) bySeverity[severity] = count;
  }
  return {
    filesScanned: summary.filesScanned,
    filesAnalyzed: summary.filesAnalyzed,
    findings: summary.findings,
    byCategory,
    bySeverity,
    ...(summary.baselined === undefined ? {} : { baselined: summary.baselined }),
    ...(summary.suppressed === undefined ? {} : { suppressed: summary.suppressed }),
    ...(summary.testFindings === undefined ? {} : { testFindings: summary.testFindings }),
  };
}

function projectFinding(f: Finding): Finding {
  return {
    ruleId: f.ruleId,
    category: f.category,
    severity: f.severity,
    file: f.file,
    line: f.line,
    column: f.column,
    endLine: f.endLine,
    endColumn: f.endColumn,
    message: f.message,
    fix: f.fix,
    docs: f.docs,
    ...(f.chain && f.chain.length > 0 ? { chain: [...f.chain] } : {}),
    fingerprint: f.fingerprint,
    ...(f.suppressed ? { suppressed: { kind: f.suppressed.kind, reason: f.suppressed.reason, line: f.suppressed.line } } : {}),
    ...(f.testFile ? { testFile: true as const } : {}),
    ...(f.replaces && f.replaces.length > 0 ? { replaces: f.replaces.map((r) => ({ ruleId: r.ruleId, line: r.line, ...(r.file ? { file: r.file } : {}) })) } : {}),
  };
}

function projectDiagnostic(d: FileDiagnostic): FileDiagnostic {
  return {
    file: d.file,
    kind: d.kind,
    message: d.message,
    ...(d.line === undefined ? {} : { line: d.line }),
    ...(d.column === undefined ? {} : { column: d.column }),
  };
}
