/**
 * Baselines: accept today's findings, fail only on new ones.
 *
 * A finding is identified by its fingerprint (rule, file, normalised text of the flagged
 * line, and which occurrence of that text it is), not by its line number, so inserting
 * or deleting code above a baselined finding does not resurrect it. Entries are matched
 * as a multiset: two identical findings in the baseline excuse two, not three.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Finding, ScanReport } from './model.js';
import { SCHEMA_VERSION, summarize } from './model.js';
import { parseJson } from './json-text.js';

export interface BaselineFile {
  schemaVersion: typeof SCHEMA_VERSION;
  tool: 'mcp-migrate';
  findings: Array<{ ruleId: string; file: string; fingerprint: string; line: number; message: string }>;
}

export function fingerprint(ruleId: string, file: string, lineText: string, occurrence: number): string {
  const normalised = lineText.replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(`${ruleId}\0${file}\0${normalised}\0${occurrence}`).digest('hex').slice(0, 20);
}

export function toBaseline(findings: readonly Finding[]): BaselineFile {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: 'mcp-migrate',
    findings: findings.map(({ ruleId, file, fingerprint: fp, line, message }) => ({ ruleId, file, fingerprint: fp, line, message })),
  };
}

export class BaselineError extends Error {}

export function readBaseline(filePath: string): BaselineFile {
  let parsed: unknown;
  try {
    parsed = parseJson(fs.readFileSync(filePath, 'utf8'));
  } catch (error) {
    throw new BaselineError(`Cannot read baseline ${filePath}: ${(error as Error).message}`);
  }
  const file = parsed as Partial<BaselineFile>;
  if (file?.tool !== 'mcp-migrate' || !Array.isArray(file.findings)) {
    throw new BaselineError(`${filePath} is not an mcp-migrate baseline (expected { tool: "mcp-migrate", findings: [...] }).`);
  }
  if (file.schemaVersion !== SCHEMA_VERSION) {
    throw new BaselineError(`${filePath} has baseline schemaVersion ${String(file.schemaVersion)}; this mcp-migrate reads ${SCHEMA_VERSION}.`);
  }
  return file as BaselineFile;
}

/** Splits findings into those not excused by the baseline and the count that were. */
export function applyBaseline(findings: readonly Finding[], baseline: BaselineFile): { fresh: Finding[]; baselined: number } {
  const budget = new Map<string, number>();
  for (const entry of baseline.findings) {
    const key = `${entry.ruleId}\0${entry.file}\0${entry.fingerprint}`;
    budget.set(key, (budget.get(key) ?? 0) + 1);
  }
  const fresh: Finding[] = [];
  let baselined = 0;
  for (const finding of findings) {
    const key = `${finding.ruleId}\0${finding.file}\0${finding.fingerprint}`;
    const left = budget.get(key) ?? 0;
    if (left > 0) {
      budget.set(key, left - 1);
      baselined++;
    } else fresh.push(finding);
  }
  return { fresh, baselined };
}

/** Only findings not in the baseline; `summary.baselined` says how many were excused. */
export function withBaseline(report: ScanReport, baseline: BaselineFile): ScanReport {
  const { fresh, baselined } = applyBaseline(report.findings, baseline);
  // Counts of what is outside the gate for other reasons (suppressed, test files) are kept.
  const summary = { ...report.summary, ...summarize(fresh, report.summary.filesScanned, report.summary.filesAnalyzed), baselined };
  return { ...report, summary, findings: fresh };
}
