/**
 * Terminal output: findings grouped by file as `file:line:col  severity
 * message  ruleId` (clickable in editors' terminals), then diagnostics, a
 * summary and the verdict.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { CATEGORIES, SEVERITIES, type Finding, type ScanReport, type Severity } from '../model.js';
import type { RenderOptions } from './types.js';
import { formatPosition } from './locations.js';
import { sortedDiagnostics, sortedFindings } from './order.js';
import { countBySeverity, formatSeverityCounts, pluralize, verdict } from './verdict.js';

const SEVERITY_WIDTH = Math.max(...SEVERITIES.map((s) => s.length));

export function renderText(report: ScanReport, options: RenderOptions): string {
  // An explicit instance, never chalk's global one: output depends on
  // options.color only, not on the environment the tests run in.
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const sections = [
    findingsSection(report.findings, chalk),
    diagnosticsSection(report, chalk),
    summarySection(report, chalk),
    verdictLine(report, options, chalk),
  ].filter((section) => section !== '');
  return `${sections.join('\n\n')}\n`;
}

function paintSeverity(severity: Severity, chalk: ChalkInstance, text: string = severity): string {
  if (severity === 'error') return chalk.red(text);
  if (severity === 'warning') return chalk.yellow(text);
  return chalk.blue(text);
}

function groupByFile(findings: readonly Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const finding of sortedFindings(findings)) {
    const group = groups.get(finding.file);
    if (group) group.push(finding);
    else groups.set(finding.file, [finding]);
  }
  return groups;
}

function findingsSection(findings: readonly Finding[], chalk: ChalkInstance): string {
  if (findings.length === 0) return '';
  const locationWidth = Math.max(...findings.map((f) => formatPosition(f.file, f.line, f.column).length));
  const blocks: string[] = [];
  for (const group of groupByFile(findings).values()) {
    const lines: string[] = [];
    for (const f of group) {
      const location = formatPosition(f.file, f.line, f.column).padEnd(locationWidth);
      const severity = paintSeverity(f.severity, chalk, f.severity.padEnd(SEVERITY_WIDTH));
      lines.push(`${location}  ${severity}  ${f.message}  ${chalk.gray(f.ruleId)}`);
    }
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}

function diagnosticsSection(report: ScanReport, chalk: ChalkInstance): string {
  const { diagnostics } = report;
  if (diagnostics.length === 0) return '';
  const sorted = sortedDiagnostics(diagnostics);
  const positions = sorted.map((d) => formatPosition(d.file, d.line, d.column));
  const positionWidth = Math.max(...positions.map((p) => p.length));
  const kindWidth = Math.max(...sorted.map((d) => d.kind.length));
  const header = chalk.bold(
    `Diagnostics: ${pluralize(diagnostics.length, 'file')} skipped or only partly analysed`,
  );
  const lines = sorted.map(
    (d, i) => `  ${(positions[i] ?? '').padEnd(positionWidth)}  ${chalk.yellow(d.kind.padEnd(kindWidth))}  ${d.message}`,
  );
  return [header, ...lines].join('\n');
}

function summarySection(report: ScanReport, chalk: ChalkInstance): string {
  const { findings, summary } = report;
  const files = new Set(findings.map((f) => f.file)).size;
  const details = [
    `${pluralize(summary.filesScanned, 'file')} scanned`,
    `${summary.filesAnalyzed} analyzed`,
    ...(summary.baselined ? [`${summary.baselined} baselined`] : []),
  ].join(', ');
  const headline =
    findings.length === 0
      ? `Summary: no findings (${details})`
      : `Summary: ${pluralize(findings.length, 'finding')} in ${pluralize(files, 'file')} (${details})`;
  const lines = [chalk.bold(headline)];

  const categoryWidth = Math.max(...CATEGORIES.map((c) => c.length));
  for (const category of CATEGORIES) {
    const inCategory = findings.filter((f) => f.category === category);
    if (inCategory.length === 0) continue;
    const counts = formatSeverityCounts(countBySeverity(inCategory), SEVERITIES, { skipZero: true });
    lines.push(`  ${category.padEnd(categoryWidth)}  ${String(inCategory.length).padStart(3)}  (${counts})`);
  }
  if (findings.length > 0) {
    const bySeverity = countBySeverity(findings);
    const parts = SEVERITIES.map((s) => paintSeverity(s, chalk, formatSeverityCounts(bySeverity, [s])));
    lines.push(`  ${'by severity'.padEnd(categoryWidth)}  ${parts.join(', ')}`);
  }
  return lines.join('\n');
}

function verdictLine(report: ScanReport, options: RenderOptions, chalk: ChalkInstance): string {
  const v = verdict(report, options.failOn);
  const line = `${v.symbol} ${v.text}`;
  if (v.status === 'blocked' || v.status === 'incomplete') return chalk.red.bold(line);
  if (v.status === 'below-threshold') return chalk.yellow(line);
  return chalk.green(line);
}
