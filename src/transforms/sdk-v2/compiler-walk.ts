/**
 * The passes around the official codemod look for a few nodes of one kind (the calls of a registration
 * method, the accesses named `registerToolTask`). ts-morph's `getDescendantsOfKind` finds them by
 * wrapping every node of that kind in a ts-morph node on the way, through a generator, and every wrapped
 * node is then carried over by each later edit of the file (the codemod's edits, each a parse of the
 * whole file). Here the compiler's own walk finds them, and only the nodes a cheap test on the compiler
 * node lets through are wrapped; the caller runs its unchanged ts-morph test on those.
 */
import type { Node as TsMorphNode } from 'ts-morph';
import { ts } from '../../typescript.js';

/** How ts-morph wraps a compiler node of a file in its own node (not in its typings; getDescendantsOfKind uses it). */
interface TsMorphInternals {
  _getNodeFromCompilerNode(node: ts.Node): TsMorphNode;
}

/**
 * `node.getDescendantsOfKind(kind).filter((n) => maybe(n.compilerNode))`, the same nodes in the same
 * (document) order, for a node kind (not a token, not a JSDoc node): for those kinds ts-morph's walk is
 * the compiler's `forEachChild` (comment nodes it merges in are leaves of other kinds). `maybe` must be
 * true of every node the caller keeps: it only spares wrapping the others.
 */
export function descendantsOfKind<T extends TsMorphNode>(node: TsMorphNode, kind: ts.SyntaxKind, maybe: (node: ts.Node) => boolean): T[] {
  const wrap = (node as unknown as Partial<TsMorphInternals>)._getNodeFromCompilerNode;
  if (!wrap || kind < ts.SyntaxKind.FirstNode || kind >= ts.SyntaxKind.FirstJSDocNode) return node.getDescendantsOfKind(kind as never).filter((n) => maybe((n as TsMorphNode).compilerNode)) as unknown as T[];
  const out: T[] = [];
  const visit = (child: ts.Node): void => {
    if (child.kind === kind && maybe(child)) out.push(wrap.call(node, child) as T);
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node.compilerNode, visit);
  return out;
}

/** The compiler nodes of `kind` below `root`, in document order (the compiler's walk, nothing wrapped). */
export function compilerDescendantsOfKind<T extends ts.Node>(root: ts.Node, kind: ts.SyntaxKind): T[] {
  const out: T[] = [];
  const visit = (child: ts.Node): void => {
    if (child.kind === kind) out.push(child as T);
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(root, visit);
  return out;
}

/** The ts-morph node of a compiler node of `within`'s file (the one getDescendantsOfKind would give). */
export function wrapped<T extends TsMorphNode>(within: TsMorphNode, node: ts.Node): T {
  const wrap = (within as unknown as Partial<TsMorphInternals>)._getNodeFromCompilerNode;
  if (wrap) return wrap.call(within, node) as T;
  const found = within.getSourceFile().getDescendantsOfKind(node.kind as never).find((n) => (n as TsMorphNode).compilerNode === node);
  if (!found) throw new Error(`no ts-morph node for a ${ts.SyntaxKind[node.kind]} at ${node.pos}`);
  return found as unknown as T;
}
