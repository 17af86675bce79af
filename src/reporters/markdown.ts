/**
 * The report a reviewer reads (MIGRATION.md): verdict, a category × severity
 * table, then per category what it means for 2026-07-28, how to migrate and
 * every finding with a link to its rule doc, then the diagnostics.
 */
import { CATEGORIES, SEVERITIES, ruleDocPath, type Category, type Finding, type ScanReport } from '../model.js';
import { CATEGORY_GUIDE } from './category-guide.js';
import { docHref, formatPosition } from './locations.js';
import { codeSpan, inlineMarkdown, link, tableRow } from './markdown-escape.js';
import { sortedDiagnostics, sortedFindings } from './order.js';
import type { RenderOptions } from './types.js';
import { countBySeverity, pluralize, verdict } from './verdict.js';

const FIX_LEGEND =
  'Fix: **auto**: `mcp-migrate apply` rewrites it; **assisted**: `apply` rewrites it and leaves a ' +
  '`@mcp-migrate-todo` marker to review; **manual**: a person has to change it.';

export function renderMarkdown(report: ScanReport, options: RenderOptions): string {
  const findings = sortedFindings(report.findings);
  const blocks = [
    '# MCP 2026-07-28 readiness report',
    verdictBlock(report, options),
    scopeLine(report),
    '## Summary',
    summaryTable(findings),
    ...(findings.length > 0 ? [FIX_LEGEND] : []),
    ...CATEGORIES.flatMap((category) =>
      categorySection(
        category,
        findings.filter((f) => f.category === category),
        options,
      ),
    ),
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
  ];
  return `${codeSpan(`mcp-migrate ${report.command}`)} ${inlineMarkdown(report.tool.version)} on ${codeSpan(report.root)}: ${parts.join(', ')}.`;
}

function summaryTable(findings: readonly Finding[]): string {
  const header = tableRow(['Category', 'Errors', 'Warnings', 'Info', 'Total']);
  const align = tableRow(['---', '---:', '---:', '---:', '---:']);
  const rows = CATEGORIES.map((category) => {
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
    findingsTable(findings, options),
  ];
}

function findingsTable(findings: readonly Finding[], options: RenderOptions): string {
  const inTable = { inTable: true };
  const header = tableRow(['Location', 'Severity', 'Message', 'Rule', 'Fix']);
  const align = tableRow(['---', '---', '---', '---', '---']);
  const rows = findings.map((f) => {
    const href = docHref(f.docs || ruleDocPath(f.ruleId), options.docsBaseUrl);
    return tableRow([
      codeSpan(formatPosition(f.file, f.line), inTable),
      f.severity,
      inlineMarkdown(f.message, inTable),
      link(f.ruleId, href, inTable),
      f.fix,
    ]);
  });
  return [header, align, ...rows].join('\n');
}

function diagnosticsSection(report: ScanReport): string[] {
  if (report.diagnostics.length === 0) return [];
  const inTable = { inTable: true };
  const header = tableRow(['File', 'Kind', 'Message']);
  const align = tableRow(['---', '---', '---']);
  const rows = sortedDiagnostics(report.diagnostics).map((d) =>
    tableRow([
      codeSpan(formatPosition(d.file, d.line, d.column), inTable),
      codeSpan(d.kind, inTable),
      inlineMarkdown(d.message, inTable),
    ]),
  );
  return [
    '## Files skipped or only partly analysed',
    'Findings in these files may be missing: fix the cause or check them by hand.',
    [header, align, ...rows].join('\n'),
  ];
}
