/**
 * Which JSON-RPC method a `setRequestHandler`/`setNotificationHandler` registration on an SDK server
 * handles: read by rules (handshake, deprecated features) and by transforms (handler sites, logging).
 */
import { ts } from '../typescript.js';
import { calleeParts, propertyNameText, unwrap } from './ast.js';
import type { Analysis } from './model.js';
import { METHOD_OF_SCHEMA } from './sdk-modules.js';

/**
 * `server.setRequestHandler(XSchema | 'method', handler)` / `setNotificationHandler(...)` on an SDK server:
 * the JSON-RPC method it handles and the schema/method argument node.
 */
export function handlerRegistration(analysis: Analysis, call: ts.CallExpression): { method: string; argument: ts.Node } | undefined {
  const { name, receiver } = calleeParts(call);
  if ((name !== 'setRequestHandler' && name !== 'setNotificationHandler') || !receiver || call.arguments.length === 0) return undefined;
  const kind = analysis.values.valueOf(receiver)?.kind;
  if (kind !== 'mcp-server' && kind !== 'server') return undefined;
  const argument = call.arguments[0]!;
  const literal = analysis.values.constantString(argument);
  if (literal !== undefined) return { method: literal, argument };
  const method = methodOfSchema(analysis, argument, 0);
  return method ? { method, argument } : undefined;
}

/**
 * The JSON-RPC method a request/notification schema stands for: an SDK schema (`InitializeRequestSchema`),
 * one derived from it (`InitializeRequestSchema.extend({...})`), or a project schema whose `method` is a
 * literal (`z.object({ method: z.literal('initialize'), params: … })`), inline or through a `const`.
 */
function methodOfSchema(analysis: Analysis, node: ts.Node, depth: number): string | undefined {
  const inner = unwrap(node);
  const schema = analysis.sdk.exportOf(inner);
  if (schema) return METHOD_OF_SCHEMA[schema.name];
  if (depth > 3) return undefined;
  if (ts.isIdentifier(inner)) {
    const decl = analysis.values.symbolOf(inner)?.valueDeclaration;
    return decl && ts.isVariableDeclaration(decl) && decl.initializer ? methodOfSchema(analysis, decl.initializer, depth + 1) : undefined;
  }
  if (!ts.isCallExpression(inner)) return undefined;
  // `Base.extend({...})`, `Base.merge(...)`, `z.object({ method: z.literal('x') }).strict()`
  const { name, receiver } = calleeParts(inner);
  for (const arg of inner.arguments) {
    const object = unwrap(arg);
    if (!ts.isObjectLiteralExpression(object)) continue;
    const methodProp = object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'method');
    const literal = methodProp && unwrap(methodProp.initializer);
    if (literal && ts.isCallExpression(literal) && calleeParts(literal).name === 'literal' && literal.arguments[0]) {
      const method = analysis.values.constantString(literal.arguments[0]);
      if (method !== undefined) return method;
    }
  }
  return receiver && name && name !== 'literal' ? methodOfSchema(analysis, receiver, depth + 1) : undefined;
}
