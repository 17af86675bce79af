/**
 * State a class keeps in a field, reached from tools through the class's methods (sweep 38 AL4, AL5: tsaarni/mcpuppet's
 * `ConnectionManager`, whose `getOrCreate(connectionId)` keeps a page per session in `this.connections`, and whose
 * `onDisconnect(connectionId)` releases it when the session closes).
 *
 * The analysis sees that state twice: as the calls the tools make (`connectionManager.getOrCreate(extra.sessionId)`, a
 * store with no declaration here, which the rewrite re-keys by a handle) and as the field those calls reach through the
 * method's parameter (`this.connections`, which no tool reaches directly). The two are one decision: once the calls are
 * keyed by a handle, so is the field, and every other method that uses the field with a session id (a release on
 * session close) would look up keys that no longer exist.
 */
import { ts } from '../../typescript.js';
import type { Analysis } from '../../analysis/model.js';
import type { StoreModel } from '../../analysis/reach.js';

/** A class-field store and the calls (another store's accesses) that reach it through the class's methods. */
export interface ClassStoreLink {
  /** The store of the tools' calls (`connectionManager`). */
  calls: StoreModel;
  /** The field (`this.connections`). */
  field: StoreModel;
  className: string;
  /** The methods the tools' calls run (`getOrCreate`). */
  called: ReadonlySet<ts.MethodDeclaration>;
  /** The field's session-keyed uses in other methods of the class (`onDisconnect`'s delete), by method name. */
  elsewhere: ReadonlyArray<{ method: string; node: ts.Node }>;
}

/** Each class-field store reached through the methods a store of calls runs. */
export function classStoreLinks(analysis: Analysis, models: readonly StoreModel[]): ClassStoreLink[] {
  const links: ClassStoreLink[] = [];
  for (const field of models) {
    const decl = field.store.declaration;
    if (!decl || !ts.isPropertyDeclaration(decl) || !ts.isClassLike(decl.parent)) continue;
    const owner = decl.parent;
    for (const calls of models) {
      if (calls === field || calls.store.declaration) continue;
      const called = new Set<ts.MethodDeclaration>();
      for (const access of calls.accesses) {
        const method = calledMethod(analysis, access.sink.node);
        if (method && method.parent === owner) called.add(method);
      }
      if (called.size === 0) continue;
      // The called methods use the field (the flow stops at the tools' calls, so they are not its session-keyed accesses).
      const fieldName = decl.name.getText();
      if (![...called].some((method) => usesThisMember(method, fieldName))) continue;
      const elsewhere: Array<{ method: string; node: ts.Node }> = [];
      for (const access of field.accesses) {
        const method = enclosingMethod(access.sink.node);
        if (!method || !called.has(method)) elsewhere.push({ method: method ? method.name.getText() : 'code outside its methods', node: access.sink.node });
      }
      links.push({ calls, field, className: owner.name?.text ?? 'the class', called, elsewhere });
      break;
    }
  }
  return links;
}

/** The class method a call runs (`manager.getOrCreate(id)` → `getOrCreate`). */
function calledMethod(analysis: Analysis, node: ts.Node): ts.MethodDeclaration | undefined {
  const fn = ts.isCallExpression(node) ? analysis.values.calls.functionOfCall(node) : undefined;
  return fn && ts.isMethodDeclaration(fn) ? fn : undefined;
}

/** Whether `this.<name>` is read or written in the method. */
function usesThisMember(method: ts.MethodDeclaration, name: string): boolean {
  const visit = (node: ts.Node): boolean =>
    (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword && node.name.text === name) || (ts.forEachChild(node, visit) ?? false);
  return !!method.body && visit(method.body);
}

function enclosingMethod(node: ts.Node): ts.MethodDeclaration | undefined {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (ts.isMethodDeclaration(current)) return current;
    if (ts.isClassLike(current)) return undefined;
  }
  return undefined;
}
