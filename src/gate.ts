/**
 * What stands between the findings and the exit code, the same for `scan` and `apply` (one
 * pipeline: on the same code they must agree on what blocks): the configured severity of each
 * rule (`off` drops it), inline suppressions, the test-file group and a baseline.
 */
import type { RawFinding } from './rules/engine.js';
import { applyBaseline, type BaselineFile } from './baseline.js';
import { DEFAULT_TEST_FILE_GLOBS, type RuleSetting } from './config.js';
import { compileGlobs } from './discovery/glob.js';
import type { FileDiagnostic, Finding } from './model.js';
import { toFindings } from './findings.js';
import { applySuppressions } from './suppressions.js';

export interface GateSettings {
  /** Per-rule severity from the configuration; findings of `off` rules are dropped. */
  ruleSettings?: Readonly<Record<string, RuleSetting>>;
  /** Globs of test files (default DEFAULT_TEST_FILE_GLOBS). */
  testFiles?: readonly string[];
  /** Keep findings in test files in the gate (default: their own group, outside it). */
  includeTests?: boolean;
  /** Only findings not in this baseline stay in the gate. */
  baseline?: BaselineFile;
}

export interface GatedFindings {
  /** What the exit code is judged on. */
  gated: Finding[];
  suppressed: Finding[];
  testFindings: Finding[];
  /** How many the baseline excused. */
  baselined: number;
  /** Suppression problems (unused or invalid directives). */
  diagnostics: FileDiagnostic[];
}

/**
 * `texts` maps each analysed file (report-relative path) to its text, where the suppression
 * comments are read; `knownRuleIds` are every rule of this version (a directive naming another
 * is reported as invalid).
 */
export function gateFindings(raws: readonly RawFinding[], texts: ReadonlyMap<string, string>, knownRuleIds: ReadonlySet<string>, settings: GateSettings): GatedFindings {
  const ruleSettings = settings.ruleSettings ?? {};
  const running = raws.filter((raw) => ruleSettings[raw.rule.meta.id] !== 'off');
  const { active, suppressed, diagnostics } = applySuppressions(toFindings(running, ruleSettings), texts, knownRuleIds);
  const { gated, testFindings } = separateTestFindings(active, settings);
  if (!settings.baseline) return { gated, suppressed, testFindings, baselined: 0, diagnostics };
  const { fresh, baselined } = applyBaseline(gated, settings.baseline);
  return { gated: fresh, suppressed, testFindings, baselined, diagnostics };
}

/**
 * Findings in test files are marked; unless `includeTests`, they leave the gate for a group of
 * their own (a test that fakes a session id is not a server that relies on one).
 */
function separateTestFindings(findings: readonly Finding[], settings: GateSettings): { gated: Finding[]; testFindings: Finding[] } {
  const isTestFile = compileGlobs(settings.testFiles ?? DEFAULT_TEST_FILE_GLOBS);
  const gated: Finding[] = [];
  const testFindings: Finding[] = [];
  for (const finding of findings) {
    if (!isTestFile(finding.file)) {
      gated.push(finding);
      continue;
    }
    const marked: Finding = { ...finding, testFile: true };
    (settings.includeTests ? gated : testFindings).push(marked);
  }
  return { gated, testFindings };
}
