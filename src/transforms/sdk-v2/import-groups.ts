/**
 * The blank lines between a file's import groups (node built-ins, then the SDK, then the rest). The official codemod
 * replaces the v1 SDK imports by v2 ones written together where the first of them was, and a group break that
 * followed the SDK group is lost: `import { z } from 'zod'` ends up right under `@modelcontextprotocol/server`
 * (j0hanz/filesystem-context-mcp-server, every migrated file). Each break the file had before the first surviving
 * import of a group is put back; none is removed, and nothing outside the leading imports is touched. The other way
 * round, a break the codemod added right after the v2 import it wrote, between declarations the file had together
 * (twilio-labs/mcp, sweep 6 D15), is taken out (`dropAddedImportBreaks`).
 */

/** A declaration of the file's leading imports: its lines (0-based, inclusive) and its module specifier. */
interface ImportDeclaration {
  first: number;
  last: number;
  specifier: string;
  /** A blank line separates it from the declaration before it. */
  afterBlank: boolean;
}

const SPECIFIER = /\bfrom\s*(['"])([^'"\n]+)\1|^import\s*(['"])([^'"\n]+)\3|\brequire\(\s*(['"])([^'"\n]+)\5\s*\)/;
const ENDS_DECLARATION = /\bfrom\s*(['"])[^'"\n]+\1\s*;?\s*(?:\/\/.*)?$|^import\s*(['"])[^'"\n]+\2\s*;?\s*(?:\/\/.*)?$|\brequire\(\s*(['"])[^'"\n]+\3\s*\)\s*;?\s*(?:\/\/.*)?$/;

/** The file's first run of import declarations (comments between them skipped; the first other statement after them ends it). */
function leadingImports(lines: readonly string[]): ImportDeclaration[] {
  const out: ImportDeclaration[] = [];
  let blank = false;
  let open: { first: number; text: string; afterBlank: boolean } | undefined;
  for (const [i, raw] of lines.entries()) {
    const t = raw.trim();
    if (open) {
      open.text += ` ${t}`;
      if (ENDS_DECLARATION.test(t)) {
        const m = SPECIFIER.exec(open.text);
        if (m) out.push({ first: open.first, last: i, specifier: m[2] ?? m[4] ?? m[6]!, afterBlank: open.afterBlank });
        open = undefined;
      }
      continue;
    }
    if (t === '') {
      blank = true;
      continue;
    }
    if (t.startsWith('//') || t.startsWith('/*') || t.startsWith('*') || t.startsWith('#!')) continue;
    if (!/^import\b/.test(t)) {
      // Statements above the first import (`console.log = …` routed to stderr before anything loads) are not part of it.
      if (out.length === 0) {
        blank = false;
        continue;
      }
      break;
    }
    const afterBlank = blank && out.length > 0;
    blank = false;
    if (ENDS_DECLARATION.test(t)) {
      const m = SPECIFIER.exec(t);
      if (m) out.push({ first: i, last: i, specifier: m[2] ?? m[4] ?? m[6]!, afterBlank });
    } else open = { first: i, text: t, afterBlank };
  }
  return out;
}

/** `after` with the blank lines that separated `before`'s import groups put back where the codemod dropped them. */
export function keepImportGroupBreaks(before: string, after: string): string {
  const beforeLines = before.split('\n');
  const was = leadingImports(beforeLines);
  const lines = after.split('\n');
  const now = leadingImports(lines);
  if (was.length === 0 || now.length === 0) return after;
  const inserts = new Set<number>();
  // The blank line that set the imports apart from what is above them (a comment, statements run first).
  const blank = (line: string | undefined): boolean => line !== undefined && line.trim() === '';
  if (was[0]!.first > 0 && blank(beforeLines[was[0]!.first - 1]) && now[0]!.first > 0 && !blank(lines[now[0]!.first - 1])) inserts.add(now[0]!.first);
  for (let g = 1; g < was.length && now.length > 1; g++) {
    if (!was[g]!.afterBlank) continue;
    // The group that starts here, up to the next break.
    let end = g + 1;
    while (end < was.length && !was[end]!.afterBlank) end++;
    const group = new Set(was.slice(g, end).map((d) => d.specifier));
    const at = now.findIndex((d) => group.has(d.specifier));
    if (at <= 0 || now[at]!.afterBlank || group.has(now[at - 1]!.specifier)) continue;
    inserts.add(now[at]!.first);
  }
  if (inserts.size === 0) return after;
  const crlf = lines[0]!.endsWith('\r');
  for (const line of [...inserts].sort((a, b) => b - a)) lines.splice(line, 0, crlf ? '\r' : '');
  return lines.join('\n');
}

const SDK_SPECIFIER = /^@modelcontextprotocol\//;

/**
 * `after` without the blank lines the codemod put after an SDK import it wrote, where the declaration below had no
 * blank line above it in `before` and sat right under an SDK import there too: the file's own grouping, kept.
 */
export function dropAddedImportBreaks(before: string, after: string): string {
  const was = leadingImports(before.split('\n'));
  const lines = after.split('\n');
  const now = leadingImports(lines);
  const drops: Array<{ from: number; to: number }> = [];
  for (let i = 1; i < now.length; i++) {
    const declaration = now[i]!;
    if (!declaration.afterBlank || !SDK_SPECIFIER.test(now[i - 1]!.specifier) || SDK_SPECIFIER.test(declaration.specifier)) continue;
    const j = was.findIndex((d) => d.specifier === declaration.specifier);
    if (j <= 0 || was[j]!.afterBlank || !SDK_SPECIFIER.test(was[j - 1]!.specifier)) continue;
    // Only blank lines between the two (a comment there is the file's own).
    const between = lines.slice(now[i - 1]!.last + 1, declaration.first);
    if (between.every((l) => l.trim() === '')) drops.push({ from: now[i - 1]!.last + 1, to: declaration.first });
  }
  for (const { from, to } of drops.reverse()) lines.splice(from, to - from);
  return drops.length ? lines.join('\n') : after;
}

/**
 * `after` with the blank lines around a comment between two imports where `before` had them: the codemod removing the
 * import above `// Import server configuration constants` takes the blank line before the comment and leaves one after
 * it, cutting the comment off from the import it describes (harsha-iiiv/openapi-mcp-generator, sweep 9 G10). Only
 * where the same comment lines sit between the same import and its new neighbour above.
 */
export function keepCommentBreaks(before: string, after: string): string {
  const beforeLines = before.split('\n');
  const was = leadingImports(beforeLines);
  const lines = after.split('\n');
  const now = leadingImports(lines);
  const moves: Array<{ from: number; to: number; lines: string[] }> = [];
  for (let i = 1; i < now.length; i++) {
    const j = was.findIndex((d) => d.specifier === now[i]!.specifier);
    if (j <= 0) continue;
    const was_ = beforeLines.slice(was[j - 1]!.last + 1, was[j]!.first);
    const now_ = lines.slice(now[i - 1]!.last + 1, now[i]!.first);
    const comments = (ls: string[]): string => ls.map((l) => l.trim()).filter(Boolean).join('\n');
    if (comments(now_) === '' || comments(now_) !== comments(was_) || now_.join('\n') === was_.join('\n')) continue;
    moves.push({ from: now[i - 1]!.last + 1, to: now[i]!.first, lines: was_ });
  }
  for (const { from, to, lines: kept } of moves.reverse()) lines.splice(from, to - from, ...kept);
  return moves.length ? lines.join('\n') : after;
}
