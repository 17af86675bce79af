/**
 * Inline suppressions in the ESLint style, for a site a person has reviewed:
 *
 *   // mcp-migrate-disable-next-line <ruleId>[, <ruleId>] -- <reason>
 *   // mcp-migrate-disable-file <ruleId>[, <ruleId>] -- <reason>
 *
 * A rule id is required (there is no "disable everything": a blanket switch would hide the
 * findings a migration is about) and so is the reason, which the JSON and SARIF reports carry
 * to reviewers. The comment must stand on its own line (`//`, `/*` or a `*` line of a block
 * comment), so the text of a string literal is never read as one. Suppressed findings leave
 * the gate but stay in the record; a directive that silences nothing, or that cannot be used,
 * is reported (as ESLint's unused-disable-directives).
 */
import type { FileDiagnostic, Finding, Suppression } from './model.js';

const NEXT_LINE = 'mcp-migrate-disable-next-line';
const FILE = 'mcp-migrate-disable-file';

interface Directive {
  kind: Suppression['kind'];
  /** Rule ids this directive names and that exist. */
  ruleIds: string[];
  reason: string;
  /** 1-based line and column of the directive keyword. */
  line: number;
  column: number;
}

export interface ParsedDirectives {
  directives: Directive[];
  /** Directives that cannot be used, as `invalid-suppression` diagnostics (file left empty for the caller). */
  problems: Array<Omit<FileDiagnostic, 'file'>>;
}

const DIRECTIVE = /^([ \t]*(?:\/\/+|\/\*+|\*)[ \t]*)mcp-migrate-disable-(next-line|file)(?![\w-])(.*)$/;
/** ESLint's separator: two or more dashes set off by whitespace (or the start/end of the comment). */
const REASON_SEPARATOR = /(?:^|\s+)-{2,}(?:\s+|$)/;

export function parseDirectives(text: string, knownRuleIds: ReadonlySet<string>): ParsedDirectives {
  const result: ParsedDirectives = { directives: [], problems: [] };
  if (!text.includes('mcp-migrate-disable-')) return result; // the common case costs one search
  const lines = text.split(/\r?\n/);
  lines.forEach((lineText, index) => {
    const match = DIRECTIVE.exec(lineText);
    if (!match) return;
    const line = index + 1;
    const column = match[1]!.length + 1;
    const kind: Suppression['kind'] = match[2] === 'file' ? 'disable-file' : 'disable-next-line';
    const keyword = kind === 'disable-file' ? FILE : NEXT_LINE;
    const body = match[3]!.replace(/\*\/\s*$/, '').trim();
    const problem = (message: string): void => {
      result.problems.push({ kind: 'invalid-suppression', line, column, message });
    };

    const separator = REASON_SEPARATOR.exec(body);
    const idsText = separator ? body.slice(0, separator.index).trim() : body;
    const reason = separator ? body.slice(separator.index + separator[0].length).trim() : '';
    const ids = idsText.split(',').map((id) => id.trim()).filter((id) => id !== '');
    if (ids.length === 0) {
      problem(`${keyword} needs a rule id: // ${keyword} <ruleId>[, <ruleId>] -- <reason>`);
      return;
    }
    const malformed = ids.find((id) => /\s/.test(id));
    if (malformed !== undefined) {
      problem(`${keyword}: rule ids are separated by commas and followed by " -- <reason>"; got "${idsText}"`);
      return;
    }
    if (reason === '') {
      problem(`${keyword} ${ids.join(', ')} needs a reason: // ${keyword} ${ids.join(', ')} -- <why this site is fine>`);
      return;
    }
    const known = ids.filter((id) => knownRuleIds.has(id));
    for (const id of ids.filter((id) => !knownRuleIds.has(id))) {
      problem(`${keyword}: unknown rule "${id}" (\`mcp-migrate rules\` lists them)`);
    }
    if (known.length > 0) result.directives.push({ kind, ruleIds: known, reason, line, column });
  });
  return result;
}

export interface SuppressionResult {
  /** Findings no directive silences: the gate. */
  active: Finding[];
  /** Findings a directive silences, each with `suppressed` set. */
  suppressed: Finding[];
  /** `unused-suppression` and `invalid-suppression` diagnostics. */
  diagnostics: FileDiagnostic[];
}

/**
 * Matches findings against the directives of the files they are in. `texts` maps each
 * analysed file (report-relative path) to its text: directives in those files are read, and
 * reported when they silence nothing. Findings keep their order.
 */
export function applySuppressions(
  findings: readonly Finding[],
  texts: ReadonlyMap<string, string>,
  knownRuleIds: ReadonlySet<string>,
): SuppressionResult {
  const diagnostics: FileDiagnostic[] = [];
  const byFile = new Map<string, Directive[]>();
  for (const [file, text] of texts) {
    const parsed = parseDirectives(text, knownRuleIds);
    for (const problem of parsed.problems) diagnostics.push({ file, ...problem });
    if (parsed.directives.length > 0) byFile.set(file, parsed.directives);
  }

  const used = new Set<string>(); // `${file}\0${line}\0${ruleId}` of every directive entry that matched
  const active: Finding[] = [];
  const suppressed: Finding[] = [];
  for (const finding of findings) {
    const directive = byFile.get(finding.file)?.find((d) => d.ruleIds.includes(finding.ruleId) && (d.kind === 'disable-file' || d.line + 1 === finding.line));
    if (!directive) {
      active.push(finding);
      continue;
    }
    used.add(`${finding.file}\0${directive.line}\0${finding.ruleId}`);
    suppressed.push({ ...finding, suppressed: { kind: directive.kind, reason: directive.reason, line: directive.line } });
  }

  for (const [file, directives] of byFile) {
    for (const d of directives) {
      for (const ruleId of d.ruleIds) {
        if (used.has(`${file}\0${d.line}\0${ruleId}`)) continue;
        const where = d.kind === 'disable-file' ? 'in this file' : `on line ${d.line + 1}`;
        diagnostics.push({
          file,
          kind: 'unused-suppression',
          line: d.line,
          column: d.column,
          message: `mcp-migrate-${d.kind} ${ruleId} suppresses nothing: no ${ruleId} finding ${where}; remove the comment`,
        });
      }
    }
  }
  return { active, suppressed, diagnostics };
}
