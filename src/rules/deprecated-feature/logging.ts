import { ts } from '../../analysis/typescript.js';
import { propertyNameText } from '../../analysis/ast.js';
import { isServerKind } from '../../analysis/values.js';
import { defineRule, featureVisitors, specUrl, type Analysis } from '../rule.js';

const USES = {
  serverMethods: new Set(['sendLoggingMessage']),
  rawMethods: (m: string) => m === 'notifications/message',
  handledMethods: new Set(['logging/setLevel']),
};

/** `new McpServer(info, { capabilities: { logging: {} } })`, inline or through an options variable. */
function isServerCapabilities(analysis: Analysis, object: ts.Node): boolean {
  const prop = object.parent;
  if (!prop || !ts.isPropertyAssignment(prop) || propertyNameText(prop.name) !== 'capabilities') return false;
  return analysis.values.isConstructorArgument(prop.parent, 1, (created) => isServerKind(analysis.values.valueOf(created)));
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
    const feature = featureVisitors(context, USES);
    return {
      visitors: {
        ...feature.visitors,
        [ts.SyntaxKind.PropertyAssignment]: (node: ts.PropertyAssignment) => {
          if (propertyNameText(node.name) === 'logging' && isServerCapabilities(context.analysis, node.parent)) {
            context.report({ node: node.name, messageId: 'capability' });
          }
        },
      },
    };
  },
});
