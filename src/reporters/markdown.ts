/**
 * The report a reviewer reads (MIGRATION.md): verdict, a category × severity
 * table, then per category what it means for 2026-07-28, how to migrate and
 * the findings grouped by rule and message (one explanation, then every site
 * with a short excerpt of its code), then findings in test files, suppressed
 * findings and the diagnostics.
 *
 * With `markdownMaxBytes` (a pull-request comment, a job summary) the report is cut where it
 * stops fitting — whole blocks, then whole table rows, never inside a line — and a note under the
 * summary says how many findings are listed and where the full report is.
 */
import { CATEGORIES, NOTE_KINDS, SEVERITIES, ruleDocPath, type Category, type Finding, type ScanReport } from '../model.js';
import { FIX_LEGEND_MARKDOWN, fixLabel } from '../fix-status.js';
import { CATEGORY_GUIDE } from './category-guide.js';
import { docHref, formatPosition } from './locations.js';
import { codeSpan, inlineMarkdown, link, tableRow } from './markdown-escape.js';
import { sortedDiagnostics, sortedFindings } from './order.js';
import type { RenderOptions } from './types.js';
import { countBySeverity, pluralize, verdict } from './verdict.js';

/** What GitHub accepts in one step's job summary ($GITHUB_STEP_SUMMARY). */
export const JOB_SUMMARY_MAX_BYTES = 1024 * 1024;

/**
 * A block of the report, or a table whose rows can be cut: `findingRows` says whether each row
 * is one finding (a site table) so the truncation note can count what is listed.
 */
type Piece = string | { header: readonly string[]; rows: readonly string[]; findingRows: boolean };

const pieceText = (piece: Piece): string => (typeof piece === 'string' ? piece : [...piece.header, ...piece.rows].join('\n'));

