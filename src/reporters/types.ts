/** Shapes shared by the reporters; `index.ts` re-exports them for callers. */
import type { RuleMeta, ScanReport } from '../model.js';
import type { FailOn } from './verdict.js';

export type FormatName = 'text' | 'json' | 'markdown' | 'sarif' | 'github' | 'gitlab';

export interface RenderOptions {
  /** The rule catalogue: SARIF rule metadata and per-rule links come from here. */
  rules: readonly RuleMeta[];
  /** ANSI colours in `text`; every other format ignores it. */
  color: boolean;
  /** The `--fail-on` threshold: decides the verdict line (and, in the CLI, exit code 1). */
  failOn: FailOn;
  /**
   * Base for rule doc links, e.g. `https://github.com/OWNER/mcp-migrate/blob/main/`.
   * When set, links are absolute; without it they are repository-relative
   * (`docs/rules/<ruleId>.md`), which only resolves inside this repository.
   */
  docsBaseUrl?: string;
  /** Terminal width: `text` wraps long messages to it. Undefined: no wrapping (files, pipes). */
  width?: number;
  /**
   * Where the complete report is when this one is cut to a size limit (GitHub's annotation
   * limits, `markdownMaxBytes`): the other outputs of the same run, e.g. `mcp-migrate.sarif` or
   * `the job summary`. Reporters name them in their truncation note.
   */
  fullReportAt?: readonly string[];
  /**
   * Cap for `markdown`, in UTF-8 bytes (so also in characters): 65536 fits a pull-request
   * comment, 1 MiB a GitHub job summary. Undefined: no cap (MIGRATION.md in a file).
   */
  markdownMaxBytes?: number;
}

/** A reporter is a pure function of one report. */
export type Reporter = (report: ScanReport, options: RenderOptions) => string;
