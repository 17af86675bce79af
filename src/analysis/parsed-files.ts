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
  /**
   * The program the last analysis built over these files, handed to the next `ts.createProgram` as
   * its `oldProgram` (as a language service does between edits). TypeScript reuses it only where that
   * cannot change the result: the same root files and options, and then the module resolutions of the
   * files whose SourceFile is the very same object (an unchanged text); any other file is resolved
   * anew, and a changed set of files (a new file, a file gone) reuses nothing. The checker is always new.
   */
  program: ts.Program | undefined;

  /** The file parsed from `text`: the one parsed before when its text and script kind are the same. */
  get(fileName: string, text: string, kind: ts.ScriptKind): ts.SourceFile {
    const known = this.byName.get(fileName);
    if (known && known.kind === kind && known.sourceFile.text === text) return known.sourceFile;
    const sourceFile = syntaxTreeOf(fileName, text, kind);
    this.byName.set(fileName, { kind, sourceFile });
    return sourceFile;
  }
}

/**
 * How many texts of one file the shared trees keep: the original and the outputs of the last few transforms.
 * Five keeps a file's original tree until the import pruning reads it after the transforms (src/everything:
 * four files were changed by four transforms, and with four trees their originals were parsed again).
 */
const TEXTS_PER_FILE = 5;
/** Roughly 10 bytes of tree per character: about 80 MB of trees at most, whatever the process parses. */
const MAX_CHARS = 8_000_000;
/** File (and script kind) → its latest trees, newest first; the least recently read file is dropped first. */
const sharedTrees = new Map<string, ts.SourceFile[]>();
let sharedChars = 0;
/** Text → a shared tree of it (the newest), for readers that have a file's text but not its name. */
const treesByText = new Map<string, ts.SourceFile>();

/**
 * A tree already parsed from exactly `text` (by `syntaxTreeOf`, under any file name or script kind), if one is
 * kept: what a reader of a text's literals or lines can use instead of parsing it again.
 */
export function knownTreeOf(text: string): ts.SourceFile | undefined {
  return treesByText.get(text);
}

function forget(dropped: ts.SourceFile): void {
  sharedChars -= dropped.text.length;
  if (treesByText.get(dropped.text) === dropped) treesByText.delete(dropped.text);
}

/**
 * The syntax tree of `text`, shared by everything in this process that parses that text to read it.
 *
 * One `apply` parses the same text many times over: the transform's output for its parse check and
 * then for the next analysis, the SDK v2 move's checks of each candidate, the import pruning and the
 * quote style of the original and the final text. Each now gets one tree. Trees come with parent
 * pointers set (what every reader needs; the binder sets the same ones) and must be treated as read-only
 * (the binder's own additions are what TypeScript's language service also shares between programs).
 */
export function syntaxTreeOf(fileName: string, text: string, kind: ts.ScriptKind = scriptKindByExtension(fileName)): ts.SourceFile {
  const key = `${kind}\0${fileName}`;
  const trees = sharedTrees.get(key) ?? [];
  const known = trees.find((sf) => sf.text === text);
  sharedTrees.delete(key);
  sharedTrees.set(key, trees);
  if (known) return known;
  // JSDoc as `parse` reads it (fully in JavaScript, where it types declarations; not in TypeScript, where nothing
  // here reads it): apply's analyses then see the trees a scan sees, parsed a little faster.
  const sourceFile = ts.createSourceFile(fileName, text, { languageVersion: ts.ScriptTarget.ESNext, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeErrors }, true, kind);
  trees.unshift(sourceFile);
  sharedChars += text.length;
  treesByText.set(text, sourceFile);
  for (const dropped of trees.splice(TEXTS_PER_FILE)) forget(dropped);
  for (const [oldest, old] of sharedTrees) {
    if (sharedChars <= MAX_CHARS || oldest === key) break;
    for (const dropped of old) forget(dropped);
    sharedTrees.delete(oldest);
  }
  return sourceFile;
}

/** The script kind TypeScript gives a file name when none is passed (`ts.createSourceFile` without one). */
function scriptKindByExtension(fileName: string): ts.ScriptKind {
  switch (fileName.slice(fileName.lastIndexOf('.')).toLowerCase()) {
    case '.js':
    case '.cjs':
    case '.mjs':
      return ts.ScriptKind.JS;
    case '.jsx':
      return ts.ScriptKind.JSX;
    case '.tsx':
      return ts.ScriptKind.TSX;
    case '.json':
      return ts.ScriptKind.JSON;
    default:
      return ts.ScriptKind.TS;
  }
}

/**
 * One file parsed as ts-morph's in-memory project did it (target ESNext, script kind by extension).
 * No `setParentNodes`: that is a second walk over every tree; the binder sets every parent pointer
 * (as in tsc) when `getTypeChecker()` binds all files, before anything reads them.
 * JSDoc is parsed as `tsc` parses it (`ParseForTypeErrors`): fully in JavaScript files, where a `@type`
 * or `@param` is the declaration's type (`declaredType`), and not in TypeScript files, where neither the
 * binder nor the checker reads it and the analysis never asks for it (scan's parse time on
 * mongodb-mcp-server: about a tenth less).
 */
export function parse(fileName: string, text: string, kind: ts.ScriptKind): ts.SourceFile {
  return ts.createSourceFile(fileName, text, { languageVersion: ts.ScriptTarget.ESNext, jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeErrors }, false, kind);
}
