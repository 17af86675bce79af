/**
 * `// @mcp-migrate-todo(<ruleId>): <what to do>`: the comment `apply` leaves where it could not
 * finish (docs/design.md, "Markers"). Writing and reading them live here together, so the format
 * `apply` writes is exactly the one `scan` reports.
 */
import { ts } from './typescript.js';
import { RULE_ID } from './rule-ids.js';

export const MARKER_TAG = '@mcp-migrate-todo';

/** The rule a marker comment names. */
const MARKER_RULE = /@mcp-migrate-todo\(([^)\s]+)\)/;

const MARKER = /^[ \t]*(?:\/\/|\/\*+|\*)[ \t]*@mcp-migrate-todo\(([^)\s]+)\):?[ \t]*(.*?)[ \t]*(?:\*\/)?[ \t]*$/gm;

export interface ParsedMarker {
  ruleId: string;
  message: string;
  /** Offset of `@mcp-migrate-todo` in the text. */
  offset: number;
  /** The whole comment line as written. */
  lineText: string;
}

export function parseMarkers(text: string): ParsedMarker[] {
  if (!text.includes(`${MARKER_TAG}(`)) return [];
  const out: ParsedMarker[] = [];
  for (const match of text.matchAll(MARKER)) {
    out.push({ ruleId: match[1]!, message: match[2] ?? '', offset: match.index + match[0].indexOf(MARKER_TAG), lineText: match[0] });
  }
  return out;
}

/**
 * The rules that report a session-keyed store at its declaration, one per kind of store (application state, the HTTP
 * layer's record of its sessions or a transport registry, a server per session). Which one applies can change when
 * other code does: once `--modern-only` removes an HTTP+SSE endpoint, a store it keyed too is keyed by the
 * `Mcp-Session-Id` header alone, the HTTP layer's record. A marker of one of them on a statement stands for the
 * others' findings there, and a re-run adds none beside it: one store, one marker.
 */
const STORE_RULES: ReadonlySet<string> = new Set([RULE_ID.keyedStore, RULE_ID.transportRegistry, RULE_ID.perSessionServer]);

/** Whether a marker of `markerRule` marks the site of a finding (or a marker) of `ruleId`: the same rule, or two store rules. */
function marksSameSite(markerRule: string, ruleId: string): boolean {
  return markerRule === ruleId || (STORE_RULES.has(markerRule) && STORE_RULES.has(ruleId));
}

/**
 * Whether the statement `text` starts with declares several variables (`const a = {}, b = new Map()`): a comma at
 * bracket depth 0 before its first `;` or line end. A cheap reading of the text, used only to decide that two store
 * markers may not stand for each other there.
 */
function declaresSeveral(text: string): boolean {
  const line = /^[ \t]*(?:export[ \t]+)?(?:const|let|var)[ \t]([^\n;]*)/.exec(text)?.[1];
  if (!line) return false;
  let depth = 0;
  for (const ch of line) {
    if ('([{<'.includes(ch)) depth++;
    else if (')]}>'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) return true;
  }
  return false;
}

/** One line, so the marker stays one `//` comment whatever the message says. */
/** The marker's comment line (without indentation): what `parseMarkers` reads back. */
export function markerComment(ruleId: string, message: string): string {
  return `// ${MARKER_TAG}(${ruleId}): ${message.replace(/\s+/g, ' ').trim()}`;
}

export interface MarkerInsertion {
  /** Offset of the start of the line the marker goes above. */
  offset: number;
  text: string;
}

/**
 * The marker for the statement at `position`, placed on its own line above it with the same
 * indentation; undefined when the same marker is already there (re-runs never duplicate it).
 */
export function markerInsertion(text: string, position: number, ruleId: string, message: string): MarkerInsertion | undefined {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const comment = markerComment(ruleId, message);
  // Any marker of the same rule (or one marking the same site: marksSameSite) directly above counts: a reworded
  // message must not stack a second one.
  let above = lineStart - 1;
  while (above > 0) {
    const prevStart = text.lastIndexOf('\n', above - 1) + 1;
    const line = text.slice(prevStart, above).trim();
    if (!line.startsWith('//')) break;
    const marked = MARKER_RULE.exec(line)?.[1];
    if (marked && (marked === ruleId || (marksSameSite(marked, ruleId) && !declaresSeveral(text.slice(lineStart))))) return undefined;
    above = prevStart - 1;
  }
  return { offset: lineStart, text: `${indent}${comment}\n` };
}

/** The lines a marker stands for: its own line through the end of the statement it marks (1-based, inclusive). */
export interface MarkedSpan {
  ruleId: string;
  markerLine: number;
  endLine: number;
  /** The statement the marker sits on (absent when nothing follows it). */
  statement?: ts.Node;
}

/**
 * `apply` puts a marker on its own line directly above the statement it could not finish
 * (`markerInsertion`), so the statement a marker marks is the one whose first token follows the
 * marker's comment (other comments, such as a second marker, in between). A finding of the
 * marker's rule inside that statement is the site the marker stands for: `scan` reports the
 * marker in its place, so each site left to a person is reported once.
 */
export function markedSpans(sf: ts.SourceFile): MarkedSpan[] {
  const spans: MarkedSpan[] = [];
  for (const marker of parseMarkers(sf.text)) {
    const markerLine = sf.getLineAndCharacterOfPosition(marker.offset).line;
    const commentEnd = sf.text.indexOf('\n', marker.offset);
    const statement = commentEnd < 0 ? undefined : outermostNodeStartingAt(sf, firstTokenAfter(sf.text, commentEnd));
    const endLine = statement ? sf.getLineAndCharacterOfPosition(statement.getEnd()).line : markerLine;
    spans.push({ ruleId: marker.ruleId, markerLine: markerLine + 1, endLine: endLine + 1, ...(statement ? { statement } : {}) });
  }
  return spans;
}

/** The span of a marker of the finding's rule (or of the same site: marksSameSite) whose statement holds the finding (that marker is reported instead of it). */
export function markingSpan(finding: { ruleId: string; line: number }, spans: readonly MarkedSpan[]): MarkedSpan | undefined {
  const inside = (s: MarkedSpan): boolean => s.markerLine < finding.line && finding.line <= s.endLine;
  // Another store rule's marker stands for the finding only on a statement declaring one store (`const a = …, b = …` is two sites).
  const oneStore = (s: MarkedSpan): boolean => !s.statement || !ts.isVariableStatement(s.statement) || s.statement.declarationList.declarations.length === 1;
  return spans.find((s) => s.ruleId === finding.ruleId && inside(s)) ?? spans.find((s) => marksSameSite(s.ruleId, finding.ruleId) && oneStore(s) && inside(s));
}

function outermostNodeStartingAt(sf: ts.SourceFile, position: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found || position < node.pos || position >= node.end) return;
    if (node.getStart(sf) === position) found = node;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(sf, visit);
  return found;
}

/**
 * The position of the first token at or after `position`: whitespace and comments skipped. (Not with
 * `ts.getLeadingCommentRanges` from the comment's first character: it collects a comment only after a
 * line break, so the upper marker of a stack found no statement below it.)
 */
function firstTokenAfter(text: string, position: number): number {
  let at = position;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (text.startsWith('//', at)) {
      const lineEnd = text.indexOf('\n', at);
      at = lineEnd < 0 ? text.length : lineEnd;
    } else if (text.startsWith('/*', at)) {
      const close = text.indexOf('*/', at + 2);
      at = close < 0 ? text.length : close + 2;
    } else {
      return at;
    }
  }
}
