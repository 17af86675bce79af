/**
 * Parsed files kept between analyses of one run.
 *
 * `apply` analyses the code again after every transform that changed it, and once more to judge
 * what is left; most files are the same text each time. A file whose text (and script kind) is
 * unchanged gets back the very `ts.SourceFile` the previous program used, as TypeScript's
 * language service does between edits: parsing and binding are per file and do not depend on the
 * other files (the binder skips a file that is already bound, and a checker keeps what it learns
 * about nodes and symbols in its own tables), so a new program over reused files analyses exactly
 * as one over fresh parses. Only the latest text of each file is kept.
 */
import { ts } from '../typescript.js';

export class ParsedFiles {
  private readonly byName = new Map<string, { kind: ts.ScriptKind; sourceFile: ts.SourceFile }>();

  /** The file parsed from `text`: the one parsed before when its text and script kind are the same. */
  get(fileName: string, text: string, kind: ts.ScriptKind): ts.SourceFile {
    const known = this.byName.get(fileName);
    if (known && known.kind === kind && known.sourceFile.text === text) return known.sourceFile;
    const sourceFile = parse(fileName, text, kind);
    this.byName.set(fileName, { kind, sourceFile });
    return sourceFile;
  }
}

/**
 * One file parsed as ts-morph's in-memory project did it (target ESNext, script kind by extension).
 * No `setParentNodes`: that is a second walk over every tree; the binder sets every parent pointer
 * (as in tsc) when `getTypeChecker()` binds all files, before anything reads them.
 */
export function parse(fileName: string, text: string, kind: ts.ScriptKind): ts.SourceFile {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.ESNext, false, kind);
}
