/**
 * Where an input request that no handler is found around is sent from, as its marker says it (sweep 30 AD3, review 39c
 * T6). The call sites of the function that sends it do not lead to a request handler, so the marker names the sender
 * as a reader would look for it — a function, a method, the constructor or a getter of a class, an entry of an object
 * (`table.confirm`), the function a factory returns, a callback or a timer in a named function, a function called
 * where it is written — and follows it as a value: a handler that reads the variable holding it (the factory's result
 * `ask`, the table) runs it in that handler's request, which makes it a helper of that handler.
 */
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant, isFunctionLike, unwrap } from '../../analysis/ast.js';
import { functionName } from '../../analysis/declarations.js';
import type { Analysis } from '../../analysis/model.js';
import { requestHandlerOf } from '../../analysis/list-routing.js';
import type { HandlerSite } from '../kit/handler-sites.js';

export interface UntracedSender {
  /** The marker's words after the feature: `sent from …, which …`. */
  from: string;
  /** The request runs in a handler's request (the sender reaches one as a value): the helper advice fits. */
  inRequest: boolean;
  /** The sender is code a handler could call (a function or method), not start-up, a timer or a constructor. */
  helper: boolean;
}

const TIMER_FUNCTIONS = new Set(['setInterval', 'setTimeout', 'setImmediate']);

/** Calls between a value and where it is held: `await f()`, `(f())`, `f() as T`. */
function holderOf(node: ts.Node): ts.Node {
  let current = node;
  while (current.parent && (ts.isAwaitExpression(current.parent) || ts.isParenthesizedExpression(current.parent) || ts.isAsExpression(current.parent) || ts.isNonNullExpression(current.parent) || ts.isSatisfiesExpression(current.parent))) current = current.parent;
  return current;
}

/** The outermost parenthesis around a function expression (`(async () => …)()` calls the parenthesised function). */
function outermostParens(fn: ts.Node): ts.Node {
  let current = fn;
  while (current.parent && ts.isParenthesizedExpression(current.parent)) current = current.parent;
  return current;
}

/** A function called where it is written: `(async () => { … })()`. */
function isCalledInPlace(fn: ts.FunctionLikeDeclaration): boolean {
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false;
  const wrapped = outermostParens(fn);
  return !!wrapped.parent && ts.isCallExpression(wrapped.parent) && wrapped.parent.expression === wrapped;
}

/** The class a member belongs to, by name. */
function className(member: ts.Node): string | undefined {
  const owner = member.parent;
  if (owner && (ts.isClassDeclaration(owner) || ts.isClassExpression(owner)) && owner.name) return owner.name.text;
  if (owner && ts.isClassExpression(owner) && ts.isVariableDeclaration(owner.parent) && ts.isIdentifier(owner.parent.name)) return owner.parent.name.text;
  return undefined;
}

/** The variable an object literal is the value of (`const table = { … }`). */
function objectHolder(literal: ts.ObjectLiteralExpression): ts.Identifier | undefined {
  const held = holderOf(literal).parent;
  return held && ts.isVariableDeclaration(held) && ts.isIdentifier(held.name) ? held.name : undefined;
}

/** The name a named enclosing function goes by, through callbacks (`startPolling` for a timer inside it). */
function namedEnclosing(node: ts.Node): string | undefined {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const named = ts.isConstructorDeclaration(fn) ? (className(fn) ? `the constructor of \`${className(fn)}\`` : undefined) : functionName(fn)?.text;
    if (named) return named.startsWith('the constructor') ? named : `\`${named}\``;
  }
  return undefined;
}

interface Named {
  /** How the marker names the sender. */
  name: string;
  /** Identifiers holding the sender as a value (a function's own name, the factory result, the object it is in). */
  holders: ts.Identifier[];
  helper: boolean;
  /** Runs where no request is, whatever calls it (start-up code, a timer). */
  outside?: string;
}

