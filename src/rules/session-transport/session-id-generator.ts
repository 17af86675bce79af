import { ts } from '../../typescript.js';
import { propertyNameText, unwrap } from '../../analysis/ast.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { SESSION_HEADER, isHeaderWrite } from '../../analysis/http-requests.js';
import { isTransportOptions } from '../../analysis/constructor-options.js';
import { defineRule, specUrl, SESSION_ENDPOINT } from '../rule.js';

/**
 * What the code computes itself in the value it sends as `Mcp-Session-Id`: followed through `const`s and
 * `??`/`||`/conditional branches; an id that came from the request (the header it read, `transport.sessionId`,
 * the context) is echoed, not minted.
 */
function mintedParts(values: ValueAnalysis, expr: ts.Expression, depth = 0): ts.Expression[] {
  const inner = unwrap(expr) as ts.Expression;
  if (depth > 4) return [];
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return [...mintedParts(values, inner.left, depth + 1), ...mintedParts(values, inner.right, depth + 1)];
  }
  if (ts.isConditionalExpression(inner)) return [...mintedParts(values, inner.whenTrue, depth + 1), ...mintedParts(values, inner.whenFalse, depth + 1)];
  if (ts.isIdentifier(inner)) {
    const decl = values.symbolOf(inner)?.valueDeclaration;
    const isConst = decl && ts.isVariableDeclaration(decl) && ts.isVariableDeclarationList(decl.parent) && (decl.parent.flags & ts.NodeFlags.Const) !== 0;
    return isConst && decl.initializer ? mintedParts(values, decl.initializer, depth + 1) : [];
  }
  if (values.valueOf(inner)?.kind === 'session-id') return [];
  return ts.isCallExpression(inner) || ts.isTemplateExpression(inner) || ts.isNewExpression(inner) ? [inner] : [];
}

export default defineRule({
  meta: {
    id: 'session-transport/session-id-generator',
    category: 'session-transport',
    severity: 'error',
    fix: 'auto',
    summary: 'A Streamable HTTP transport mints session ids (`sessionIdGenerator` is not `undefined`), or the server mints the `Mcp-Session-Id` it sends',
    messages: {
      sessionful:
        'Transport is sessionful: `sessionIdGenerator` mints an `Mcp-Session-Id`, which 2026-07-28 removed. Serve with `createMcpHandler(buildServer)` + `toNodeHandler` instead.',
      minted:
        'The server mints session ids by hand (`{{expr}}`, sent as `Mcp-Session-Id`), which 2026-07-28 removed. Serve with `createMcpHandler(buildServer)` + `toNodeHandler` instead; state that spans calls travels as an explicit handle.',
    },
    spec: specUrl('basic/transports/streamable-http'),
    markerStandsFor: SESSION_ENDPOINT,
  },
  create(context) {
    const check = (prop: ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ts.MethodDeclaration): void => {
      if (propertyNameText(prop.name) !== 'sessionIdGenerator') return;
      if (!isTransportOptions(context.analysis.values, prop.parent)) return;
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
        [ts.SyntaxKind.CallExpression]: (call: ts.CallExpression) => {
          // `res.setHeader('mcp-session-id', sid)` where `const sid = provided ?? generateSessionId()`.
          if (!isHeaderWrite(call) || !context.analysis.values.headerAccessOf(call, SESSION_HEADER)) return;
          for (const minted of mintedParts(context.analysis.values, call.arguments[1]!)) {
            context.report({ node: minted, messageId: 'minted', data: { expr: minted.getText().replace(/\s+/g, ' ').slice(0, 60) } });
          }
        },
      },
    };
  },
});
