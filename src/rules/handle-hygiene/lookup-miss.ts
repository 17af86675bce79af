import { ts } from '../../typescript.js';
import { forEachDescendant, outermostWrapper, propertyNameText, unwrap } from '../../analysis/ast.js';
import type { HandleConsumer, HandleFamily, HandleReach, HandleStoreAccess } from '../../analysis/handles.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { possibleStrings } from '../../analysis/possible-strings.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'handle-hygiene/lookup-miss',
    category: 'handle-hygiene',
    severity: 'warning',
    fix: 'manual',
    summary: 'A handle lookup whose miss flows on into the handler instead of a tool error naming the minting tool',
    messages: {
      missFlows: '`{{tool}}` goes on when `{{argument}}` is unknown or expired (the lookup\'s miss is used, defaulted or filled with a fresh entry): a model that passes a stale or mistyped handle gets an empty object, not an error. Return a tool error (`isError: true`) that says to call `{{mintTool}}` again.',
      weakError: 'When `{{argument}}` is unknown, `{{tool}}` answers without a tool error that names `{{mintTool}}`: the model cannot tell how to recover. Return `isError: true` with a message that says to call `{{mintTool}}` for a new `{{argument}}`.',
    },
    spec: specUrl('server/tools'),
  },
  create: (context) => ({
    end() {
      const { values } = context.analysis;
      for (const family of context.analysis.handles) {
        const mintTool = [...new Set(family.mints.map((m) => m.tool.name))].join('` or `');
        for (const consumer of family.consumers) {
          for (const access of consumer.accesses) {
            if (access.operation !== 'lookup') continue;
            const verdict = missHandling(values, family, consumer, access);
            if (verdict.kind === 'handled') continue;
            const data = { tool: consumer.tool.name, argument: family.argument, mintTool };
            if (verdict.kind === 'flows') context.report({ node: access.node, messageId: 'missFlows', data });
            else context.report({ node: verdict.exit, messageId: 'weakError', data });
          }
        }
      }
    },
  }),
});

type Verdict = { kind: 'handled' } | { kind: 'flows' } | { kind: 'weak'; exit: ts.Node };

/** How the lookup's miss is handled: a guard on the handle before it, or a test of its result after it. */
function missHandling(values: ValueAnalysis, family: HandleFamily, consumer: HandleConsumer, access: HandleStoreAccess): Verdict {
  const mintTools = family.mints.map((m) => m.tool.name);
  const path = consumer.reached.filter((r) => r.calls.length <= access.calls.length && r.calls.every((c, i) => access.calls[i] === c));
  for (const reach of path) {
    const stop = access.calls[reach.calls.length] ?? access.node;
    const guard = guardBefore(values, reach, family.argument, stop);
    if (guard) return judgeExit(values, guard, mintTools);
  }
  // The result, followed back out through helpers that return it, to where it is tested.
  let result: ts.Node = access.node;
  for (let level = access.calls.length; ; level--) {
    let outer = outermostWrapper(result);
    // `typeof id === 'string' ? store.get(id) : undefined`: the miss is still the lookup's.
    while (outer.parent && ts.isConditionalExpression(outer.parent) && outer.parent.condition !== outer) outer = outermostWrapper(outer.parent);
    const parent = outer.parent;
    if (parent && (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === outer)) && level > 0) {
      result = access.calls[level - 1]!;
      continue;
    }
    if (!parent || !ts.isVariableDeclaration(parent) || parent.initializer !== outer || !ts.isIdentifier(parent.name)) return { kind: 'flows' };
    const symbol = values.symbolOf(parent.name);
    const test = symbol && testAfter(values, parent, symbol);
    return test ? judgeExit(values, test, mintTools) : { kind: 'flows' };
  }
}

