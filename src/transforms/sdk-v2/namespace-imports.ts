/**
 * A namespace import of an SDK 1.x module whose names v2 moved to another package. The official codemod points
 * `import type * as sdkHttp from '@modelcontextprotocol/sdk/server/streamableHttp.js'` at `@modelcontextprotocol/server`
 * and renames the qualified uses (`sdkHttp.StreamableHTTPServerTransport` → `sdkHttp.NodeStreamableHTTPServerTransport`),
 * but that name lives in `@modelcontextprotocol/node`: the file stops type-checking, with the codemod's comment "Update
 * qualified accesses manually" (sweep 36 AJ7). When every name read through the namespace is exported by one other v2
 * entry point, the import is pointed there instead, and that comment has nothing left to ask. The codemod renames those
 * qualified uses only beside a named import of the same name; a namespace-only import keeps v1's names
 * (`sdkHttp.StreamableHTTPServerTransport`), so they are renamed here by the codemod's own table first (review 43 S43-11).
 */
import type { SourceFile } from 'ts-morph';
import { ts } from '../../typescript.js';
import { splitExportOf, v2RenameOf } from '../../analysis/sdk-modules.js';
import { V2_ENTRY_POINTS, V2_EXPORTS } from './v2-exports.js';

/** The v1 specifiers of the namespace imports pointed at another entry point (their codemod comments are answered). */
export function repointNamespaceImports(sf: SourceFile, v1SpecifierOf: (local: string) => string | undefined): string[] {
  const fixed: string[] = [];
  const renames: Array<{ start: number; from: string; to: string }> = [];
  const homes = new Map<string, string>();
  for (const decl of sf.getImportDeclarations()) {
    const namespace = decl.getNamespaceImport();
    const entry = decl.getModuleSpecifierValue();
    if (!namespace || !V2_EXPORTS[entry]) continue;
    const local = namespace.getText();
    const uses = qualifiedUses(sf.compilerNode, local);
    if (uses === undefined || uses.length === 0) continue;
    const v1 = v1SpecifierOf(local);
    const exports = (e: string, n: string): boolean => V2_EXPORTS[e]!.values.includes(n) || V2_EXPORTS[e]!.types.includes(n);
    // A v1 name v2 renamed (or split, `ErrorCode` → `ProtocolErrorCode`, or `SdkErrorCode` for the members that went there,
    // as the codemod maps them), still read under its v1 name (the codemod renamed it only beside a named import). A
    // module's own rename holds even where v2 exports the old name for something else (`types.js`'s `ResourceTemplate`).
    const renamedOf = (use: QualifiedUse): string | undefined => {
      if (!v1) return undefined;
      const rename = v2RenameOf(v1, use.name);
      if (rename?.scope === 'module') return rename.to;
      if (exports(entry, use.name)) return undefined;
      return rename?.to ?? splitExportOf(use.name, use.member);
    };
    const renamed = uses.map((use) => ({ use, to: renamedOf(use) }));
    // `e instanceof ns.McpError && e.code === ns.ErrorCode.RequestTimeout`: v2 raises that code on an SdkError, so the
    // guard names SdkError, as the codemod writes it for named imports (review 44 S44-3).
    for (const entry of renamed) {
      if (entry.to === 'ProtocolError' && guardPinnedToSdkCode(sf.compilerNode, entry.use.node, local, renamedOf)) entry.to = 'SdkError';
    }
    const names = new Set(renamed.map(({ use, to }) => to ?? use.name));
    const exportedBy = (e: string): boolean => [...names].every((n) => exports(e, n));
    const home = exportedBy(entry) ? entry : V2_ENTRY_POINTS.find((e) => e !== entry && V2_EXPORTS[e] && exportedBy(e));
    if (!home || (home === entry && renamed.every(({ to }) => !to))) continue;
    if (home !== entry) homes.set(local, home);
    for (const { use, to } of renamed) if (to) renames.push({ start: use.start, from: use.name, to });
    if (v1) fixed.push(v1);
  }
  // The offsets are the original text's: the renames first, from the end (each keeps the offsets before it), then the
  // specifiers, on declarations found again (a text edit forgets the wrappers).
  for (const { start, from, to } of renames.sort((a, b) => b.start - a.start)) sf.replaceText([start, start + from.length], to);
  for (const decl of sf.getImportDeclarations()) {
    const home = homes.get(decl.getNamespaceImport()?.getText() ?? '');
    if (home) decl.setModuleSpecifier(home);
  }
  return fixed;
}

