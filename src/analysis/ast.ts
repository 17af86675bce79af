/** Small, dependency-free helpers over TypeScript compiler nodes. */
import { ts } from '../typescript.js';

/** Strips the wrappers that do not change which value an expression denotes. */
export function unwrap(node: ts.Node): ts.Node {
  let current = node;
  for (;;) {
    if (
      ts.isParenthesizedExpression(current) ||
      ts.isAsExpression(current) ||
      ts.isNonNullExpression(current) ||
      ts.isSatisfiesExpression(current) ||
      ts.isTypeAssertionExpression(current) ||
      ts.isAwaitExpression(current)
    ) {
      current = current.expression;
      continue;
    }
    return current;
  }
}

/** The node whose parent says what happens to `node`'s value (skipping the same wrappers upwards). */
export function outermostWrapper(node: ts.Node): ts.Node {
  let current = node;
  while (
    current.parent &&
    (ts.isParenthesizedExpression(current.parent) ||
      ts.isAsExpression(current.parent) ||
      ts.isNonNullExpression(current.parent) ||
      ts.isSatisfiesExpression(current.parent) ||
      ts.isTypeAssertionExpression(current.parent) ||
      ts.isAwaitExpression(current.parent))
  ) {
    current = current.parent;
  }
  return current;
}

export function propertyNameText(name: ts.PropertyName | ts.MemberName | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** `a.b` or `a?.b` or `a['b']` → ['b', a]. */
export function memberAccess(node: ts.Node): { object: ts.Expression; name: string; nameNode: ts.Node } | undefined {
  if (ts.isPropertyAccessExpression(node)) {
    return { object: node.expression, name: node.name.text, nameNode: node.name };
  }
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) {
    return { object: node.expression, name: node.argumentExpression.text, nameNode: node.argumentExpression };
  }
  return undefined;
}

/** For `x.m(...)`, the method name node and receiver; for `m(...)`, the identifier. */
export function calleeParts(call: ts.CallExpression | ts.NewExpression): CalleeParts {
  // Every feature rule and most value lookups ask this of the same calls (17 rules × every call of a
  // scan): answered once per node. Trees are never changed after parsing, so the answer stays true.
  let parts = calleeCache.get(call);
  if (!parts) {
    const callee = unwrap(call.expression) as ts.Expression;
    const access = memberAccess(callee);
    if (access) parts = { name: access.name, nameNode: access.nameNode, receiver: access.object };
    else if (ts.isIdentifier(callee)) parts = { name: callee.text, nameNode: callee, receiver: undefined };
    else parts = { name: undefined, nameNode: callee, receiver: undefined };
    calleeCache.set(call, parts);
  }
  return parts;
}

interface CalleeParts {
  readonly name: string | undefined;
  readonly nameNode: ts.Node;
  readonly receiver: ts.Expression | undefined;
}

const calleeCache = new WeakMap<ts.CallExpression | ts.NewExpression, CalleeParts>();

export function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

export function isRequireCall(node: ts.Node): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'require' &&
    node.arguments.length === 1 &&
    ts.isStringLiteralLike(node.arguments[0]!)
  );
}

/** `import('…')` with a literal specifier (dynamic import). */
export function isDynamicImport(node: ts.Node): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments.length >= 1 &&
    ts.isStringLiteralLike(node.arguments[0]!)
  );
}

/** A literal that means the same wherever it is written: a string, a number, `true`, `false`, `null`. */
export function isPlainLiteral(node: ts.Node): boolean {
  return ts.isStringLiteralLike(node) || ts.isNumericLiteral(node) || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword;
}

export function stringValue(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  const inner = unwrap(node);
  if (ts.isStringLiteralLike(inner)) return inner.text;
  return undefined;
}

/** Below this depth the walk switches from recursion to an explicit stack. */
const MAX_RECURSION_DEPTH = 400;

/**
 * Pre-order walk of every node below `root`. Recursion is the fast path; a subtree deeper than
 * MAX_RECURSION_DEPTH (generated code: a 5,000-term string concatenation, a huge nested literal)
 * is walked with an explicit stack, so it cannot overflow the call stack.
 */
export function forEachDescendant(root: ts.Node, visit: (node: ts.Node) => void): void {
  if (root.kind === ts.SyntaxKind.SourceFile) {
    // Whole files are walked many times over (rules, session flow, tool registrations, the call
    // index, value lookups): the first walk records the nodes in order, later ones replay the list.
    // Trees are never changed after parsing (a change is a new SourceFile), so the list stays true.
    const { nodes } = indexOf(root as ts.SourceFile);
    for (let i = 0; i < nodes.length; i++) visit(nodes[i]!);
    return;
  }
  walkTree(root, visit);
}

/**
 * The nodes of `file` of the given kinds, in document (pre-order) order: what `forEachDescendant` would hand a
 * visitor that looks at these kinds only. A file's nodes are indexed by kind on its first walk, so a whole-file
 * question about a few kinds (calls, classes, property assignments) costs what those nodes are, not the whole tree
 * (most nodes are identifiers, keywords and tokens).
 */
