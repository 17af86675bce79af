/**
 * The guard's section of each `apply` output: terminal summary, MIGRATION.md and JSON. Pure
 * functions of the `TypeCheckResult`; report.ts calls one of them per format.
 */
import type { Chalk } from 'chalk';
import type { NewTypeError, TypeCheckResult } from './check.js';
import type { HeldBack } from './hold-back.js';

type Relative = (file: string) => string;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function notCheckedLines(result: TypeCheckResult, relative: Relative): string[] {
  return result.notChecked.map((n) => `not type-checked: ${n.reason} (${fileList(n.files.map(relative))})`);
}

/** The verdict in one line; the time only where it is not committed (MIGRATION.md stays the same across equal runs). */
function headline(result: TypeCheckResult, timed: boolean): string | undefined {
  if (result.checked.length === 0) return undefined;
  const how = `${plural(result.checked.length, 'file')} compared with the original, ${result.compilers.join(', ')}${timed ? `, ${(result.ms / 1000).toFixed(1)} s` : ''}`;
  return result.errors.length ? `${plural(result.errors.length, 'new type error')} in the migrated code (${how})` : `the migrated code type-checks as the original did: no new type errors (${how})`;
}

const where = (e: NewTypeError, relative: Relative): string => `${relative(e.file)}:${e.line}`;
const CAUSE: Record<NewTypeError['cause'], string> = { 'edited-line': '', 'removed-name': 'removed by ', 'changed-file': 'file changed by ', 'changed-import': 'imports changed by ', 'raised-dependency': 'dependency raised by ' };
const blame = (e: NewTypeError): string => (e.transforms.length ? `${CAUSE[e.cause]}${e.transforms.join(', ')}` : 'no transform');

export function typeCheckSummaryLines(result: TypeCheckResult, relative: Relative, c: InstanceType<typeof Chalk>): string[] {
  const out: string[] = [];
  const head = headline(result, true);
  if (head) out.push(result.errors.length ? c.red(`✖ ${head}`) : `${c.green('✔')} ${head}`);
  out.push(...errorLines(result.errors, relative, c));
  for (const line of notCheckedLines(result, relative)) out.push(`${c.yellow('!')} ${line}`);
  return out;
}

function errorLines(errors: readonly NewTypeError[], relative: Relative, c: InstanceType<typeof Chalk>): string[] {
  return errors.flatMap((e) => [`  ${where(e, relative)} ${c.dim(`TS${e.code}`)} ${brief(e.message)} ${c.dim(`[${blame(e)}]`)}`, `    ${c.dim('→')} ${e.advice}`]);
}

const packageName = (dir: string, relative: Relative): string => relative(dir) || '.';

function heldBackHeadline(held: HeldBack, relative: Relative): string {
  const errors = plural(held.predicted.length, 'new type error');
  if (held.packages) {
    const names = fileList(held.packages.map((p) => packageName(p, relative)));
    return `the SDK v2 move (${held.transform}) is held back in ${plural(held.packages.length, 'package')} (${names}): with it ${held.packages.length === 1 ? 'its' : 'their'} code would have ${errors}, so ${held.packages.length === 1 ? 'it stays' : 'they stay'} on SDK 1.x; the other packages moved to SDK v2${modernOnlyNote(held)}`;
  }
  return `the SDK v2 move (${held.transform}) is held back: with it the migrated code would have ${errors}, so the code stays on SDK 1.x and the other transforms used --target ${held.target}${modernOnlyNote(held)}`;
}

/** What became of `--modern-only` where the move was held back: SDK 1.x has no 2026-07-28 path (sweep 35 AI6). */
function modernOnlyNote(held: HeldBack): string {
  if (!held.modernOnly) return '';
  return held.packages
    ? ' (--modern-only applies to the moved packages only: SDK 1.x has no 2026-07-28 path, so the held ones keep serving 2025-era clients only)'
    : ' (--modern-only does not apply: SDK 1.x has no 2026-07-28 path, so the code keeps serving 2025-era clients only until the move is made)';
}
const heldBackAdvice = 'fix what these errors point at (on SDK 1.x, or by hand while moving), then run apply again to move to SDK v2';