/** `if (…handle…) return/throw …` before `stop` in the function: returns the exiting statement (or `flows` marker). */
function guardBefore(values: ValueAnalysis, reach: HandleReach, argument: string, stop: ts.Node): ts.Statement | 'flows' | undefined {
  const body = reach.fn.body;
  if (!body) return undefined;
  let found: ts.Statement | 'flows' | undefined;
  forEachDescendant(body, (node) => {
    if (found || !ts.isIfStatement(node) || node.end > stop.getStart() || !mentionsHandle(values, node.expression, reach.carriers, argument)) return;
    const exit = exitOf(node.thenStatement) ?? (node.elseStatement ? exitOf(node.elseStatement) : undefined);
    if (exit) found = exit;
  });
  return found;
}

/** The first `if` after the lookup that tests its result: the exit it takes, or `flows` when neither branch leaves. */
function testAfter(values: ValueAnalysis, decl: ts.VariableDeclaration, symbol: ts.Symbol): ts.Statement | 'flows' | undefined {
  const fn = ts.findAncestor(decl, (n) => ts.isFunctionLike(n) || ts.isSourceFile(n));
  const scope = fn && ts.isFunctionLike(fn) ? (fn as ts.FunctionLikeDeclaration).body : fn;
  if (!scope) return undefined;
  let found: ts.Statement | 'flows' | undefined;
  forEachDescendant(scope, (node) => {
    if (found || !ts.isIfStatement(node) || node.pos < decl.end) return;
    if (!refersTo(values, node.expression, (s) => s === symbol)) return;
    found = exitOf(node.thenStatement) ?? (node.elseStatement ? exitOf(node.elseStatement) : undefined) ?? 'flows';
  });
  return found;
}

function judgeExit(values: ValueAnalysis, exit: ts.Statement | 'flows', mintTools: readonly string[]): Verdict {
  if (exit === 'flows') return { kind: 'flows' };
  if (ts.isReturnStatement(exit)) {
    const value = exit.expression && unwrap(exit.expression);
    // `return denied`, `return handleError(id)`: the error is built elsewhere, by code that knows the handle.
    if (!value || !ts.isObjectLiteralExpression(value)) return value ? { kind: 'handled' } : { kind: 'weak', exit };
    const isError = value.properties.some((p) => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'isError' && unwrap(p.initializer).kind === ts.SyntaxKind.TrueKeyword);
    return isError && namesAny(values, exit, mintTools) ? { kind: 'handled' } : { kind: 'weak', exit };
  }
  // A thrown error becomes a tool error (`isError: true`) with its message.
  return namesAny(values, exit, mintTools) ? { kind: 'handled' } : { kind: 'weak', exit };
}

/**
 * The statement's text names one of the tools: in its literals, or through a value a template puts in
 * (`Call ${mintTool} again`, where `mintTool` is the option a registry was created with).
 */
