import { ts } from '../../typescript.js';
import { propertyNameText } from '../../analysis/ast.js';
import { SESSION_HEADER, isHeaderWrite } from '../../analysis/values.js';
import { defineRule, specUrl } from '../rule.js';

/** `exposedHeaders: ['Mcp-Session-Id']`, `res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id')`. */
function isCorsMention(literal: ts.StringLiteralLike, values: { constantString(n: ts.Node): string | undefined }): boolean {
  if (!literal.text.toLowerCase().includes(SESSION_HEADER)) return false;
  let holder: ts.Node = literal;
  if (ts.isArrayLiteralExpression(literal.parent)) holder = literal.parent;
  const parent = holder.parent;
  if (parent && ts.isPropertyAssignment(parent) && parent.initializer === holder) {
    return /headers$/i.test(propertyNameText(parent.name) ?? '');
  }
  if (parent && ts.isCallExpression(parent) && parent.arguments[1] === holder) {
    const first = values.constantString(parent.arguments[0]!);
    return !!first && /^access-control-/i.test(first);
  }
  return false;
}

export default defineRule({
  meta: {
    id: 'session-transport/session-header',
    category: 'session-transport',
    severity: 'error',
    fix: 'auto',
    summary: 'Reads, writes or exposes the `Mcp-Session-Id` HTTP header',
    messages: {
      read: 'Reads the `Mcp-Session-Id` header; 2026-07-28 servers ignore it and never mint or echo one.',
      write: 'Sends an `Mcp-Session-Id` header; 2026-07-28 servers never mint or echo one.',
      cors: 'Exposes `Mcp-Session-Id` through CORS; the header no longer exists in 2026-07-28 (clients send `Mcp-Method`/`Mcp-Name` instead).',
    },
    spec: specUrl('basic/transports/streamable-http'),
  },
  create(context) {
    const { values } = context.analysis;
    const checkAccess = (node: ts.ElementAccessExpression | ts.CallExpression | ts.BindingElement): void => {
      const header = values.headerAccess(node);
      if (header?.name !== SESSION_HEADER) return;
      context.report({ node: header.nameNode, messageId: isHeaderWrite(node) ? 'write' : 'read' });
    };
    const checkLiteral = (node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): void => {
      if (isCorsMention(node, values)) context.report({ node, messageId: 'cors' });
    };
    return {
      visitors: {
        [ts.SyntaxKind.ElementAccessExpression]: checkAccess,
        [ts.SyntaxKind.CallExpression]: checkAccess,
        [ts.SyntaxKind.BindingElement]: checkAccess,
        [ts.SyntaxKind.StringLiteral]: checkLiteral,
        [ts.SyntaxKind.NoSubstitutionTemplateLiteral]: checkLiteral,
      },
    };
  },
});
