/**
 * `// @mcp-migrate-todo(<ruleId>): <what to do>`: the comment `apply` leaves where it could not
 * finish (design.md, "Markers"). Writing and reading them live here together, so the format
 * `apply` writes is exactly the one `scan` reports.
 */
export const MARKER_TAG = '@mcp-migrate-todo';

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

/** One line, so the marker stays one `//` comment whatever the message says. */
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
  // Any marker of the same rule directly above counts: a reworded message must not stack a second one.
  let above = lineStart - 1;
  while (above > 0) {
    const prevStart = text.lastIndexOf('\n', above - 1) + 1;
    const line = text.slice(prevStart, above).trim();
    if (!line.startsWith('//')) break;
    if (line.includes(`${MARKER_TAG}(${ruleId})`)) return undefined;
    above = prevStart - 1;
  }
  return { offset: lineStart, text: `${indent}${comment}\n` };
}