interface QualifiedUse {
  name: string;
  start: number;
  /** The name node read (`McpError` of `ns.McpError`). */
  node: ts.Node;
  /** The member read from it (`ns.ErrorCode.RequestTimeout` → `RequestTimeout`). */
  member?: string;
}

/** Each name read through the namespace `local` (`ns.Name` in code or types) and where; undefined when it is used whole. */
function qualifiedUses(file: ts.SourceFile, local: string): QualifiedUse[] | undefined {
  const uses: QualifiedUse[] = [];
  let whole = false;
  const visit = (node: ts.Node): void => {
    if (whole) return;
    if (ts.isIdentifier(node) && node.text === local && !ts.isNamespaceImport(node.parent)) {
      const parent = node.parent;
      const right = ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent.name : ts.isQualifiedName(parent) && parent.left === node ? parent.right : undefined;
      const qualified = right?.parent;
      const outer = qualified?.parent;
      const member = outer && ((ts.isPropertyAccessExpression(outer) && outer.expression === qualified) || (ts.isQualifiedName(outer) && outer.left === qualified)) ? (ts.isPropertyAccessExpression(outer) ? outer.name.text : outer.right.text) : undefined;
      if (right) uses.push({ name: right.text, start: right.getStart(file), node: right, ...(member !== undefined ? { member } : {}) });
      else if (!(ts.isPropertyAccessExpression(parent) && parent.name === node) && !(ts.isQualifiedName(parent) && parent.right === node)) whole = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return whole ? undefined : uses;
}

/**
 * Whether the `instanceof` guard naming the class `name` (`McpError` of `e instanceof ns.McpError`) sits in an `&&` chain that
 * compares the same subject's `code` with a member routed to another split export (`e.code === ns.ErrorCode.RequestTimeout`).
 */
function guardPinnedToSdkCode(file: ts.SourceFile, name: ts.Node, local: string, renamedOf: (use: QualifiedUse) => string | undefined): boolean {
  let node: ts.Node | undefined = name;
  while (node && !(ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword)) node = node.parent;
  if (!node || !ts.isBinaryExpression(node)) return false;
  const subject = node.left.getText(file);
  let top: ts.Node = node;
  while (top.parent && (ts.isParenthesizedExpression(top.parent) || (ts.isBinaryExpression(top.parent) && top.parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken))) top = top.parent;
  let pinned = false;
  const visit = (n: ts.Node): void => {
    if (pinned) return;
    if (ts.isBinaryExpression(n) && (n.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken || n.operatorToken.kind === ts.SyntaxKind.EqualsEqualsToken)) {
      for (const [code, value] of [[n.left, n.right], [n.right, n.left]] as const) {
        if (!ts.isPropertyAccessExpression(code) || code.name.text !== 'code' || code.expression.getText(file) !== subject) continue;
        if (!ts.isPropertyAccessExpression(value) || !ts.isPropertyAccessExpression(value.expression) || !ts.isIdentifier(value.expression.expression) || value.expression.expression.text !== local) continue;
        const split = renamedOf({ name: value.expression.name.text, start: 0, node: value.expression.name, member: value.name.text });
        if (split && split !== renamedOf({ name: value.expression.name.text, start: 0, node: value.expression.name })) pinned = true;
      }
    }
    // Only `&&` and parentheses: a comparison under `||` or a nested function proves nothing about this guard's class.
    if (ts.isParenthesizedExpression(n) || (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)) ts.forEachChild(n, visit);
  };
  visit(top);
  return pinned;
}
