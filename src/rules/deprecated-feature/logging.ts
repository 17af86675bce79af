import { ts } from '../../typescript.js';
import { calleeParts, propertyNameText, unwrap } from '../../analysis/ast.js';
import { isServerKind } from '../../analysis/value.js';
import { isConstructorArgument } from '../../analysis/constructor-options.js';
import { isHandBuiltInitializeResult } from '../../analysis/handshake-plumbing.js';
import { handBuiltMessage, logSentOnItsRequest } from '../../analysis/json-rpc-literals.js';
import { describedFeature } from '../../analysis/sdk-features.js';
import { REGISTER_CAPABILITIES } from '../../analysis/sdk-modules.js';
import { defineRule, featureVisitors, specUrl } from '../rule.js';
import type { Analysis } from '../../analysis/model.js';

/** The raw notification methods of logging, from the SDK description. */
const RAW_METHODS = new Set(Object.keys(describedFeature('logging').messages ?? {}));

/**
 * `new McpServer(info, { capabilities: { logging: {} } })`, inline or through an options variable; or the
 * capabilities a low-level server registers later: `server.registerCapabilities({ logging: {} })`.
 */
function isServerCapabilities(analysis: Analysis, object: ts.Node): boolean {
  if (isCapabilitiesOfHandBuiltAnswer(object)) return true;
  const call = object.parent;
  if (call && ts.isCallExpression(call) && call.arguments[0] === object) {
    const { name, receiver } = calleeParts(call);
    return name === REGISTER_CAPABILITIES && !!receiver && isServerKind(analysis.values.valueOf(receiver));
  }
  const prop = object.parent;
  if (!prop || !ts.isPropertyAssignment(prop) || propertyNameText(prop.name) !== 'capabilities') return false;
  return isConstructorArgument(analysis.values, prop.parent, 1, (created) => isServerKind(analysis.values.valueOf(created)));
}

/** The `capabilities` object of an `InitializeResult` that request plumbing builds by hand (a gateway's own answer). */
function isCapabilitiesOfHandBuiltAnswer(object: ts.Node): boolean {
  const prop = object.parent;
  return !!prop && ts.isPropertyAssignment(prop) && propertyNameText(prop.name) === 'capabilities' && isHandBuiltInitializeResult(prop.parent);
}

export default defineRule({
  meta: {
    id: 'deprecated-feature/logging',
    category: 'deprecated-feature',
    severity: 'warning',
    fix: 'assisted',
    summary: '`sendLoggingMessage()`, raw `notifications/message`, `logging/setLevel` handlers, `capabilities.logging`',
    messages: {
      call: '`sendLoggingMessage()` is deprecated and silently dropped on 2026-07-28 unless the request asked for a log level; inside a handler use `ctx.mcpReq.log(...)`, elsewhere log to stderr or OpenTelemetry.',
      raw: 'Raw `notifications/message`: on 2026-07-28 log messages travel only on the response stream of a request that carried a log level; Logging is deprecated.',
      handler: '`logging/setLevel` was removed in 2026-07-28: the level arrives per request in `_meta`. This handler only serves legacy clients.',
      capability: 'The `logging` capability is deprecated in 2026-07-28 (SEP-2577); plan to log to stderr or OpenTelemetry.',
    },
    spec: specUrl('server/utilities/logging'),
  },
  create(context) {
    const { values } = context.analysis;
    // SDK 1.x `extra.sendNotification({ method: 'notifications/message', … })` travels on the request it was
    // sent for (the context binds `relatedRequestId`): the request-scoped logging 2026-07-28 keeps, as
    // `ctx.mcpReq.log` is in v2, and what apply writes on `--target stateless-v1`. v2's raw `ctx.mcpReq.notify`
    // stays a finding: it skips the per-request log level that `ctx.mcpReq.log` honours.
    const feature = featureVisitors(context, 'logging', (use, call) => !(use.messageId === 'raw' && logSentOnItsRequest(context.analysis, call)));
    /** `capabilities: SERVER_CAPABILITIES` (a const, also from another module) or `{ ...BASE, tools: {} }`: its `logging`. */
    const loggingIn = (node: ts.Node, depth: number): ts.Node[] => {
      const inner = unwrap(node);
      if (depth > 4) return [];
      if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
        const decl = values.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner)?.valueDeclaration;
        const init = decl && (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) ? decl.initializer : undefined;
        return init ? loggingIn(init, depth + 1) : [];
      }
      if (!ts.isObjectLiteralExpression(inner)) return [];
      const out: ts.Node[] = [];
      for (const prop of inner.properties) {
        if (ts.isSpreadAssignment(prop)) out.push(...loggingIn(prop.expression, depth + 1));
        else if (depth > 0 && propertyNameText(prop.name) === 'logging') out.push(prop.name!);
      }
      return out;
    };
    const checkCapabilities = (node: ts.PropertyAssignment | ts.ShorthandPropertyAssignment): void => {
      if (propertyNameText(node.name) !== 'capabilities') return;
      const value = ts.isPropertyAssignment(node) ? node.initializer : node.name;
      // The inline literal's own `logging` is reported by the PropertyAssignment visitor below.
      const declared = isHandBuiltInitializeResult(node.parent) || isConstructorArgument(values, node.parent, 1, (created) => isServerKind(values.valueOf(created)));
      if (!declared) return;
      for (const at of loggingIn(value, 0)) context.report({ node: at, messageId: 'capability' });
    };
    return {
      visitors: {
        ...feature.visitors,
        [ts.SyntaxKind.PropertyAssignment]: (node: ts.PropertyAssignment) => {
          if (propertyNameText(node.name) === 'logging' && isServerCapabilities(context.analysis, node.parent)) {
            context.report({ node: node.name, messageId: 'capability' });
          }
          checkCapabilities(node);
        },
        [ts.SyntaxKind.ShorthandPropertyAssignment]: checkCapabilities,
        // A notification built by hand and returned or queued rather than passed to a sender we can see.
        [ts.SyntaxKind.ObjectLiteralExpression]: (node: ts.ObjectLiteralExpression) => {
          const literal = handBuiltMessage(values, node, (method) => RAW_METHODS.has(method));
          if (literal) context.report({ node: literal, messageId: 'raw', data: { method: 'notifications/message' } });
        },
      },
    };
  },
});
