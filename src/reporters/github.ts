/**
 * GitHub Actions workflow commands: one annotation per finding and per
 * diagnostic, then the verdict as a plain log line. Escaping follows
 * @actions/core (`escapeData` / `escapeProperty`): a stray `,` or `::` in a
 * path or message would otherwise cut the command short.
 */
import type { FileDiagnostic, Finding, ScanReport, Severity } from '../model.js';
import { ciPath } from './locations.js';
import { sortedDiagnostics, sortedFindings } from './order.js';
import type { RenderOptions } from './types.js';
import { verdict } from './verdict.js';

type AnnotationCommand = 'error' | 'warning' | 'notice';

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

function findingCommand(f: Finding, root: string): string {
  const message = f.message;
  return command(
    COMMAND_FOR[f.severity],
    [
      ['file', ciPath(root, f.file)],
      ['line', f.line],
      ['col', f.column],
      ['endLine', f.endLine],
      ['endColumn', f.endColumn],
      ['title', f.ruleId],
    ],
    message,
  );
}

function diagnosticCommand(d: FileDiagnostic, root: string): string {
  return command(
    // A note (an uninstalled tsconfig base) is informative; everything else deserves a look.
    d.kind === 'note' ? 'notice' : 'warning',
    [
      ['file', ciPath(root, d.file)],
      ['line', d.line],
      ['col', d.column],
      ['title', `mcp-migrate ${d.kind}`],
    ],
    d.message,
  );
}

export function renderGithub(report: ScanReport, options: RenderOptions): string {
  const v = verdict(report, options.failOn);
  const lines = [
    ...sortedFindings(report.findings).map((f) => findingCommand(f, report.root)),
    ...sortedDiagnostics(report.diagnostics).map((d) => diagnosticCommand(d, report.root)),
    `${v.symbol} ${v.text}`,
  ];
  return `${lines.join('\n')}\n`;
}
