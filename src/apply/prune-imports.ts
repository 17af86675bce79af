/**
 * The last step of `apply`: imports that the run made unused are removed.
 *
 * A binding goes only when the original file used it and the migrated file no longer mentions it
 * anywhere (code, JSDoc or comments; not the comments and markers mcp-migrate writes): `CreateMessageResultSchema` after `sendRequest(…, Schema)`
 * became an MRTR result, `randomUUID` after the session id generator went. Imports the user had
 * left unused are theirs and stay. Works on text alone (no checker), so it costs one parse of each
 * changed file.
 */
import { ts } from '../typescript.js';
import { syntaxTreeOf } from '../analysis/parsed-files.js';
import { applyEdits, type TextEdit } from '../transforms/kit/edits.js';
import { importSites } from '../transforms/stateless-serving/imports.js';
import { isReference, removalRange } from '../transforms/stateless-serving/text.js';

/** One imported local name and the text range that removes it from its import. */
interface ImportedBinding {
  local: string;
  statement: ts.Statement;
  /** How many bindings the import statement has (default, namespace and named). */
  siblings: number;
  /** The range removing just this binding while its siblings stay (default or namespace binding). */
  range: { start: number; end: number };
  /** A named binding: its element and the comma list it is in (removed in runs, see `listRemovals`). */
  element?: ts.Node;
  list?: ts.NodeArray<ts.Node>;
}

/** `after` without the imports that were used in `before` and are mentioned nowhere in `after`. */
export function pruneImportsMadeUnused(file: string, before: string, after: string): string {
  const kind = scriptKind(file);
  const original = syntaxTreeOf(file, before, kind);
  const usedBefore = referencedNames(original);
  const migrated = syntaxTreeOf(file, after, kind);
  const bindings = importedBindings(migrated);
  if (bindings.length === 0) return after;
  const outside = textOutsideImports(migrated);
  const unused = bindings.filter((b) => usedBefore.has(b.local) && !new RegExp(`(?<![\\w$])${escape(b.local)}(?![\\w$])`).test(outside));
  if (unused.length === 0) return after;

  const edits: TextEdit[] = [];
  const byStatement = new Map<ts.Statement, ImportedBinding[]>();
  for (const binding of unused) byStatement.set(binding.statement, [...(byStatement.get(binding.statement) ?? []), binding]);
  for (const [statement, gone] of byStatement) {
    if (gone.length === gone[0]!.siblings) {
      edits.push({ file, ...removalRange(migrated, statement, false, false), text: '' });
      continue;
    }
    const lists = new Map<ts.NodeArray<ts.Node>, Set<ts.Node>>();
    for (const binding of gone) {
      if (binding.list && binding.list.length > 1) lists.set(binding.list, (lists.get(binding.list) ?? new Set()).add(binding.element!));
      else if (binding.range.end > binding.range.start) edits.push({ file, ...binding.range, text: '' });
      else return after; // a binding that cannot go alone (`import a, * as b`): leave the imports as they are
    }
    for (const [list, removed] of lists) {
      if (removed.size < list.length) {
        for (const range of listRemovals(migrated, list, removed)) edits.push({ file, ...range, text: '' });
        continue;
      }
      // Every named binding goes but the default import stays: `import a, { X, Y }` → `import a`.
      const whole = gone.find((b) => b.list === list)!.range;
      if (whole.end <= whole.start) return after;
      edits.push({ file, ...whole, text: '' });
    }
  }
  try {
    return applyEdits(after, edits);
  } catch {
    return after; // overlapping removals in an unusual import: leave the imports as they are
  }
}