function nameSender(analysis: Analysis, fn: ts.FunctionLikeDeclaration): Named {
  if (ts.isConstructorDeclaration(fn)) {
    const owner = className(fn);
    return { name: owner ? `the constructor of \`${owner}\`` : 'a constructor', holders: [], helper: false };
  }
  if (ts.isGetAccessorDeclaration(fn) || ts.isSetAccessorDeclaration(fn)) {
    const member = ts.isIdentifier(fn.name) ? fn.name.text : fn.name.getText();
    const owner = ts.isObjectLiteralExpression(fn.parent) ? objectHolder(fn.parent)?.text : className(fn);
    return { name: `the ${ts.isGetAccessorDeclaration(fn) ? 'getter' : 'setter'} \`${owner ? `${owner}.` : ''}${member}\``, holders: [], helper: true };
  }
  // An entry of an object: `{ confirm: async (a) => … }` or `{ async confirm(a) { … } }`, held by the table's variable.
  const entry = ts.isMethodDeclaration(fn) && ts.isObjectLiteralExpression(fn.parent) ? fn : ts.isPropertyAssignment(outermostParens(fn).parent) ? outermostParens(fn).parent as ts.PropertyAssignment : undefined;
  if (entry && ts.isObjectLiteralExpression(entry.parent) && (ts.isIdentifier(entry.name) || ts.isStringLiteral(entry.name))) {
    const table = objectHolder(entry.parent);
    return { name: `\`${table ? `${table.text}.` : ''}${entry.name.text}\``, holders: table ? [table] : [], helper: true };
  }
  // A function a factory returns: held by whatever the factory's calls are stored in.
  const wrapped = outermostParens(fn);
  const factory = wrapped.parent && ts.isReturnStatement(wrapped.parent) ? enclosingFunction(wrapped.parent) : wrapped.parent && isFunctionLike(wrapped.parent) && (wrapped.parent as ts.FunctionLikeDeclaration).body === wrapped ? wrapped.parent as ts.FunctionLikeDeclaration : undefined;
  const factoryName = factory && functionName(factory)?.text;
  if (factory && factoryName) {
    const holders = analysis.values.calls.everyCallOf(factory).flatMap((call) => {
      const held = holderOf(call).parent;
      return held && ts.isVariableDeclaration(held) && ts.isIdentifier(held.name) ? [held.name] : [];
    });
    return { name: `the function \`${factoryName}()\` returns`, holders, helper: true };
  }
  // A callback handed to a call: a timer runs on its own schedule; another callback is named by where it is.
  if (wrapped.parent && ts.isCallExpression(wrapped.parent) && wrapped.parent.arguments.includes(wrapped as ts.Expression)) {
    const callee = unwrap(wrapped.parent.expression);
    const calleeName = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    // Where it is: a named function around it, an unnamed one (review 40b S40-9: said "at module level"), or none.
    const named = namedEnclosing(wrapped.parent);
    const where = named ? `in ${named}` : enclosingFunction(wrapped.parent) ? 'in an unnamed function' : 'at module level';
    if (calleeName && TIMER_FUNCTIONS.has(calleeName)) {
      return { name: `a timer (\`${calleeName}\`) ${where}`, holders: [], helper: false, outside: 'on its own schedule, outside any request' };
    }
    return { name: `a callback ${where}`, holders: [], helper: true };
  }
  const own = functionName(fn);
  return { name: own ? `\`${own.text}\`` : 'a function', holders: own ? [own] : [], helper: true };
}

/**
 * The method of a low-level request handler `node` is in (`setRequestHandler(CallToolRequestSchema, …)`), which the
 * transforms' handler sites leave to the tools the analysis reads: a table dispatching on the tool name names none.
 */
function lowLevelHandlerMethod(analysis: Analysis, node: ts.Node): string | undefined {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const registration = outermostParens(fn).parent;
    if (registration && ts.isCallExpression(registration) && requestHandlerOf(analysis, registration)?.fn === fn) return requestHandlerOf(analysis, registration)!.method;
  }
  return undefined;
}

/**
 * The request handlers that read one of `holders` (other than where it is declared), as the marker names them: the
 * tools they run, or the handler's method.
 */
function handlersReading(analysis: Analysis, holders: readonly ts.Identifier[], files: readonly ts.SourceFile[], enclosingHandler: (node: ts.Node) => HandlerSite | undefined): { names: string[]; via: string } | undefined {
  const names = new Set<string>();
  let via: string | undefined;
  for (const holder of holders) {
    const symbol = analysis.values.symbolOf(holder);
    if (!symbol) continue;
    for (const file of files) {
      if (!file.text.includes(holder.text)) continue;
      forEachDescendant(file, (node) => {
        if (!ts.isIdentifier(node) || node === holder || node.text !== holder.text) return;
        if (analysis.values.symbolOf(node) !== symbol) return;
        const handler = enclosingHandler(node);
        const method = handler ? handler.method : lowLevelHandlerMethod(analysis, node);
        if (!handler && !method) return;
        const tools = analysis.reach.toolsRunning(node).map((p) => p.tool.name);
        if (tools.length) for (const tool of tools) names.add(`the tool \`${tool}\``);
        else names.add(handler?.tool ? `the tool \`${handler.tool.name}\`` : `the ${method ?? 'request'} handler`);
        via ??= holder.text;
      });
    }
  }
  return via ? { names: [...names], via } : undefined;
}

const listed = (names: readonly string[]): string => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

export function untracedSender(analysis: Analysis, call: ts.Node, files: readonly ts.SourceFile[], enclosingHandler: (node: ts.Node) => HandlerSite | undefined): UntracedSender {
  let fn = enclosingFunction(call);
  // A function called where it is written runs where it is: at module level, that is start-up.
  while (fn && isCalledInPlace(fn)) fn = enclosingFunction(fn);
  if (!fn) {
    const startUp = enclosingFunction(call) ? ', at start-up (in a function called where it is written)' : '';
    return { from: `sent outside a request handler${startUp}`, inRequest: false, helper: false };
  }
  const sender = nameSender(analysis, fn);
  if (sender.outside) return { from: `sent from ${sender.name}, which runs ${sender.outside}`, inRequest: false, helper: false };
  const reading = handlersReading(analysis, sender.holders, files, enclosingHandler);
  if (reading) {
    return { from: `sent from ${sender.name}, which ${listed(reading.names)} ${reading.names.length === 1 ? 'reads' : 'read'} as a value (\`${reading.via}\`) and may run in ${reading.names.length === 1 ? 'its' : 'their'} request, not from a request handler itself`, inRequest: true, helper: sender.helper };
  }
  if (sender.name.startsWith('the function `')) {
    return { from: `sent from ${sender.name}, which is handed on as a value that mcp-migrate cannot follow to the request that runs it (if a tool's call runs it, it is that tool's helper)`, inRequest: false, helper: true };
  }
  return { from: `sent from ${sender.name}, which no request handler mcp-migrate can see calls (it may run at start-up, from a hook, or from a tool's call through code it cannot follow)`, inRequest: false, helper: sender.helper };
}
