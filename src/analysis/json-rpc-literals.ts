/**
 * JSON-RPC messages that hand-written request plumbing builds and hands on without a call we can see:
 * returned to a caller, stored in a queue field, yielded, assigned. `rule.ts`'s raw-message check covers a
 * message passed as a call argument (inline or through a `const`); this covers the rest, so one message is
 * one site either way.
 */
import { ts } from '../typescript.js';
import { calleeParts, outermostWrapper, propertyNameText } from './ast.js';
import type { Analysis } from './model.js';
import { sdkMajorOfFile } from './sdk-modules.js';
import type { ValueAnalysis } from './values.js';

/**
 * `{ jsonrpc: '2.0', method: 'sampling/createMessage', params }` (or without `jsonrpc`, when it has `params`)
 * whose method `accepts` takes, and that is not passed to a call: the method string literal.
 */
export function handBuiltMessage(values: ValueAnalysis, object: ts.ObjectLiteralExpression, accepts: (method: string) => boolean): ts.Expression | undefined {
  // Asked of every object literal by three rules: the `method` member first, nothing built for the others.
  const named = (name: string) => object.properties.find((p) => p.name !== undefined && propertyNameText(p.name) === name);
  const methodProp = named('method');
  if (!methodProp || !ts.isPropertyAssignment(methodProp) || (!named('jsonrpc') && !named('params'))) return undefined;
  const method = values.constantString(methodProp.initializer);
  if (method === undefined || !accepts(method)) return undefined;
  return passedToCall(values, object) ? undefined : methodProp.initializer;
}

/** An object literal written as a JSON-RPC message: a `jsonrpc` member, or `result`/`error` beside `id` (a response). */
export function isJsonRpcMessageLiteral(literal: ts.ObjectLiteralExpression): boolean {
  const names = new Set(literal.properties.flatMap((p) => (p.name ? [propertyNameText(p.name)] : [])));
  return names.has('jsonrpc') || (names.has('id') && (names.has('result') || names.has('error')));
}

/** A call argument itself, or a `const` initializer whose variable is one (what the raw-message check sees). */
function passedToCall(values: ValueAnalysis, object: ts.ObjectLiteralExpression): boolean {
  const holder = outermostWrapper(object);
  const parent = holder.parent;
  if (!parent) return false;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments?.some((a) => a === holder)) return true;
  if (!ts.isVariableDeclaration(parent) || parent.initializer !== holder || !ts.isIdentifier(parent.name)) return false;
  const symbol = values.symbolOf(parent.name);
  const scope = parent.getSourceFile();
  let passed = false;
  const visit = (node: ts.Node): void => {
    if (passed) return;
    if (ts.isIdentifier(node) && node !== parent.name && node.text === (parent.name as ts.Identifier).text && values.symbolOf(node) === symbol) {
      const use = outermostWrapper(node).parent;
      if (use && (ts.isCallExpression(use) || ts.isNewExpression(use)) && use.arguments?.some((a) => a === outermostWrapper(node))) passed = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return passed;
}

/**
 * A raw log message sent through an SDK 1.x (or vendored SDK: not v2) request handler's own context (`extra.sendNotification({ method:
 * 'notifications/message', … })`): it travels on that request's stream, the SDK 1.x form of `ctx.mcpReq.log` and
 * what `apply --target stateless-v1` writes. The rule does not report it and the logging transform leaves it.
 */
export function logSentOnItsRequest(analysis: Analysis, call: ts.CallExpression): boolean {
  const { receiver } = calleeParts(call);
  const kind = receiver && analysis.values.valueOf(receiver)?.kind;
  return (kind === 'context' || kind === 'context-request') && sdkMajorOfFile(call.getSourceFile()) !== 2;
}