export function forEachOfKind(file: ts.SourceFile, kinds: readonly ts.SyntaxKind[], visit: (node: ts.Node) => void): void {
  const { nodes, byKind } = indexOf(file);
  if (kinds.length === 1) {
    const positions = byKind[kinds[0]!];
    if (positions) for (let i = 0; i < positions.length; i++) visit(nodes[positions[i]!]!);
    return;
  }
  // Several kinds: their position lists merged, so the visitor sees them in the order the file has them.
  const lists = kinds.map((kind) => byKind[kind]).filter((list): list is readonly number[] => list !== undefined);
  if (lists.length === 0) return;
  const cursors = lists.map(() => 0);
  for (;;) {
    let next = -1;
    let at = Infinity;
    for (let l = 0; l < lists.length; l++) {
      const position = lists[l]![cursors[l]!];
      if (position !== undefined && position < at) {
        at = position;
        next = l;
      }
    }
    if (next < 0) return;
    cursors[next]!++;
    visit(nodes[at]!);
  }
}

interface FileIndex {
  /** Every node of the file in pre-order. */
  nodes: readonly ts.Node[];
  /** Kind → the positions in `nodes` of the nodes of that kind, ascending (an array indexed by kind). */
  byKind: ReadonlyArray<readonly number[] | undefined>;
}

/** Every node of a file in pre-order, and by kind (see `forEachDescendant`, `forEachOfKind`). */
const indexes = new WeakMap<ts.SourceFile, FileIndex>();

function indexOf(file: ts.SourceFile): FileIndex {
  let index = indexes.get(file);
  if (!index) {
    const nodes: ts.Node[] = [];
    const byKind: Array<number[] | undefined> = [];
    walkTree(file, (node) => {
      const positions = byKind[node.kind];
      if (positions) positions.push(nodes.length);
      else byKind[node.kind] = [nodes.length];
      nodes.push(node);
    });
    indexes.set(file, (index = { nodes, byKind }));
  }
  return index;
}

function walkTree(root: ts.Node, visit: (node: ts.Node) => void): void {
  let depth = 0;
  const walk = (node: ts.Node): void => {
    visit(node);
    if (depth >= MAX_RECURSION_DEPTH) {
      walkWithStack(node, visit);
      return;
    }
    depth++;
    ts.forEachChild(node, walk);
    depth--;
  };
  ts.forEachChild(root, walk);
}

function walkWithStack(root: ts.Node, visit: (node: ts.Node) => void): void {
  const stack: ts.Node[] = [];
  const pushChildren = (node: ts.Node): void => {
    const start = stack.length;
    ts.forEachChild(node, (child) => {
      stack.push(child);
    });
    // Reverse the children just pushed, so they are popped in source order.
    for (let a = start, b = stack.length - 1; a < b; a++, b--) [stack[a], stack[b]] = [stack[b]!, stack[a]!];
  };
  pushChildren(root);
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    pushChildren(node);
  }
}

export function lineOf(node: ts.Node): number {
  const sf = node.getSourceFile();
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

export function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  let current = node.parent;
  while (current) {
    if (isFunctionLike(current)) return current;
    current = current.parent;
  }
  return undefined;
}

/** A declaration is reported at its name, the token a reader looks for. */
export function declarationName(node: ts.Node): ts.Node {
  if ((ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node)) && node.name) return node.name;
  if (ts.isPropertyAccessExpression(node)) return node.name;
  return node;
}

/** `undefined` or `void 0`: the stateless idiom for transport options. */
export function isUndefined(node: ts.Node): boolean {
  const inner = unwrap(node);
  return (ts.isIdentifier(inner) && inner.text === 'undefined') || ts.isVoidExpression(inner);
}

/** The statement (or class member) that contains `node`: the child of the nearest source file, block, case clause or class. */
export function statementOf(node: ts.Node): ts.Node {
  let current: ts.Node = node;
  while (current.parent && !ts.isSourceFile(current.parent) && !ts.isBlock(current.parent) && !ts.isCaseOrDefaultClause(current.parent) && !ts.isClassLike(current.parent)) {
    current = current.parent;
  }
  return current;
}

/** Whether `node` is `ancestor` or lies inside it (one syntax tree). */
export function isInside(node: ts.Node, ancestor: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

/** Array methods that call their callback with each element first (`list.forEach((item) => …)`). */
export const ITERATION_METHODS: ReadonlySet<string> = new Set(['forEach', 'map', 'filter', 'some', 'every', 'find', 'flatMap']);

/** The methods that list a whole collection (`map.keys()`, `Object.entries(record)`). */
const LISTINGS: ReadonlySet<string> = new Set(['keys', 'values', 'entries']);

/**
 * The collection an iterated expression walks whole: `c` itself, `c.keys()`/`values()`/`entries()`,
 * `Object.keys/values/entries(c)`, also behind `?? []` / `|| []`. A lookup in it (`c.get(k)`) walks no collection of its own.
 */
export function collectionWalked(expression: ts.Expression): ts.Node | undefined {
  const inner = unwrap(expression);
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken)) return collectionWalked(inner.left);
  if (!ts.isCallExpression(inner)) return inner;
  const { name, receiver } = calleeParts(inner);
  if (!name || !LISTINGS.has(name) || !receiver) return undefined;
  const onObject = ts.isIdentifier(unwrap(receiver)) && (unwrap(receiver) as ts.Identifier).text === 'Object';
  return onObject ? inner.arguments[0] : inner.arguments.length === 0 ? receiver : undefined;
}
