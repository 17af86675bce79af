/**
 * What the program's text holds, read in one syntactic pass over every file and kept: the strings its
 * declarations are initialised with, the names it imports and the object literals it declares, and whether
 * it spells a name at all. No symbol lookups: these answers let a question that needs lookups (a constant's
 * value, a class's instances) be skipped where the program cannot hold the answer.
 */
import { ts } from '../typescript.js';
import { forEachOfKind, propertyNameText, stringValue, unwrap } from './ast.js';

export class ProgramText {
  /** The strings of every declaration `constantString` reads (see `mayDeclareString`); built on first use. */
  private declaredConstants: string[] | undefined;
  /** `mayDeclareString`'s answers, by key. */
  private readonly stringAnswers = new Map<unknown, boolean>();
  /** `mentions`' answers, by the list of names. */
  private readonly mentionAnswers = new Map<Iterable<string>, boolean>();
  /** See `mayNameObjectWithMember`; built on first use. */
  private declaredNames: DeclaredNames | undefined;

  /** `files`: every file of the program (the analysed files and the context modules), where a declaration can be. */
  constructor(private readonly files: readonly ts.SourceFile[]) {}

  /**
   * Whether a declaration `constantString` reads (a variable, property assignment or property declaration
   * initialised with a string) holds a string passing `test`. Answers are cached by `key`: by default the test
   * itself (then pass one function kept for the purpose, a module constant), else what a test made at each
   * call tests for (a header's names).
   */
  mayDeclareString(test: (text: string) => boolean, key: unknown = test): boolean {
    return cached(this.stringAnswers, key, () => {
      this.declaredConstants ??= declaredConstantStrings(this.files);
      return this.declaredConstants.some(test);
    });
  }

  /**
   * Whether the identifier can name a variable initialised with an object literal that has the member `member`
   * (`const message = { method: '…' }`), by what the program declares, without a symbol lookup. An identifier
   * that is no import names a symbol declared under its own text; one that may be an import (its name is
   * imported somewhere in the program, or it is in a JavaScript file, where `require` bindings are imports too)
   * can name a declaration under another name, and is always looked up.
   */
  mayNameObjectWithMember(id: ts.Identifier, member: string): boolean {
    const declared = (this.declaredNames ??= declaredNames(this.files));
    if (declared.imported.has(id.text) || isJavaScriptFile(id.getSourceFile())) return true;
    return declared.objectsByMember.get(member)?.has(id.text) ?? false;
  }

  /**
   * Whether the text of some file of the program spells one of `names`, each character written as itself or as a
   * unicode escape (`\u0053`, `\u{53}`: an identifier may be spelled so). A value can be of an SDK class only where
   * the program names the class: an import, a `new`, a type, an `extends` clause. Answers are cached by the
   * list's identity (pass one list kept for the purpose).
   */
  mentions(names: Iterable<string>): boolean {
    return cached(this.mentionAnswers, names, () => {
      const spelled = new RegExp([...names].map(spellingPattern).join('|'), 'i');
      return this.files.some((file) => spelled.test(file.text));
    });
  }
}

/**
 * The strings `constantString` can read through a symbol: the initialisers of every variable, property assignment
 * and property declaration in `files` that `stringValue` reads as a string (its cooked text, escapes decoded).
 */
function declaredConstantStrings(files: readonly ts.SourceFile[]): string[] {
  const out = new Set<string>();
  for (const file of files) for (const text of perFile(constantsByFile, file, fileConstantStrings)) out.add(text);
  return [...out];
}

/**
 * Each file's own part of `declaredConstantStrings` and `declaredNames`: both are read from the syntax alone, and
 * apply's analyses (one per state of the code, and the judge's) share the trees of the files a transform left as
 * they were, so such a file is read once.
 */
const constantsByFile = new WeakMap<ts.SourceFile, ReadonlySet<string>>();
const namesByFile = new WeakMap<ts.SourceFile, DeclaredNames>();

