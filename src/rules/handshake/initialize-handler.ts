import { ts } from '../../typescript.js';
import { enclosingFunction, memberAccess, propertyNameText, unwrap } from '../../analysis/ast.js';
import { isServerKind } from '../../analysis/values.js';
import {
  HANDSHAKE_METHODS as METHODS,
  guardingInitializeComparison,
  guardsInitializeResult,
  isHandBuiltInitializeResult,
  isMcpMessageDispatch,
  methodComparison,
} from '../../analysis/handshake-plumbing.js';
import { waitsForInitialized } from '../../analysis/initialized-waits.js';
import { defineRule, handlerRegistration, specUrl } from '../rule.js';
import type { Analysis } from '../../analysis/model.js';

/**
 * `server.fallbackRequestHandler = async (request) => { if (request.method === 'initialize') return {…} }`: a
 * catch-all handler on an SDK server that answers the handshake itself. Returns the method string compared against.
 */
function fallbackInitialize(analysis: Analysis, literal: ts.StringLiteralLike): string | undefined {
  if (!METHODS.has(literal.text)) return undefined;
  const parent = literal.parent;
  const compared =
    (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(parent.operatorToken.kind)) ||
    (ts.isCaseClause(parent) && parent.expression === literal);
  if (!compared) return undefined;
  for (let fn = enclosingFunction(literal); fn; fn = enclosingFunction(fn)) {
    let holder: ts.Node = fn;
    while (holder.parent && ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
    const assignment = holder.parent;
    if (!assignment || !ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken || unwrap(assignment.right) !== fn) continue;
    const target = memberAccess(assignment.left);
    if (target?.name === 'fallbackRequestHandler' && isServerKind(analysis.values.valueOf(target.object))) return literal.text;
  }
  return undefined;
}

/**
 * Hand-written request plumbing (a gateway, a proxy, a server parsing JSON-RPC itself) that compares an MCP
 * message's method with `'initialize'` to answer, forward or wait for the handshake.
 */
function plumbingInitialize(analysis: Analysis, literal: ts.StringLiteralLike): string | undefined {
  if (!METHODS.has(literal.text)) return undefined;
  const comparison = methodComparison(literal);
  if (!comparison) return undefined;
  // `if (msg.method !== 'initialize') await ready;`: the wait is the site (`handshake/oninitialized`), reported once.
  if (comparison.otherwise && awaitsInitialized(analysis, comparison.otherwise)) return undefined;
  return isMcpMessageDispatch(analysis.values, comparison) || guardsInitializeResult(comparison) ? literal.text : undefined;
}

function awaitsInitialized(analysis: Analysis, statement: ts.Statement): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isAwaitExpression(node) && waitsForInitialized(analysis.values, node.expression)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}

/** Inside the handler of a registration this rule reports already (`setRequestHandler(InitializeRequestSchema, …)`). */
function inInitializeRegistration(analysis: Analysis, node: ts.Node): boolean {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const call = fn.parent;
    if (call && ts.isCallExpression(call) && call.arguments.some((a) => unwrap(a) === fn)) {
      const registration = handlerRegistration(analysis, call);
      if (registration && METHODS.has(registration.method)) return true;
    }
  }
  return false;
}

export default defineRule({
  meta: {
    id: 'handshake/initialize-handler',
    category: 'handshake',
    severity: 'error',
    fix: 'manual',
    summary: 'A custom `initialize` request or `notifications/initialized` handler',
    messages: {
      handler: 'Custom `{{method}}` handler: 2026-07-28 removed the handshake, so it only runs for legacy clients. Move capability/version logic to per-request `_meta` and implement `server/discover` semantics via the SDK.',
      plumbing:
        'Hand-written request plumbing handles `{{method}}` itself (answers, forwards or waits for it): 2026-07-28 clients never send the handshake, so this branch only runs for legacy clients and whatever it sets up is missing for the others. Read version, capabilities and client info from each request\'s `_meta`, and answer `server/discover` (or serve through the SDK\'s `createMcpHandler`).',
      answered:
        'Builds an `InitializeResult` by hand (`protocolVersion`, `capabilities`, `serverInfo`): the code answers the handshake itself, which 2026-07-28 clients never send. Declare capabilities and server info on the `McpServer` (served by `server/discover` and per-response `_meta`) and keep this answer, if at all, for legacy clients only.',
    },
    spec: specUrl('server/discover'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const registration = handlerRegistration(context.analysis, node);
          if (registration && METHODS.has(registration.method)) {
            context.report({ node: registration.argument, messageId: 'handler', data: { method: registration.method } });
          }
        },
        [ts.SyntaxKind.StringLiteral]: (node: ts.StringLiteral) => {
          const method = fallbackInitialize(context.analysis, node);
          if (method) {
            context.report({ node, messageId: 'handler', data: { method } });
            return;
          }
          const handled = plumbingInitialize(context.analysis, node);
          if (handled) context.report({ node, messageId: 'plumbing', data: { method: handled } });
        },
        [ts.SyntaxKind.ObjectLiteralExpression]: (node: ts.ObjectLiteralExpression) => {
          if (!isHandBuiltInitializeResult(node)) return;
          // One site: the `'initialize'` comparison guarding the answer, or the registration whose handler returns it.
          if (guardingInitializeComparison(node) || inInitializeRegistration(context.analysis, node)) return;
          const at = node.properties.find((p) => propertyNameText(p.name) === 'protocolVersion')!;
          context.report({ node: at.name!, messageId: 'answered' });
        },
      },
    };
  },
});
