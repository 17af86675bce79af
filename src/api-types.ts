/**
 * The types of the programmatic API (`import { scan, apply } from 'mcp-migrate'`): the JSON reports of
 * `scan -f json` and `apply --format json`, and the options. Kept apart from the implementation so the
 * package ships only these declarations (and model.d.ts they build on).
 */
import type { Category, FileDiagnostic, Finding, Severity, Summary, ToolInfo } from './model.js';

export type { Category, FileDiagnostic, Finding, Severity, Summary, ToolInfo };

/** Lowest severity that fails a run (exit 1). */
export type FailOn = Severity | 'none';

/** What `mcp-migrate scan -f json` prints (docs/design.md's report schema). */
export interface ScanReportJson {
  schemaVersion: 1;
  tool: ToolInfo;
  command: 'scan';
  root: string;
  summary: Summary;
  /** Every finding in the gate, and the suppressed ones (with `suppressed`). */
  findings: Finding[];
  /** Findings in test files, outside the gate (absent with `includeTests`). */
  testFindings?: Finding[];
  diagnostics: FileDiagnostic[];
}

/** What `mcp-migrate apply --format json` prints: the scan report of the migrated code, and what changed. */
export interface ApplyReportJson {
  schemaVersion: 1;
  tool: ToolInfo;
  command: 'apply';
  root: string;
  /** Nothing was written (`dryRun`, or a run that failed). */
  dryRun: boolean;
  summary: Summary;
  changes: Array<{ file: string; transforms: string[]; edits: number; created: boolean }>;
  /** Markers left in the code for a person. */
  manual: Array<{ file: string; line: number; ruleId: string; reason: string }>;
  /** Each keyed store found, and whether it was rewritten to handles or marked. */
  stores: Array<{ store: string; file: string; line: number; status: 'rewritten' | 'marked'; tools: string[]; inProcess: boolean; reason?: string; [detail: string]: unknown }>;
  notes: string[];
  failures: Array<{ file: string; transform: string; message: string }>;
  skippedChanged: string[];
  /** Type errors the migration would add to the project. */
  typeErrors: Array<{ file: string; line: number; column: number; code: string; message: string; transforms: string[]; [detail: string]: unknown }>;
  typeCheck: { checked: string[]; notChecked: Array<{ files: string[]; reason: string }>; [detail: string]: unknown };
  /** The SDK v2 move, held back (the code stayed on SDK 1.x) because of the type errors it would have added. */
  heldBack?: {
    transform: 'sdk-v2';
    /** What the held-back code stays on: SDK 1.x. */
    target: 'stateless-v1';
    predicted: ApplyReportJson['typeErrors'];
    /** Present when the move was held back in some packages only: their directories (relative; `.` for the root). The other packages moved. */
    packages?: string[];
  };
  findings: Finding[];
  suppressed?: Finding[];
  testFindings?: Finding[];
  diagnostics: FileDiagnostic[];
}

/** Which files, and the settings (the configuration file's, unless given here: as on the command line). */
export interface SelectionOptions {
  /** Files or directories, relative to `cwd` or absolute (default: `cwd`). */
  paths?: string[];
  /** Default: process.cwd(). */
  cwd?: string;
  /** A configuration file (`--config`); default: the nearest one, found as the CLI finds it. */
  config?: string;
  include?: string[];
  exclude?: string[];
  testFiles?: string[];
  includeTests?: boolean;
  /** Honour .gitignore (default true). */
  gitignore?: boolean;
  /** Skip files larger than this (KiB, default 1024). */
  maxFileSizeKiB?: number;
  /** A baseline file (`--baseline`): only findings not in it count. */
  baseline?: string;
}

export type ScanOptions = SelectionOptions;

export interface ApplyOptions extends SelectionOptions {
  /** Compute everything, write nothing (`--dry-run`). */
  dryRun?: boolean;
  /** Run on a tree with uncommitted changes (`--allow-dirty`). */
  allowDirty?: boolean;
  /** Only these transforms (`--transforms`). */
  transforms?: string[];
  /** `2026-07-28` (SDK v2, the default) or `stateless-v1`. */
  target?: '2026-07-28' | 'stateless-v1';
  /** Where handle state lives (default memory). */
  store?: 'memory' | 'redis';
  /** Idle lifetime of generated handles, in milliseconds (default 24 h). */
  handleTtlMs?: number;
  /** Serve 2026-07-28 clients only. */
  modernOnly?: boolean;
  /** Type-check the migrated code before writing (default true). */
  typecheck?: boolean;
  /** Hold back the SDK v2 move when the type check predicts it adds errors (default true; `--no-hold-back` makes the move anyway). */
  holdBack?: boolean;
}
