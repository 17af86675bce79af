/**
 * The report a reviewer reads (MIGRATION.md): verdict, a category × severity
 * table, then per category what it means for 2026-07-28, how to migrate and
 * the findings grouped by rule and message (one explanation, then every site
 * with a short excerpt of its code), then findings in test files, suppressed
 * findings and the diagnostics.
 */
import { CATEGORIES, NOTE_KINDS, SEVERITIES, ruleDocPath, type Category, type Finding, type ScanReport } from '../model.js';
import { FIX_LEGEND_MARKDOWN, fixLabel } from '../fix-status.js';
import { CATEGORY_GUIDE } from './category-guide.js';
import { docHref, formatPosition } from './locations.js';
import { codeSpan, inlineMarkdown, link, tableRow } from './markdown-escape.js';
import { sortedDiagnostics, sortedFindings } from './order.js';
import type { RenderOptions } from './types.js';
import { countBySeverity, pluralize, verdict } from './verdict.js';

export function renderMarkdown(report: ScanReport, options: RenderOptions): string {
  const findings = sortedFindings(report.findings);
  const blocks = [
    '# MCP 2026-07-28 readiness report',
    verdictBlock(report, options),
    scopeLine(report),
    '## Summary',
    summaryTable(findings, options),
    ...(findings.length > 0 ? [FIX_LEGEND_MARKDOWN] : []),
    ...CATEGORIES.flatMap((category) =>
      categorySection(
        category,
        findings.filter((f) => f.category === category),
        options,
      ),
    ),
    ...testFindingsSection(report, options),
    ...suppressedSection(report),
    ...diagnosticsSection(report),
  ];
  return `${blocks.join('\n\n')}\n`;
}

function verdictBlock(report: ScanReport, options: RenderOptions): string {
  const v = verdict(report, options.failOn);
  return `**${v.symbol} ${inlineMarkdown(v.text)}**`;
}

function scopeLine(report: ScanReport): string {
  const { summary } = report;
  const parts = [
    `${pluralize(summary.filesScanned, 'file')} scanned`,
    `${summary.filesAnalyzed} analyzed`,
    pluralize(report.findings.length, 'finding'),
    ...(summary.baselined ? [`${pluralize(summary.baselined, 'baselined finding')} not shown`] : []),
    ...(report.suppressed?.length ? [`${report.suppressed.length} suppressed`] : []),
    ...(report.testFindings?.length ? [`${report.testFindings.length} in test files`] : []),
  ];
  return `${codeSpan(`mcp-migrate ${report.command}`)} ${inlineMarkdown(report.tool.version)} on ${codeSpan(report.root)}: ${parts.join(', ')}.`;
}

/** A row for every category that has rules (or findings): an empty `handle-hygiene` row would promise checks that do not exist. */
function summaryTable(findings: readonly Finding[], options: RenderOptions): string {
  const header = tableRow(['Category', 'Errors', 'Warnings', 'Info', 'Total']);
  const align = tableRow(['---', '---:', '---:', '---:', '---:']);
  const covered = new Set<Category>([...options.rules.map((r) => r.category), ...findings.map((f) => f.category)]);
  const rows = CATEGORIES.filter((category) => covered.has(category)).map((category) => {
    const inCategory = findings.filter((f) => f.category === category);
    const counts = countBySeverity(inCategory);
    return tableRow([codeSpan(category), ...SEVERITIES.map((s) => String(counts[s])), String(inCategory.length)]);
  });
  const totals = countBySeverity(findings);
  const totalRow = tableRow([
    '**Total**',
    ...SEVERITIES.map((s) => `**${totals[s]}**`),
    `**${findings.length}**`,
  ]);
  return [header, align, ...rows, totalRow].join('\n');
}

function categorySection(category: Category, findings: readonly Finding[], options: RenderOptions): string[] {
  if (findings.length === 0) return [];
  const guide = CATEGORY_GUIDE[category];
  return [
    `## ${guide.title} (${codeSpan(category)}): ${pluralize(findings.length, 'finding')}`,
    guide.meaning,
    `**How to migrate:** ${guide.migration}`,
    ...groupByMessage(findings).flatMap((group) => messageGroup(group, options)),
  ];
}

/** Findings with the same rule, severity and message, in report order of their first site. */
export function groupByMessage(findings: readonly Finding[]): Finding[][] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.ruleId}\0${f.severity}\0${f.message}`;
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()];
}

/** One explanation, then every site with the code it flags. */
function messageGroup(group: readonly Finding[], options: RenderOptions): string[] {
  const first = group[0]!;
  const href = docHref(first.docs || ruleDocPath(first.ruleId), options.docsBaseUrl);
  const sites = group.length === 1 ? '1 site' : `${group.length} sites`;
  const heading = `### ${link(first.ruleId, href)} · ${first.severity} · fix: ${fixLabel(first)} · ${sites}`;
  const inTable = { inTable: true };
  const rows = group.map((f) => tableRow([codeSpan(formatPosition(f.file, f.line), inTable), f.snippet ? codeSpan(f.snippet, inTable) : '']));
  return [heading, inlineMarkdown(first.message), [tableRow(['Location', 'Code']), tableRow(['---', '---']), ...rows].join('\n')];
}

function testFindingsSection(report: ScanReport, options: RenderOptions): string[] {
  const findings = sortedFindings(report.testFindings ?? []);
  if (findings.length === 0) return [];
  return [
    `## In test files: ${pluralize(findings.length, 'finding')}, outside the gate`,
    'Test code that fakes sessions is not a server that relies on them, so these do not fail the run (`--include-tests` or `"includeTests": true` puts them in the gate).',
    ...groupByMessage(findings).flatMap((group) => messageGroup(group, options)),
  ];
}

function suppressedSection(report: ScanReport): string[] {
  const findings = sortedFindings(report.suppressed ?? []);
  if (findings.length === 0) return [];
  const inTable = { inTable: true };
  const rows = findings.map((f) =>
    tableRow([codeSpan(formatPosition(f.file, f.line), inTable), codeSpan(f.ruleId, inTable), inlineMarkdown(f.suppressed?.reason ?? '', inTable)]),
  );
  return [
    `## Suppressed: ${pluralize(findings.length, 'finding')}`,
    'Silenced by `mcp-migrate-disable-*` comments after review; they do not fail the run.',
    [tableRow(['Location', 'Rule', 'Reason']), tableRow(['---', '---', '---']), ...rows].join('\n'),
  ];
}

function diagnosticsSection(report: ScanReport): string[] {
  const skipped = report.diagnostics.filter((d) => !NOTE_KINDS.has(d.kind));
  const notes = report.diagnostics.filter((d) => NOTE_KINDS.has(d.kind));
  return [
    ...(skipped.length ? ['## Files skipped or only partly analysed', 'Findings in these files may be missing: fix the cause or check them by hand.', diagnosticsTable(skipped)] : []),
    ...(notes.length ? ['## Notes', diagnosticsTable(notes)] : []),
  ];
}

function diagnosticsTable(diagnostics: ScanReport['diagnostics']): string {
  const inTable = { inTable: true };
  const header = tableRow(['File', 'Kind', 'Message']);
  const align = tableRow(['---', '---', '---']);
  const rows = sortedDiagnostics(diagnostics).map((d) =>
    tableRow([
      codeSpan(formatPosition(d.file, d.line, d.column), inTable),
      codeSpan(d.kind, inTable),
      inlineMarkdown(d.message, inTable),
    ]),
  );
  return [header, align, ...rows].join('\n');
}