function namesAny(values: ValueAnalysis, statement: ts.Node, tools: readonly string[]): boolean {
  let text = '';
  forEachDescendant(statement, (node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) text += `${node.text} `;
    if (ts.isTemplateSpan(node)) text += `${(stringsOf(values, node.expression, 0) ?? []).join(' ')} `;
  });
  return tools.some((tool) => new RegExp(`(?<![\\w-])${tool.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text));
}

const MAX_DEPTH = 5;

/** The strings a value can be, also when it is a property of an options object handed to a constructor or factory. */
function stringsOf(values: ValueAnalysis, expr: ts.Node, depth: number): string[] | undefined {
  const direct = possibleStrings(values, expr);
  if (direct || depth > MAX_DEPTH) return direct;
  const node = unwrap(expr);
  if (ts.isPropertyAccessExpression(node)) return propertyStrings(values, node.expression, node.name.text, depth + 1);
  if (!ts.isIdentifier(node)) return undefined;
  const decl = values.symbolOf(node)?.valueDeclaration;
  if (decl && ts.isBindingElement(decl) && ts.isVariableDeclaration(decl.parent.parent) && decl.parent.parent.initializer) {
    const name = propertyNameText(decl.propertyName) ?? node.text;
    return propertyStrings(values, decl.parent.parent.initializer, name, depth + 1);
  }
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer) return stringsOf(values, decl.initializer, depth + 1);
  return undefined;
}

function propertyStrings(values: ValueAnalysis, object: ts.Node, name: string, depth: number): string[] | undefined {
  const out: string[] = [];
  for (const literal of objectLiteralsOf(values, object, depth)) {
    const prop = literal.properties.find((p) => propertyNameText(p.name) === name);
    const strings = prop && ts.isPropertyAssignment(prop) ? stringsOf(values, prop.initializer, depth + 1) : undefined;
    if (strings) out.push(...strings);
  }
  return out.length > 0 ? out : undefined;
}

/** The object literals an expression can be: written in place, held by a variable, passed as an argument, or kept in a field (`this.options`). */
function objectLiteralsOf(values: ValueAnalysis, expr: ts.Node, depth: number): ts.ObjectLiteralExpression[] {
  const node = unwrap(expr);
  if (depth > MAX_DEPTH) return [];
  if (ts.isObjectLiteralExpression(node)) return [node];
  const nameNode = ts.isPropertyAccessExpression(node) ? node.name : ts.isIdentifier(node) ? node : undefined;
  const symbol = nameNode && values.symbolOf(nameNode);
  const out: ts.ObjectLiteralExpression[] = [];
  for (const decl of symbol?.declarations ?? []) {
    if (ts.isParameter(decl) && ts.isFunctionLike(decl.parent)) {
      const fn = decl.parent as ts.FunctionLikeDeclaration;
      const index = fn.parameters.indexOf(decl);
      for (const call of values.calls.invocationsOf(fn)) {
        const argument = call.arguments?.[index];
        if (argument) out.push(...objectLiteralsOf(values, argument, depth + 1));
      }
    } else if ((ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl)) && decl.initializer) {
      out.push(...objectLiteralsOf(values, decl.initializer, depth + 1));
    } else if (ts.isPropertyDeclaration(decl) && ts.isClassLike(decl.parent)) {
      // `options;` declared, then `this.options = options` in the constructor (transpiled parameter properties).
      const ctor = decl.parent.members.find(ts.isConstructorDeclaration);
      const name = propertyNameText(decl.name);
      if (ctor?.body) {
        forEachDescendant(ctor.body, (node) => {
          if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.expression.kind === ts.SyntaxKind.ThisKeyword && node.left.name.text === name) {
            out.push(...objectLiteralsOf(values, node.right, depth + 1));
          }
        });
      }
    } else if (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent) && decl.parent.left === decl) {
      out.push(...objectLiteralsOf(values, decl.parent.right, depth + 1));
    } else if (ts.isBinaryExpression(decl) && decl.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      // JavaScript: `this.options = options` in a constructor is the property's declaration.
      out.push(...objectLiteralsOf(values, decl.right, depth + 1));
    }
  }
  return out;
}

/** `return …`/`throw …`, alone or anywhere at the top level of a block. */
function exitOf(statement: ts.Statement): ts.Statement | undefined {
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return statement;
  if (ts.isBlock(statement)) return statement.statements.find((s) => ts.isReturnStatement(s) || ts.isThrowStatement(s));
  return undefined;
}

/** The condition reads the handle, a key derived from it, or a variable computed from it (`const denied = check(id)`). */
function mentionsHandle(values: ValueAnalysis, condition: ts.Node, carriers: ReadonlySet<ts.Symbol>, argument: string): boolean {
  const isCarrier = (symbol: ts.Symbol): boolean => {
    if (carriers.has(symbol)) return true;
    const decl = symbol.valueDeclaration;
    return decl !== undefined && ts.isVariableDeclaration(decl) && decl.initializer !== undefined && refersTo(values, decl.initializer, (s) => carriers.has(s), argument);
  };
  return refersTo(values, condition, isCarrier, argument);
}

function refersTo(values: ValueAnalysis, root: ts.Node, accept: (symbol: ts.Symbol) => boolean, argument?: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(node)) {
      const symbol = values.symbolOf(node);
      if (symbol && accept(symbol)) found = true;
    }
    // `args.cart_id` in a handler that reads its arguments without destructuring.
    if (argument && ts.isPropertyAccessExpression(node) && node.name.text === argument) found = true;
    ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}
