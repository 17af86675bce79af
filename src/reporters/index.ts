/**
 * Output formats. Each is a pure function of one ScanReport in its own file
 * (knip style); adding a format means one file and one line here.
 */
import type { ScanReport } from '../model.js';
import { renderGithub } from './github.js';
import { renderGitlab } from './gitlab.js';
import { renderJson } from './json.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';
import { renderText } from './text.js';
import { FORMATS } from './formats.js';
import type { FormatName, RenderOptions, Reporter } from './types.js';

export type { FormatName, RenderOptions } from './types.js';
export type { FailOn } from './verdict.js';
export { analysisFailures, unscannedSources, isBlocking, verdict } from './verdict.js';

const REPORTERS: Readonly<Record<FormatName, Reporter>> = {
  text: renderText,
  json: renderJson,
  markdown: renderMarkdown,
  sarif: renderSarif,
  github: renderGithub,
  gitlab: renderGitlab,
};

export { FORMATS } from './formats.js';

export function isFormatName(name: string): name is FormatName {
  return (FORMATS as readonly string[]).includes(name);
}

export function render(format: FormatName, report: ScanReport, options: RenderOptions): string {
  // The CLI passes user input through; fail with the list rather than "not a function".
  if (!isFormatName(format)) {
    throw new Error(`Unknown format "${String(format)}"; expected one of: ${FORMATS.join(', ')}`);
  }
  return REPORTERS[format](report, options);
}
