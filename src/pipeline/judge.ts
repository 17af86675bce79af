/**
 * What the rules report on a set of sources and how the gate judges it, the same for `scan` (the
 * code as it is) and `apply` (the code as migrated): on the same code they must agree on what blocks.
 */
import type { AnalysisInput } from '../analysis/analyze.js';
import { gateFindings, type GatedFindings, type GateSettings } from '../gate.js';
import { markerFindings, runEngine, type EngineResult } from '../rules/engine.js';
import type { Rule } from '../rules/rule.js';

export interface JudgeInput {
  sources: AnalysisInput;
  /** The rules to run. */
  rules: readonly Rule[];
  /** Every rule of this version (a suppression naming another is reported as invalid). */
  knownRuleIds: ReadonlySet<string>;
  /** Files with a marker left by `apply` that the analysis may not load (no SDK import): their markers are findings too. */
  markerTexts?: ReadonlyMap<string, string>;
  gate: GateSettings;
}

export interface Judgement {
  /** What the rules reported (markers included), before the gate. */
  engine: EngineResult;
  gate: GatedFindings;
}

export function judge({ sources, rules, knownRuleIds, markerTexts, gate }: JudgeInput): Judgement {
  const engine = runEngine({ ...sources, rules });
  // Markers in files the analysis never loaded (no SDK import): still findings, so CI stays red.
  for (const [file, text] of markerTexts ?? []) {
    if (!sources.files.has(file)) engine.findings.push(...markerFindings(file, text, rules, sources.relative));
  }
  const texts = new Map([...sources.files].map(([abs, text]) => [sources.relative(abs), text]));
  return { engine, gate: gateFindings(engine.findings, texts, knownRuleIds, gate) };
}