export function renderMarkdown(report: ScanReport, options: RenderOptions): string {
  const findings = sortedFindings(report.findings);
  const head: Piece[] = ['# MCP 2026-07-28 readiness report', verdictBlock(report, options), scopeLine(report)];
  const body: Piece[] = [
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
  const full = `${[...head, ...body].map(pieceText).join('\n\n')}\n`;
  const max = options.markdownMaxBytes;
  if (max === undefined || byteLength(full) <= max) return full;
  return truncated(head, body, report, options, max);
}

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * Head, truncation note, then as many body pieces as fit in order (a site table row by row):
 * a reader gets the summary and the most important categories, grouped as in the full report.
 */
function truncated(head: readonly Piece[], body: readonly Piece[], report: ScanReport, options: RenderOptions, max: number): string {
  const total = report.findings.length + (report.testFindings?.length ?? 0);
  // The note's length is reserved with the largest count it can show; the real count is never longer.
  const reserve = byteLength(truncationNote(total, total, max, options)) + 2;
  const blocks = head.map(pieceText);
  let used = byteLength(blocks.join('\n\n')) + reserve + 1;
  const kept: string[] = [];
  let listed = 0;
  for (const piece of body) {
    const text = pieceText(piece);
    if (used + 2 + byteLength(text) <= max) {
      kept.push(text);
      used += 2 + byteLength(text);
      if (typeof piece !== 'string' && piece.findingRows) listed += piece.rows.length;
      continue;
    }
    if (typeof piece !== 'string') {
      // As many rows as fit, then a row that says how many sites are left out.
      const lines = [...piece.header];
      let size = used + 2 + byteLength(lines.join('\n'));
      let rows = 0;
      const moreRow = (left: number) => tableRow(['…', `${pluralize(left, 'more site')} not shown`]);
      for (const row of piece.rows) {
        const after = size + 1 + byteLength(row);
        if (after + 1 + byteLength(moreRow(piece.rows.length - rows - 1)) > max) break;
        lines.push(row);
        size = after;
        rows += 1;
      }
      if (rows > 0) {
        lines.push(moreRow(piece.rows.length - rows));
        kept.push(lines.join('\n'));
        if (piece.findingRows) listed += rows;
      }
    }
    break;
  }
  const out = `${[...blocks, truncationNote(listed, total, max, options), ...kept].join('\n\n')}\n`;
  return byteLength(out) <= max ? out : cutToBytes(out, max);
}

function truncationNote(listed: number, total: number, max: number, options: RenderOptions): string {
  const where = options.fullReportAt?.length
    ? `the full report is in ${options.fullReportAt.map((w) => inlineMarkdown(w)).join(', ')}`
    : 'the full report: `mcp-migrate scan --format markdown --output MIGRATION.md`';
  return `> **Cut to fit ${max.toLocaleString('en-US')} bytes:** ${listed} of ${pluralize(total, 'finding')} listed below; ${where}.`;
}

/** Last resort for a limit smaller than the report's head: cut on a character boundary. */
function cutToBytes(text: string, max: number): string {
  let out = '';
  let size = 1; // the final newline
  for (const char of text) {
    const n = byteLength(char);
    if (size + n > max) break;
    out += char;
    size += n;
  }
  return `${out.trimEnd()}\n`;
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

function categorySection(category: Category, findings: readonly Finding[], options: RenderOptions): Piece[] {
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
function groupByMessage(findings: readonly Finding[]): Finding[][] {
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
function messageGroup(group: readonly Finding[], options: RenderOptions): Piece[] {
  const first = group[0]!;
  const href = docHref(first.docs || ruleDocPath(first.ruleId), options.docsBaseUrl);
  const sites = group.length === 1 ? '1 site' : `${group.length} sites`;
  const heading = `### ${link(first.ruleId, href)} · ${first.severity} · fix: ${fixLabel(first)} · ${sites}`;
  const inTable = { inTable: true };
  const rows = group.map((f) => tableRow([codeSpan(formatPosition(f.file, f.line), inTable), f.snippet ? codeSpan(f.snippet, inTable) : '']));
  return [heading, inlineMarkdown(first.message), { header: [tableRow(['Location', 'Code']), tableRow(['---', '---'])], rows, findingRows: true }];
}

function testFindingsSection(report: ScanReport, options: RenderOptions): Piece[] {
  const findings = sortedFindings(report.testFindings ?? []);
  if (findings.length === 0) return [];
  return [
    `## In test files: ${pluralize(findings.length, 'finding')}, outside the gate`,
    'Test code that fakes sessions is not a server that relies on them, so these do not fail the run (`--include-tests` or `"includeTests": true` puts them in the gate).',
    ...groupByMessage(findings).flatMap((group) => messageGroup(group, options)),
  ];
}

function suppressedSection(report: ScanReport): Piece[] {
  const findings = sortedFindings(report.suppressed ?? []);
  if (findings.length === 0) return [];
  const inTable = { inTable: true };
  const rows = findings.map((f) =>
    tableRow([codeSpan(formatPosition(f.file, f.line), inTable), codeSpan(f.ruleId, inTable), inlineMarkdown(f.suppressed?.reason ?? '', inTable)]),
  );
  return [
    `## Suppressed: ${pluralize(findings.length, 'finding')}`,
    'Silenced by `mcp-migrate-disable-*` comments after review; they do not fail the run.',
    { header: [tableRow(['Location', 'Rule', 'Reason']), tableRow(['---', '---', '---'])], rows, findingRows: false },
  ];
}

function diagnosticsSection(report: ScanReport): Piece[] {
  const skipped = report.diagnostics.filter((d) => !NOTE_KINDS.has(d.kind));
  const notes = report.diagnostics.filter((d) => NOTE_KINDS.has(d.kind));
  return [
    ...(skipped.length ? ['## Files skipped or only partly analysed', 'Findings in these files may be missing: fix the cause or check them by hand.', diagnosticsTable(skipped)] : []),
    ...(notes.length ? ['## Notes', diagnosticsTable(notes)] : []),
  ];
}

function diagnosticsTable(diagnostics: ScanReport['diagnostics']): Piece {
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
  return { header: [header, align], rows, findingRows: false };
}
