import { ts } from '../../typescript.js';
import { propertyNameText } from '../../analysis/ast.js';
import { SESSION_HEADER, headerDecoratorOf, isHeaderWrite } from '../../analysis/http-requests.js';
import { moduleOfImport } from '../../analysis/package-imports.js';
import { defineRule, specUrl } from '../rule.js';

/** `exposedHeaders: ['Mcp-Session-Id']`, `res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id')`. */
function isCorsMention(literal: ts.StringLiteralLike, values: { constantString(n: ts.Node): string | undefined }): boolean {
  // Asked of every string literal of the program: a test that copies nothing first (lower-casing each one cost ~75 ms of
  // CPU in a profiled scan of mongodb-mcp-server).
  if (!mentions(literal.text)) return false;
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

type Constants = {
  constantString(n: ts.Node): string | undefined;
  constantStringPassing(n: ts.Node, test: (text: string) => boolean): string | undefined;
  symbolOf(n: ts.Node): ts.Symbol | undefined;
};

const SESSION_HEADER_MENTION = new RegExp(SESSION_HEADER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
function mentions(text: string | undefined): boolean {
  return !!text && text.length >= SESSION_HEADER.length && SESSION_HEADER_MENTION.test(text);
}

/**
 * The entries of a CORS header list that name `Mcp-Session-Id` when the list is built rather than spelled as
 * one literal: a template span (`${MCP_SESSION_ID_HEADER}`), a concatenated or joined constant, or an entry of a
 * list declared elsewhere (`DEFAULT_ALLOWED_HEADERS.join(', ')`, reported at its entry).
 */
function builtCorsEntries(node: ts.Node, values: Constants, depth = 0): ts.Node[] {
  const inner = ts.isParenthesizedExpression(node) || ts.isAsExpression(node) ? node.expression : node;
  if (depth > 3) return [];
  if (ts.isStringLiteralLike(inner)) return mentions(inner.text) ? [inner] : [];
  if (ts.isTemplateExpression(inner)) return inner.templateSpans.flatMap((span) => builtCorsEntries(span.expression, values, depth));
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) return [...builtCorsEntries(inner.left, values, depth), ...builtCorsEntries(inner.right, values, depth)];
  if (ts.isArrayLiteralExpression(inner)) return inner.elements.flatMap((e) => builtCorsEntries(e, values, depth));
  if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression) && inner.expression.name.text === 'join') return builtCorsEntries(inner.expression.expression, values, depth);
  if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
    if (mentions(values.constantString(inner))) return [inner];
    const decl = values.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isVariableDeclarationList(decl.parent) && decl.parent.flags & ts.NodeFlags.Const) {
      return builtCorsEntries(decl.initializer, values, depth + 1);
    }
  }
  return [];
}

const CORS_LIST_HEADER = /^access-control-(allow|expose)-headers$/i;
const isCorsListHeader = (text: string): boolean => CORS_LIST_HEADER.test(text);

/** The value of a CORS header list: `res.header('Access-Control-Allow-Headers', value)`, `cors({ allowedHeaders: value })`. */
function corsListValue(node: ts.CallExpression | ts.PropertyAssignment, values: Constants): ts.Node | undefined {
  if (ts.isPropertyAssignment(node)) return /headers$/i.test(propertyNameText(node.name) ?? '') ? node.initializer : undefined;
  const [name, value] = node.arguments;
  // Asked of every call with two arguments: a first argument that is no such constant is answered without a symbol lookup.
  return name && value && values.constantStringPassing(name, isCorsListHeader) !== undefined ? value : undefined;
}

/** Node's HTTP client modules: a response they hand back is one the program received as a client. */
const HTTP_CLIENT_MODULES = new Set(['http', 'https', 'node:http', 'node:https']);
const HTTP_CLIENT_CALLS = new Set(['request', 'get']);

/**
 * A read off the response of a request the program sent itself, as an MCP client (a smoke test's `http.request(…, (res) =>
 * res.headers['mcp-session-id'])`, `(await fetch(url)).headers.get('mcp-session-id')`: sweep 28 AB4): no server code.
 */
function readsOutgoingResponse(node: ts.ElementAccessExpression | ts.CallExpression | ts.BindingElement, values: Constants): boolean {
  if (!ts.isElementAccessExpression(node) && !ts.isCallExpression(node)) return false;
  let object: ts.Expression = ts.isElementAccessExpression(node) ? node.expression : ts.isPropertyAccessExpression(node.expression) ? node.expression.expression : node.expression;
  while (ts.isPropertyAccessExpression(object) || ts.isParenthesizedExpression(object) || ts.isNonNullExpression(object) || ts.isAwaitExpression(object)) object = object.expression;
  if (ts.isCallExpression(object)) return isFetch(object);
  if (!ts.isIdentifier(object)) return false;
  const declaration = values.symbolOf(object)?.valueDeclaration;
  if (!declaration) return false;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
    let init: ts.Expression = declaration.initializer;
    while (ts.isAwaitExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
    return ts.isCallExpression(init) && isFetch(init);
  }
  if (!ts.isParameter(declaration)) return false;
  const callback = declaration.parent;
  const call = callback.parent;
  if (!ts.isCallExpression(call) || !call.arguments.includes(callback as ts.Expression) || !ts.isPropertyAccessExpression(call.expression)) return false;
  if (!HTTP_CLIENT_CALLS.has(call.expression.name.text)) return false;
  const module = call.expression.expression;
  if (!ts.isIdentifier(module)) return false;
  const bound = values.symbolOf(module)?.declarations?.[0];
  const specifier = bound && moduleOfImport(bound);
  return specifier !== undefined && HTTP_CLIENT_MODULES.has(specifier);
}

function isFetch(call: ts.CallExpression): boolean {
  return ts.isIdentifier(call.expression) && call.expression.text === 'fetch';
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
      const header = values.headerAccessOf(node, SESSION_HEADER);
      if (!header || readsOutgoingResponse(node, values)) return;
      // Injected by a framework's parameter decorator (NestJS `@Headers('mcp-session-id')`): reported, not rewritten (review 36 R8).
      const injected = ts.isCallExpression(node) && headerDecoratorOf(values, node) !== undefined;
      context.report({ node: header.nameNode, messageId: isHeaderWrite(node) ? 'write' : 'read', ...(injected ? { fix: 'manual' as const } : {}) });
    };
    const checkLiteral = (node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): void => {
      if (isCorsMention(node, values)) context.report({ node, messageId: 'cors' });
    };
    const checkBuiltList = (node: ts.CallExpression | ts.PropertyAssignment): void => {
      const value = corsListValue(node, values);
      if (!value) return;
      // Literals spelled in the list itself are checkLiteral's.
      for (const entry of builtCorsEntries(value, values)) {
        if (!(ts.isStringLiteral(entry) || ts.isNoSubstitutionTemplateLiteral(entry)) || !isCorsMention(entry, values)) context.report({ node: entry, messageId: 'cors' });
      }
    };
    return {
      visitors: {
        [ts.SyntaxKind.ElementAccessExpression]: checkAccess,
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          checkAccess(node);
          checkBuiltList(node);
        },
        [ts.SyntaxKind.PropertyAssignment]: checkBuiltList,
        [ts.SyntaxKind.BindingElement]: checkAccess,
        [ts.SyntaxKind.StringLiteral]: checkLiteral,
        [ts.SyntaxKind.NoSubstitutionTemplateLiteral]: checkLiteral,
      },
    };
  },
});