export function heldBackSummaryLines(held: HeldBack | undefined, relative: Relative, c: InstanceType<typeof Chalk>): string[] {
  if (!held) return [];
  return [c.red(`✖ ${heldBackHeadline(held, relative)}; ${heldBackAdvice}:`), ...errorLines(held.predicted, relative, c)];
}

export function heldBackMarkdownLines(held: HeldBack | undefined, relative: Relative): string[] {
  if (!held) return [];
  const out = ['## SDK v2 move held back', '', `${heldBackHeadline(held, relative).replace(/^t/, 'T')}. To move, ${heldBackAdvice}.`, ''];
  out.push('| where | error (with the SDK v2 move) | transform | what to do |', '|---|---|---|---|');
  for (const e of held.predicted) out.push(`| \`${where(e, relative)}\` | TS${e.code}: ${cell(brief(e.message))} | ${blame(e)} | ${cell(e.advice)} |`);
  return [...out, ''];
}

export function typeCheckMarkdownLines(result: TypeCheckResult, relative: Relative): string[] {
  if (result.checked.length === 0 && result.notChecked.length === 0) return [];
  const out = ['## Type check', ''];
  const head = headline(result, false);
  if (head) out.push(`${head.charAt(0).toUpperCase()}${head.slice(1)}.`, '');
  if (result.errors.length) {
    out.push('Each error below is new: the original code did not have it. Your build fails until they are fixed.', '');
    out.push('| where | error | transform | what to do |', '|---|---|---|---|');
    for (const e of result.errors) out.push(`| \`${where(e, relative)}\` | TS${e.code}: ${cell(brief(e.message))} | ${blame(e)} | ${cell(e.advice)} |`);
    out.push('');
  }
  for (const line of notCheckedLines(result, relative)) out.push(`- **${line.replace(/:.*/s, '')}**${line.slice(line.indexOf(':'))}`);
  if (result.notChecked.length) out.push('');
  return out;
}

const errorJson = (e: NewTypeError, relative: Relative): object => ({ file: relative(e.file), line: e.line, column: e.column, code: `TS${e.code}`, message: e.message, transforms: e.transforms, cause: e.cause, advice: e.advice });

/** The `typeErrors` array, the `typeCheck` status and, when the SDK move was held back, `heldBack`, that `apply --format json` adds. */
export function typeCheckJson(result: TypeCheckResult, relative: Relative, held?: HeldBack): { typeErrors: object[]; typeCheck: object; heldBack?: object } {
  return {
    typeErrors: result.errors.map((e) => errorJson(e, relative)),
    typeCheck: { checked: result.checked.map(relative), notChecked: result.notChecked.map((n) => ({ files: n.files.map(relative), reason: n.reason })), compilers: result.compilers, programs: result.programs, ms: result.ms },
    ...(held ? { heldBack: { transform: held.transform, target: held.target, predicted: held.predicted.map((e) => errorJson(e, relative)), ...(held.packages ? { packages: held.packages.map((p) => packageName(p, relative)) } : {}) } } : {}),
  };
}

/** A few names, then how many more: a run over a whole server should not print forty paths on one line. */
function fileList(files: readonly string[]): string {
  return files.length <= 4 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more files`;
}

/** Longest compiler message shown in the terminal and MIGRATION.md; the JSON report keeps each one whole. */
const MESSAGE_LIMIT = 400;

/**
 * A compiler message short enough to read: TypeScript elaborates a failed overload with every candidate and the
 * types it printed (5 KB in one table cell of gannonh/firebase-mcp's report), and the first lines say what is wrong.
 */
function brief(message: string): string {
  if (message.length <= MESSAGE_LIMIT) return message;
  const cut = message.lastIndexOf(' ', MESSAGE_LIMIT);
  return `${message.slice(0, cut > MESSAGE_LIMIT / 2 ? cut : MESSAGE_LIMIT)} … (${message.length} characters; the whole message is in \`--format json\`)`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