function scriptKind(file: string): ts.ScriptKind {
  if (/\.[cm]?ts$/.test(file)) return ts.ScriptKind.TS;
  if (/\.tsx$/.test(file)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(file)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

function escape(name: string): string {
  return name.replace(/\$/g, '\\$');
}

/** Every name the file reads outside its imports, `require` ones included (re-exports count: `export { X }` uses X). */
function referencedNames(sf: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  // A `const { a, b } = require('m')` binds its names; reading them there is no use of them.
  const imports = new Set<ts.Node>(importSites(sf).map((site) => site.statement));
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || imports.has(node)) return;
    if (ts.isIdentifier(node) && (isReference(node) || (ts.isExportSpecifier(node.parent) && !node.parent.parent.parent.moduleSpecifier && (node.parent.propertyName ?? node.parent.name) === node))) {
      names.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

/** The file's text with its import statements blanked out (so a name mentioned only by its own import does not count). */
function textOutsideImports(sf: ts.SourceFile): string {
  // Built in one pass: splicing the whole text once per import is quadratic on a large file (a 14,000-line server
  // with its imports spread through it spent most of a second here).
  const parts: string[] = [];
  let at = 0;
  const statements = importSites(sf).map((site) => site.statement).sort((a, b) => a.pos - b.pos);
  for (const statement of statements) {
    // From the statement's first token: a comment above it (`/** Built on {@link A}. */`) still mentions A.
    const start = statement.getStart(sf);
    if (start < at) continue;
    parts.push(sf.text.slice(at, start), ' '.repeat(statement.end - start));
    at = statement.end;
  }
  parts.push(sf.text.slice(at));
  return withoutOwnComments(parts.join(''));
}

/**
 * The text without the comments mcp-migrate writes (`// … (mcp-migrate): no per-session cleanup of sessionStates.`, a
 * `@mcp-migrate-todo(…)` marker): they name what the run removed, and must not keep its import alive (sweep 34 AH10).
 * The user's own comments still count. Line comments only: that is the form both are written in.
 */
function withoutOwnComments(text: string): string {
  return text.replace(/\/\/[^\n]*(?:\(mcp-migrate\)|@mcp-migrate-todo\()[^\n]*/g, (comment) => ' '.repeat(comment.length));
}

/** Every binding of the file's imports (`importSites`), with what removing it alone takes. */
function importedBindings(sf: ts.SourceFile): ImportedBinding[] {
  const out: ImportedBinding[] = [];
  const none = { start: 0, end: 0 };
  for (const { statement } of importSites(sf)) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause!;
      const bindings = clause.namedBindings;
      const named = bindings && ts.isNamedImports(bindings) ? bindings.elements : undefined;
      const siblings = (clause.name ? 1 : 0) + (bindings && ts.isNamespaceImport(bindings) ? 1 : 0) + (named?.length ?? 0);
      if (clause.name) {
        // `import a, { X }` → `import { X }`
        const range = bindings ? { start: clause.name.getStart(sf), end: bindings.getStart(sf) } : none;
        out.push({ local: clause.name.text, statement, siblings, range });
      }
      if (bindings && ts.isNamespaceImport(bindings)) {
        out.push({ local: bindings.name.text, statement, siblings, range: clause.name ? { start: clause.name.end, end: bindings.end } : none });
      }
      for (const element of named ?? []) {
        // `import a, { X }` → `import a`; `{ X, Y }` → `{ Y }`
        const range = clause.name ? { start: clause.name.end, end: bindings!.end } : none;
        out.push({ local: element.name.text, statement, siblings, range, element, list: named! });
      }
      continue;
    }
    const decl = (statement as ts.VariableStatement).declarationList.declarations[0]!;
    if (ts.isIdentifier(decl.name)) {
      out.push({ local: decl.name.text, statement, siblings: 1, range: none });
      continue;
    }
    const elements = (decl.name as ts.ObjectBindingPattern).elements;
    for (const element of elements) {
      out.push({ local: (element.name as ts.Identifier).text, statement, siblings: elements.length, range: none, element, list: elements });
    }
  }
  return out;
}

/**
 * The ranges removing some elements of a comma list, keeping the others' layout: a run of removed
 * elements goes up to the next kept one (`{ A, B, C }` without A, B → `{ C }`), a run at the end from
 * the previous kept one's end (`{ A, B, C }` without B, C → `{ A }`).
 */
function listRemovals(sf: ts.SourceFile, list: ts.NodeArray<ts.Node>, removed: ReadonlySet<ts.Node>): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < list.length; ) {
    if (!removed.has(list[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < list.length && removed.has(list[j + 1]!)) j++;
    const next = list[j + 1];
    const previous = list[i - 1];
    // Up to the next kept element, but not over the comments above it (`// B is for the bridge`): only the
    // separator, the removed run's own comment on its line and the line break go.
    if (next) out.push({ start: list[i]!.getStart(sf), end: next.pos + /^[ \t]*(?:\/\/[^\n]*|\/\*.*?\*\/)?[ \t]*(?:\r?\n[ \t]*)?/.exec(sf.text.slice(next.pos, next.getStart(sf)))![0].length });
    else if (previous) out.push({ start: previous.end, end: list[j]!.end });
    i = j + 1;
  }
  return out;
}
