import { ts } from '../../analysis/typescript.js';
import { propertyNameText } from '../../analysis/ast.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-transport/session-id-generator',
    category: 'session-transport',
    severity: 'error',
    fix: 'auto',
    summary: 'A Streamable HTTP transport mints session ids (`sessionIdGenerator` is not `undefined`)',
    messages: {
      sessionful:
        'Transport is sessionful: `sessionIdGenerator` mints an `Mcp-Session-Id`, which 2026-07-28 removed. Serve with `createMcpHandler(buildServer)` + `toNodeHandler` instead.',
    },
    spec: specUrl('basic/transports/streamable-http'),
  },
  create(context) {
    const check = (prop: ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ts.MethodDeclaration): void => {
      if (propertyNameText(prop.name) !== 'sessionIdGenerator') return;
      if (!context.analysis.values.isTransportOptions(prop.parent)) return;
      const { values } = context.analysis;
      // `undefined` however it arrives: literally, a const, a property typed `undefined`, or a
      // parameter every caller leaves out (`makeTransport()` for `{ sessionIdGenerator }`).
      if (ts.isPropertyAssignment(prop) && values.isUndefinedValue(prop.initializer)) return;
      if (ts.isShorthandPropertyAssignment(prop) && values.isUndefinedValue(prop.name)) return;
      context.report({ node: prop.name, messageId: 'sessionful' });
    };
    return {
      visitors: {
        [ts.SyntaxKind.PropertyAssignment]: check,
        [ts.SyntaxKind.ShorthandPropertyAssignment]: check,
        [ts.SyntaxKind.MethodDeclaration]: check,
      },
    };
  },
});