function perFile<T>(cache: WeakMap<ts.SourceFile, T>, file: ts.SourceFile, read: (file: ts.SourceFile) => T): T {
  let own = cache.get(file);
  if (own === undefined) cache.set(file, (own = read(file)));
  return own;
}

function fileConstantStrings(file: ts.SourceFile): ReadonlySet<string> {
  const out = new Set<string>();
  forEachOfKind(file, [ts.SyntaxKind.VariableDeclaration, ts.SyntaxKind.PropertyAssignment, ts.SyntaxKind.PropertyDeclaration], (node) => {
    if (!(ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) || !node.initializer) return;
    const text = stringValue(node.initializer);
    if (text !== undefined) out.add(text);
  });
  return out;
}

interface DeclaredNames {
  /** Local names bound by an import (`import x`, `import { a as x }`, `import * as x`, `import x = …`). */
  imported: Set<string>;
  /** Member name → names of the variables initialised with an object literal having that member. */
  objectsByMember: Map<string, Set<string>>;
}

function declaredNames(files: readonly ts.SourceFile[]): DeclaredNames {
  const imported = new Set<string>();
  const objectsByMember = new Map<string, Set<string>>();
  for (const file of files) {
    const own = perFile(namesByFile, file, fileDeclaredNames);
    for (const name of own.imported) imported.add(name);
    for (const [member, names] of own.objectsByMember) {
      const all = objectsByMember.get(member);
      if (all) for (const name of names) all.add(name);
      else objectsByMember.set(member, new Set(names));
    }
  }
  return { imported, objectsByMember };
}

function fileDeclaredNames(file: ts.SourceFile): DeclaredNames {
  const imported = new Set<string>();
  const objectsByMember = new Map<string, Set<string>>();
  forEachOfKind(file, [ts.SyntaxKind.ImportClause, ts.SyntaxKind.ImportSpecifier, ts.SyntaxKind.NamespaceImport, ts.SyntaxKind.ImportEqualsDeclaration, ts.SyntaxKind.VariableDeclaration], (node) => {
    if (ts.isImportClause(node) || ts.isImportSpecifier(node) || ts.isNamespaceImport(node) || ts.isImportEqualsDeclaration(node)) {
      if (node.name) imported.add(node.name.text);
      return;
    }
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
    const init = unwrap(node.initializer);
    if (!ts.isObjectLiteralExpression(init)) return;
    for (const property of init.properties) {
      const name = property.name && propertyNameText(property.name);
      if (name === undefined) continue;
      const names = objectsByMember.get(name) ?? new Set<string>();
      names.add(node.name.text);
      objectsByMember.set(name, names);
    }
  });
  return { imported, objectsByMember };
}

function cached<K>(answers: Map<K, boolean>, key: K, compute: () => boolean): boolean {
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = compute();
    answers.set(key, answer);
  }
  return answer;
}

function isJavaScriptFile(file: ts.SourceFile): boolean {
  return /\.[cm]?jsx?$/i.test(file.fileName);
}

/**
 * A pattern matching `name` as an identifier or a string literal can spell it (an import or export may name its
 * binding by a string: `import { "\x53SEServerTransport" as T }`): every character as itself, as a unicode escape
 * (`\u0053`, `\u{53}`), a hex escape (`\x53`) or a legacy octal one (`\123`), with line continuations between.
 */
function spellingPattern(name: string): string {
  return [...name]
    .map((char) => {
      const code = char.codePointAt(0)!;
      const hex = code.toString(16);
      const itself = char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const byte = code < 0x100 ? `|\\\\x${hex.padStart(2, '0')}|\\\\0*${code.toString(8)}` : '';
      return `(?:${itself}|\\\\u(?:0*${hex}|\\{0*${hex}\\})${byte})`;
    })
    .join(String.raw`(?:\\(?:\r\n|[\n\r\u2028\u2029]))*`);
}
