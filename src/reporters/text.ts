/**
 * Terminal output: findings grouped by file as `file:line:col  severity
 * message  ruleId` (clickable in editors' terminals), then diagnostics, a
 * summary and the verdict.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { CATEGORIES, NOTE_KINDS, SEVERITIES, type FileDiagnostic, type Finding, type ScanReport, type Severity } from '../model.js';
import type { RenderOptions } from './types.js';
import { formatPosition, standsForText } from './locations.js';
import { sortedDiagnostics, sortedFindings } from './order.js';
import { countBySeverity, formatSeverityCounts, pluralize, verdict } from './verdict.js';

const SEVERITY_WIDTH = Math.max(...SEVERITIES.map((s) => s.length));

export function renderText(report: ScanReport, options: RenderOptions): string {
  // An explicit instance, never chalk's global one: output depends on
  // options.color only, not on the environment the tests run in.
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const sections = [
    findingsSection(report.findings, chalk, options.width),
    testFindingsSection(report, chalk, options.width),
    suppressedSection(report, chalk, options.width),
    diagnosticsSection(report, chalk),
    notesSection(report, chalk),
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

/** Below this many columns for the message, wrapping would do more harm than good: no wrapping. */
const MIN_WRAP_WIDTH = 30;

/**
 * Word-wraps `text` to `width` columns; lines after the first are indented by `indent` spaces
 * (so a long message stays in its column). A word longer than the width is not broken.
 */
export function wrap(text: string, width: number | undefined, indent: number): string {
  if (width === undefined || width - indent < MIN_WRAP_WIDTH) return text;
  const room = width - indent;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/ +/)) {
    if (current !== '' && visibleLength(current) + 1 + visibleLength(word) > room) {
      lines.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  lines.push(current);
  return lines.join(`\n${' '.repeat(indent)}`);
}

// eslint-disable-next-line no-control-regex
const visibleLength = (text: string): number => text.replace(/\x1b\[[0-9;]*m/g, '').length;

function findingsSection(findings: readonly Finding[], chalk: ChalkInstance, width: number | undefined): string {
  if (findings.length === 0) return '';
  const locationWidth = Math.max(...findings.map((f) => formatPosition(f.file, f.line, f.column).length));
  const indent = locationWidth + 2 + SEVERITY_WIDTH + 2;
  const blocks: string[] = [];
  for (const group of groupByFile(findings).values()) {
    const lines: string[] = [];
    for (const f of group) {
      const location = formatPosition(f.file, f.line, f.column).padEnd(locationWidth);
      const severity = paintSeverity(f.severity, chalk, f.severity.padEnd(SEVERITY_WIDTH));
      // The first line holds the location (columns 0..indent); wrapping the first line to the
      // same room keeps every line within the terminal.
      lines.push(`${location}  ${severity}  ${wrap(`${f.message}  ${chalk.gray(f.ruleId)}`, width, indent)}`);
      // A marker: the findings it stands for, so none of them is out of sight (JSON has them as `replaces`).
      if (f.replaces?.length) lines.push(`${' '.repeat(indent)}${chalk.gray(wrap(standsForText(f.replaces), width, indent))}`);
    }
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}

function testFindingsSection(report: ScanReport, chalk: ChalkInstance, width: number | undefined): string {
  const findings = report.testFindings ?? [];
  if (findings.length === 0) return '';
  const header = chalk.bold(`In test files: ${pluralize(findings.length, 'finding')}, outside the gate (--include-tests or "includeTests": true gates them)`);
  return `${header}\n${findingsSection(findings, chalk, width)}`;
}

function suppressedSection(report: ScanReport, chalk: ChalkInstance, width: number | undefined): string {
  const findings = sortedFindings(report.suppressed ?? []);
  if (findings.length === 0) return '';
  const locations = findings.map((f) => formatPosition(f.file, f.line, f.column));
  const locationWidth = Math.max(...locations.map((l) => l.length));
  const lines = findings.map((f, i) => {
    const text = `${f.ruleId} (${f.severity}), suppressed on line ${f.suppressed?.line ?? '?'}: ${f.suppressed?.reason ?? ''}`;
    return `  ${(locations[i] ?? '').padEnd(locationWidth)}  ${wrap(text, width, locationWidth + 4)}`;
  });
  return [chalk.bold(`Suppressed: ${pluralize(findings.length, 'finding')} silenced by mcp-migrate-disable comments (outside the gate)`), ...lines].join('\n');
}

function diagnosticsSection(report: ScanReport, chalk: ChalkInstance): string {
  const diagnostics = report.diagnostics.filter((d) => !NOTE_KINDS.has(d.kind));
  if (diagnostics.length === 0) return '';
  const header = chalk.bold(`Diagnostics: ${pluralize(diagnostics.length, 'file')} skipped or only partly analysed`);
  return [header, ...diagnosticLines(diagnostics, chalk)].join('\n');
}

/** Notes and suppression-comment problems: nothing was skipped, but someone should look. */
function notesSection(report: ScanReport, chalk: ChalkInstance): string {
  const notes = report.diagnostics.filter((d) => NOTE_KINDS.has(d.kind));
  if (notes.length === 0) return '';
  return [chalk.bold(`Notes: ${notes.length}`), ...diagnosticLines(notes, chalk)].join('\n');
}

function diagnosticLines(diagnostics: readonly FileDiagnostic[], chalk: ChalkInstance): string[] {
  const sorted = sortedDiagnostics(diagnostics);
  const positions = sorted.map((d) => formatPosition(d.file, d.line, d.column));
  const positionWidth = Math.max(...positions.map((p) => p.length));
  const kindWidth = Math.max(...sorted.map((d) => d.kind.length));
  return sorted.map((d, i) => `  ${(positions[i] ?? '').padEnd(positionWidth)}  ${chalk.yellow(d.kind.padEnd(kindWidth))}  ${d.message}`);
}

function summarySection(report: ScanReport, chalk: ChalkInstance): string {
  const { findings, summary } = report;
  const files = new Set(findings.map((f) => f.file)).size;
  const details = [
    `${pluralize(summary.filesScanned, 'file')} scanned`,
    `${summary.filesAnalyzed} analyzed`,
    ...(summary.baselined ? [`${summary.baselined} baselined`] : []),
    ...(report.suppressed?.length ? [`${report.suppressed.length} suppressed`] : []),
    ...(report.testFindings?.length ? [`${report.testFindings.length} in test files`] : []),
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
  if (v.status === 'no-mcp-code') return line; // nothing was checked: not green
  return chalk.green(line);
}
