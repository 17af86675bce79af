/**
 * The last check on a transform's output: it must still parse, or the file is left as it was.
 * TypeScript's parser does it: the analysis has loaded it already, and it reads every syntax the
 * scanned files may use (TypeScript, JSX, `<T>value` casts in `.ts`), so no second parser is
 * loaded at run time for this.
 */
import path from 'node:path';
import { ts } from '../typescript.js';
import { syntaxTreeOf } from '../analysis/parsed-files.js';

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.jsx': ts.ScriptKind.JSX,
};

/**
 * Throws `message (line:column)` for the first syntax error of `text` read as `file`'s language (the
 * caller's failure names the file).
 */
export function assertParses(file: string, text: string): void {
  const kind = SCRIPT_KINDS[path.extname(file).toLowerCase()] ?? ts.ScriptKind.JS;
  const source = syntaxTreeOf(file, text, kind);
  // parseDiagnostics is what Program#getSyntacticDiagnostics returns for the file; reading it off the
  // source file spares building a program for one file.
  const [first] = (source as unknown as { parseDiagnostics: readonly ts.DiagnosticWithLocation[] }).parseDiagnostics;
  if (!first) return;
  const { line, character } = source.getLineAndCharacterOfPosition(first.start);
  throw new SyntaxError(`${ts.flattenDiagnosticMessageText(first.messageText, ' ')} (${line + 1}:${character + 1})`);
}

/** `candidate` when it parses (or `fallback` does not either), else `fallback`. */
export function parsingOr(file: string, fallback: string, candidate: string): string {
  if (candidate === fallback || parses(file, candidate) || !parses(file, fallback)) return candidate;
  return fallback;
}

function parses(file: string, text: string): boolean {
  try {
    assertParses(file, text);
    return true;
  } catch {
    return false;
  }
}
