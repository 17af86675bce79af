/**
 * GitHub Actions workflow commands: one annotation per finding and per diagnostic, within what
 * GitHub shows, then the verdict as a plain log line. Escaping follows @actions/core
 * (`escapeData` / `escapeProperty`): a stray `,` or `::` in a path or message would otherwise cut
 * the command short.
 *
 * GitHub shows at most 10 error, 10 warning and 10 notice annotations per step and silently drops
 * the rest. So the first ones of each kind in report order (findings before diagnostics) become
 * annotations, the others are printed as plain log lines, and one notice says how many were not
 * annotated and where the full report is: nothing is lost without a word.
 */
import type { FileDiagnostic, Finding, ScanReport, Severity } from '../model.js';
import { ciPath, formatPosition } from './locations.js';
import { sortedDiagnostics, sortedFindings } from './order.js';
import type { RenderOptions } from './types.js';
import { pluralize, verdict } from './verdict.js';

type AnnotationCommand = 'error' | 'warning' | 'notice';

/** Annotations GitHub shows per step, for each kind. */
const ANNOTATIONS_PER_KIND = 10;

const COMMAND_FOR: Readonly<Record<Severity, AnnotationCommand>> = {
  error: 'error',
  warning: 'warning',
  info: 'notice',
};

/** Escape the message part (after `::`). */
export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escape a property value (`key=value` before `::`). */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(
  name: AnnotationCommand,
  properties: ReadonlyArray<readonly [string, string | number | undefined]>,
  message: string,
): string {
  const props = properties
    .filter((entry): entry is readonly [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${name}${props ? ` ${props}` : ''}::${escapeData(message)}`;
}

/** One thing to report: as an annotation when within the limit, else as a plain log line. */
interface Entry {
  kind: AnnotationCommand;
  annotation: string;
  logLine: string;
}

function findingEntry(f: Finding, root: string): Entry {
  const file = ciPath(root, f.file);
  const kind = COMMAND_FOR[f.severity];
  return {
    kind,
    annotation: command(
      kind,
      [
        ['file', file],
        ['line', f.line],
        ['col', f.column],
        ['endLine', f.endLine],
        ['endColumn', f.endColumn],
        ['title', f.ruleId],
      ],
      f.message,
    ),
    logLine: `${formatPosition(file, f.line, f.column)}  ${f.severity}  ${f.ruleId}  ${oneLine(f.message)}`,
  };
}

function diagnosticEntry(d: FileDiagnostic, root: string): Entry {
  const file = ciPath(root, d.file);
  // A note (an uninstalled tsconfig base) is informative; everything else deserves a look.
  const kind = d.kind === 'note' ? 'notice' : 'warning';
  return {
    kind,
    annotation: command(
      kind,
      [
        ['file', file],
        ['line', d.line],
        ['col', d.column],
        ['title', `mcp-migrate ${d.kind}`],
      ],
      d.message,
    ),
    logLine: `${formatPosition(file, d.line, d.column)}  ${kind}  mcp-migrate ${d.kind}  ${oneLine(d.message)}`,
  };
}

const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ');

const KINDS: readonly AnnotationCommand[] = ['error', 'warning', 'notice'];
const KIND_NOUN: Readonly<Record<AnnotationCommand, [string, string]>> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  notice: ['notice', 'notices'],
};

/**
 * Which entries become annotations: the first ANNOTATIONS_PER_KIND of each kind, but one notice
 * fewer when anything is left over, since the overflow notice takes that place.
 */
function splitByLimit(entries: readonly Entry[]): { annotated: Entry[]; logged: Entry[] } {
  const total = (kind: AnnotationCommand) => entries.filter((e) => e.kind === kind).length;
  const overflows = KINDS.some((kind) => total(kind) > ANNOTATIONS_PER_KIND);
  const capacity: Record<AnnotationCommand, number> = {
    error: ANNOTATIONS_PER_KIND,
    warning: ANNOTATIONS_PER_KIND,
    notice: overflows ? ANNOTATIONS_PER_KIND - 1 : ANNOTATIONS_PER_KIND,
  };
  const annotated: Entry[] = [];
  const logged: Entry[] = [];
  for (const entry of entries) {
    if (capacity[entry.kind] > 0) {
      capacity[entry.kind] -= 1;
      annotated.push(entry);
    } else logged.push(entry);
  }
  return { annotated, logged };
}

function overflowNotice(logged: readonly Entry[], fullReportAt: readonly string[]): string {
  const counts = KINDS.map((kind) => [kind, logged.filter((e) => e.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => pluralize(n, ...KIND_NOUN[kind]));
  const where = ["this step's log above", ...fullReportAt];
  const message =
    `GitHub shows ${ANNOTATIONS_PER_KIND} error, ${ANNOTATIONS_PER_KIND} warning and ${ANNOTATIONS_PER_KIND} notice annotations per step; ` +
    `${counts.join(', ')} more are not annotated. The full list: ${where.join(', ')}.`;
  return command('notice', [['title', `mcp-migrate: ${logged.length} more not annotated`]], message);
}

export function renderGithub(report: ScanReport, options: RenderOptions): string {
  const v = verdict(report, options.failOn);
  const entries = [
    ...sortedFindings(report.findings).map((f) => findingEntry(f, report.root)),
    ...sortedDiagnostics(report.diagnostics).map((d) => diagnosticEntry(d, report.root)),
  ];
  const { annotated, logged } = splitByLimit(entries);
  const lines = [
    ...annotated.map((e) => e.annotation),
    ...(logged.length ? [`Not annotated (GitHub's limit per step):`, ...logged.map((e) => `  ${e.logLine}`), overflowNotice(logged, options.fullReportAt ?? [])] : []),
    `${v.symbol} ${v.text}`,
  ];
  return `${lines.join('\n')}\n`;
}
