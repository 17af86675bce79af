/**
 * An index of the calls in the analysed files by callee name, built in one syntactic pass, so
 * that "who calls this function" and "where is this handler passed" cost a lookup plus symbol
 * checks on a few candidates instead of resolving every call in the project.
 */
import { ts } from '../typescript.js';
import { calleeParts, forEachOfKind, propertyNameText, unwrap } from './ast.js';

export interface CallIndex {
  /** Calls with at least one argument, by the callee's name (`f(...)`, `x.f(...)`). */
  byName: Map<string, ts.CallExpression[]>;
  /** Calls without arguments (`context.currentTab()`), by the callee's name: kept apart, since no parameter's value comes from them. */
  withoutArguments: Map<string, ts.CallExpression[]>;
  /** Identifiers and `x.name` accesses passed as call arguments, by name: handlers passed by reference. */
  argumentRefs: Map<string, ts.Node[]>;
  /** Imported/destructured name → the local names it is bound to. */
  aliases: Map<string, Set<string>>;
  /** `new X(...)` with at least one argument, by the class name (`X`, `ns.X`): callers of a constructor. */
  constructions: Map<string, ts.NewExpression[]>;
}

/** Each file's own index: the pass is syntactic, and apply's analyses share the trees of the files a transform left unchanged. */
const perFile = new WeakMap<ts.SourceFile, CallIndex>();

/**
 * The index of `files`: each file's own, joined in the order of `files`, so that every list holds its nodes in the
 * order one pass over the files would have found them.
 */
export function buildCallIndex(files: readonly ts.SourceFile[]): CallIndex {
  const out: CallIndex = { byName: new Map(), withoutArguments: new Map(), argumentRefs: new Map(), aliases: new Map(), constructions: new Map() };
  for (const file of files) {
    let own = perFile.get(file);
    if (!own) perFile.set(file, (own = indexFile(file)));
    appendLists(out.byName, own.byName);
    appendLists(out.withoutArguments, own.withoutArguments);
    appendLists(out.argumentRefs, own.argumentRefs);
    appendLists(out.constructions, own.constructions);
    for (const [from, locals] of own.aliases) {
      const set = out.aliases.get(from);
      if (set) for (const local of locals) set.add(local);
      else out.aliases.set(from, new Set(locals));
    }
  }
  return out;
}

function appendLists<T>(into: Map<string, T[]>, from: ReadonlyMap<string, readonly T[]>): void {
  for (const [key, values] of from) {
    const list = into.get(key);
    if (list) for (const value of values) list.push(value);
    else into.set(key, [...values]);
  }
}

function indexFile(file: ts.SourceFile): CallIndex {
  const byName = new Map<string, ts.CallExpression[]>();
  const withoutArguments = new Map<string, ts.CallExpression[]>();
  const argumentRefs = new Map<string, ts.Node[]>();
  const aliases = new Map<string, Set<string>>();
  const constructions = new Map<string, ts.NewExpression[]>();
  const add = <T>(map: Map<string, T[]>, key: string, value: T): void => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const alias = (from: string, to: string): void => {
    if (from === to) return;
    const set = aliases.get(from) ?? new Set();
    set.add(to);
    aliases.set(from, set);
  };
  forEachOfKind(file, [ts.SyntaxKind.CallExpression, ts.SyntaxKind.NewExpression, ts.SyntaxKind.ImportClause, ts.SyntaxKind.ImportSpecifier, ts.SyntaxKind.ExportSpecifier, ts.SyntaxKind.BindingElement], (node) => {
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const name = calleeParts(node).name;
      if (name) add(byName, name, node);
      for (const arg of node.arguments) {
        const inner = unwrap(arg);
        if (ts.isIdentifier(inner)) add(argumentRefs, inner.text, inner);
        else if (ts.isPropertyAccessExpression(inner)) add(argumentRefs, inner.name.text, inner);
      }
    } else if (ts.isCallExpression(node)) {
      const name = calleeParts(node).name;
      if (name) add(withoutArguments, name, node);
    } else if (ts.isNewExpression(node) && node.arguments?.length) {
      const callee = unwrap(node.expression);
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name) add(constructions, name, node);
    } else if (ts.isImportClause(node) && node.name) {
      alias('default', node.name.text);
    } else if ((ts.isImportSpecifier(node) || ts.isExportSpecifier(node) || ts.isBindingElement(node)) && node.propertyName && ts.isIdentifier(node.name)) {
      const from = propertyNameText(node.propertyName as ts.PropertyName);
      if (from) alias(from, node.name.text);
    }
  });
  return { byName, withoutArguments, argumentRefs, aliases, constructions };
}

/** The names a function is called by: its own, or the variable/property/method it is assigned to. */
export function functionNames(fn: ts.FunctionLikeDeclaration): string[] {
  const names: string[] = [];
  if (fn.name && !ts.isComputedPropertyName(fn.name)) {
    const own = propertyNameText(fn.name as ts.PropertyName);
    if (own) names.push(own);
  }
  const parent = fn.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && !ts.isComputedPropertyName(parent.name)) {
    const holder = ts.isVariableDeclaration(parent) ? (ts.isIdentifier(parent.name) ? parent.name.text : undefined) : propertyNameText(parent.name);
    if (holder) names.push(holder);
  }
  if (parent && ts.isBinaryExpression(parent) && ts.isPropertyAccessExpression(parent.left)) names.push(parent.left.name.text);
  const isDefaultExport =
    (parent && ts.isExportAssignment(parent)) ||
    (ts.canHaveModifiers(fn) && ts.getModifiers(fn)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword));
  if (isDefaultExport) names.push('default');
  return names;
}
