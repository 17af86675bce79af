/**
 * Several outputs from one run: `--output <format>:<file>` (repeatable) parsed into targets, and
 * the GitHub job summary. A CI job scans once and gets SARIF for code scanning, annotations and a
 * summary, instead of scanning once per format.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FORMATS, isFormatName, type FormatName } from '../reporters/index.js';
import { isStdout } from '../write-file.js';

export interface OutputTarget {
  format: FormatName;
  /** As the user wrote it: `-` (or /dev/stdout) is standard output. */
  file: string;
  /** False for a bare `--output <file>`, which takes `--format` and keeps the text report on the terminal (as before several outputs). */
  prefixed: boolean;
}

export class OutputSpecError extends Error {}

/**
 * `sarif:report.sarif` → sarif to report.sarif; `report.json` → `defaultFormat` to report.json.
 * Only a known format name before the first `:` is a prefix, so `C:\r.json` or `./a:b.json` stay
 * file names. A known format the command cannot write is an error, not a file name.
 */
function parseOutputSpec(spec: string, defaultFormat: FormatName, allowed: readonly FormatName[] = FORMATS): OutputTarget {
  const colon = spec.indexOf(':');
  const prefix = colon > 0 ? spec.slice(0, colon) : '';
  // A word of two or more letters before the colon, no path in it, is a format name mistyped (`sarf:out.sarif`, review
  // 40 R40-17), not a file name: a drive letter is one letter, a path has a separator.
  if (!isFormatName(prefix) && /^[a-z]{2,}$/i.test(prefix)) throw new OutputSpecError(`--output ${spec}: unknown format "${prefix}" (this command writes ${allowed.join(', ')}); for a file whose name has a colon, write it as ./${spec}`);
  if (!isFormatName(prefix)) return { format: defaultFormat, file: spec, prefixed: false };
  if (!allowed.includes(prefix)) throw new OutputSpecError(`--output ${spec}: this command writes ${allowed.join(', ')}, not ${prefix}`);
  const file = spec.slice(colon + 1);
  if (file === '') throw new OutputSpecError(`--output ${spec}: no file after "${prefix}:" (use "${prefix}:-" for standard output)`);
  return { format: prefix, file, prefixed: true };
}

export function parseOutputSpecs(specs: readonly string[] | undefined, defaultFormat: FormatName, allowed?: readonly FormatName[]): OutputTarget[] {
  const targets = (specs ?? []).map((spec) => parseOutputSpec(spec, defaultFormat, allowed));
  if (targets.filter((t) => isStdout(t.file)).length > 1) throw new OutputSpecError('only one --output can go to standard output');
  return targets;
}

/** The complete reports a run wrote to files, named as the user gave them: where a cut-down output can send its reader. */
export function completeReportFiles(targets: readonly OutputTarget[], markdownCapped: boolean): string[] {
  return targets.filter((t) => !isStdout(t.file) && t.format !== 'github' && !(t.format === 'markdown' && markdownCapped)).map((t) => t.file);
}

/**
 * Appends to the step's job summary file (GitHub gives each step an empty one and shows what it
 * holds, up to 1 MiB). Returns the bytes still free there, so the caller can cap what it writes.
 */
export function jobSummaryRoom(file: string, limitBytes: number): number {
  try {
    return limitBytes - fs.statSync(file).size;
  } catch {
    return limitBytes;
  }
}

export function appendJobSummary(cwd: string, file: string, markdown: string): void {
  fs.appendFileSync(path.resolve(cwd, file), markdown);
}
