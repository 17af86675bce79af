/**
 * From raw findings (what the rules reported) to the report's findings: rule metadata, the
 * configured severity, the doc page, a snippet and a fingerprint that survives line shifts.
 */
import { fingerprint } from './baseline.js';
import type { RuleSetting } from './config.js';
import { fixKind } from './fix-status.js';
import { compareFindings, ruleDocPath, type Finding, type Severity } from './model.js';
import type { RawFinding } from './rules/engine.js';

/** Rule metadata, configured severity, doc path and a baseline fingerprint for each raw finding, in report order. */
export function toFindings(raws: readonly RawFinding[], settings: Readonly<Record<string, RuleSetting>>): Finding[] {
  const findings = raws.map((raw) => {
    const { meta } = raw.rule;
    const configured = settings[meta.id];
    const severity: Severity = raw.severity ?? (configured !== undefined && configured !== 'off' ? configured : meta.severity);
    const finding: Finding = {
      ruleId: meta.id,
      category: meta.category,
      severity,
      file: raw.file,
      line: raw.line,
      column: raw.column,
      endLine: raw.endLine,
      endColumn: raw.endColumn,
      message: raw.message,
      fix: raw.fix ?? fixKind(meta),
      docs: ruleDocPath(meta.id),
      fingerprint: '',
    };
    if (raw.chain) finding.chain = raw.chain;
    if (raw.replaces) finding.replaces = raw.replaces;
    const snippet = excerpt(raw.lineText);
    if (snippet) finding.snippet = snippet;
    return { finding, lineText: raw.lineText };
  });
  findings.sort((a, b) => compareFindings(a.finding, b.finding));
  // The nth identical (rule, file, line text) gets occurrence n: fingerprints survive line shifts.
  const occurrences = new Map<string, number>();
  for (const { finding, lineText } of findings) {
    const key = `${finding.ruleId}\0${finding.file}\0${lineText.replace(/\s+/g, ' ').trim()}`;
    const occurrence = occurrences.get(key) ?? 0;
    occurrences.set(key, occurrence + 1);
    finding.fingerprint = fingerprint(finding.ruleId, finding.file, lineText, occurrence);
  }
  return findings.map(({ finding }) => finding);
}

const MAX_SNIPPET = 120;

/** The flagged line for a report excerpt: trimmed, whitespace runs collapsed, shortened with `…`. */
function excerpt(lineText: string): string {
  const text = lineText.replace(/\s+/g, ' ').trim();
  return text.length > MAX_SNIPPET ? `${text.slice(0, MAX_SNIPPET - 1)}…` : text;
}
