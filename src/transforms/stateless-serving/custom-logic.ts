/**
 * Whether code the helper-registry rewrite (session-registry.ts) would remove is only session plumbing: the
 * helper, the listener's routing and the idle reaper may build, look up, log and answer, but code that runs
 * the application's own logic or writes what the rest of the code reads would be lost with them, so it is a
 * reason not to rewrite.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isFunctionLike, isInside, unwrap } from '../../analysis/ast.js';
import { LOG_LEVELS, localNames } from './text.js';
import type { ServingSite } from './serving-site-view.js';
import { placeOf } from './syntax-queries.js';

/** Globals the session plumbing may call without being the application's own logic. */
export const PLUMBING_GLOBALS = new Set(['JSON', 'Date', 'String', 'Number', 'Boolean', 'Object', 'Array', 'Math', 'Buffer', 'Error', 'Promise', 'console', 'randomUUID', 'crypto', 'undefined', 'typeof']);

/**
 * Why `root` is more than plumbing, or undefined: every call it makes (outside logging statements) is on a
 * global, the SDK, an allowed name, a name `root` or `declared` binds, or a name `extra` accepts; it assigns
 * nothing declared elsewhere; it reads locals of `listener` (data) freely.
 */
export function customLogic(site: ServingSite, root: ts.Node, allowed: ReadonlySet<string>, declared: ReadonlySet<ts.Symbol>, where: string, extra: (id: ts.Identifier) => boolean = () => false, listener?: ts.Node): string | undefined {
  const values = site.result.analysis.values;
  const own = localNames(root);
  const ownOrDeclared = (id: ts.Identifier) => {
    const symbol = values.symbolOf(id);
    const decl = symbol?.valueDeclaration;
    return own.has(id.text) && !!decl && isInside(decl, root) ? true : !!symbol && declared.has(symbol);
  };
  const ok = (id: ts.Identifier) => allowed.has(id.text) || ownOrDeclared(id) || extra(id) || !!site.result.analysis.sdk.exportOf(id);
  let issue: string | undefined;
  const visit = (node: ts.Node): void => {
    if (issue) return;
    if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return;
    if (ts.isExpressionStatement(node) && isLogging(site, node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const root = rootIdentifier(node.expression);
      if (root && !ok(root)) {
        issue = `${where} ${placeOf(node)} also runs the application's own logic (calls \`${node.expression.getText(site.sf)}\`).`;
        return;
      }
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const target = rootIdentifier(node.left);
      if (target && !ownOrDeclared(target) && !extra(target)) {
        issue = `${where} ${placeOf(node)} assigns \`${target.text}\`, which the rest of the code reads.`;
        return;
      }
    }
    if (ts.isIdentifier(node) && isReadReference(node) && !ok(node)) {
      const decl = values.symbolOf(node)?.valueDeclaration;
      // Reading the listener's own data (the parsed body for an error id) is no logic of its own.
      const data = decl && listener && isInside(decl, listener) && !isFunctionLike(decl) && !(ts.isVariableDeclaration(decl) && decl.initializer && isFunctionLike(unwrap(decl.initializer)));
      if (!data) {
        issue = `${where} ${placeOf(node)} also uses \`${node.text}\`, which is not session plumbing.`;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return issue;
}

/**
 * A statement that only logs: `console.error(…)`, `logger.info(…)`, or a call of a function of the
 * project whose body calls nothing but `console` (qmd's `log(msg)`). It goes with the plumbing it describes,
 * arguments and all.
 */
function isLogging(site: ServingSite, statement: ts.ExpressionStatement): boolean {
  const call = unwrap(statement.expression);
  if (!ts.isCallExpression(call)) return false;
  const callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee) && LOG_LEVELS.has(callee.name.text)) {
    const receiver = unwrap(callee.expression);
    return ts.isIdentifier(receiver) && /^(console|log|logger)$/i.test(receiver.text);
  }
  if (!ts.isIdentifier(callee)) return false;
  const decl = site.result.analysis.values.symbolOf(callee)?.valueDeclaration;
  const fn = decl && (isFunctionLike(decl) ? decl : ts.isVariableDeclaration(decl) && decl.initializer && isFunctionLike(unwrap(decl.initializer)) ? (unwrap(decl.initializer) as ts.FunctionLikeDeclaration) : undefined);
  if (!fn?.body) return false;
  let calls = 0;
  let onlyConsole = true;
  forEachDescendant(fn.body, (node) => {
    if (!ts.isCallExpression(node)) return;
    calls++;
    const root = rootIdentifier(node.expression);
    if (root?.text !== 'console') onlyConsole = false;
  });
  return calls > 0 && onlyConsole;
}

function isReadReference(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.name === id) return false;
  if ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isFunctionDeclaration(parent) || ts.isBindingElement(parent)) && parent.name === id) return false;
  if (ts.isBindingElement(parent) && parent.propertyName === id) return false;
  if (ts.isQualifiedName(parent) || ts.isTypeReferenceNode(parent)) return false;
  return true;
}

/** `a.b.c(…)` → `a`; `this.x` and computed receivers → undefined. */
function rootIdentifier(node: ts.Node): ts.Identifier | undefined {
  let current = unwrap(node);
  for (;;) {
    if (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) current = unwrap(current.expression);
    else if (ts.isCallExpression(current)) current = unwrap(current.expression);
    else break;
  }
  return ts.isIdentifier(current) ? current : undefined;
}
