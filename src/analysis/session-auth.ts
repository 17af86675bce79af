/**
 * Identity bound to the MCP session: a call that receives both the session id (followed by `SessionFlow`) and the
 * caller's verified identity (`IDENTITY_SOURCES`: `req.auth`, `authInfo`, the `Authorization` header, or a value
 * derived from one): `isSessionOwnedBy(sessionId, userId)` with `const userId = getUserIdFromAuth(req.auth)`,
 * `storeSessionMetadata(sessionId, { userId: authInfo.extra.sub })`. Store accesses and log calls are not such
 * calls (`keyed-store` and `session-telemetry` have them).
 *
 * A call whose result decides a branch (`if (!(await isSessionOwnedBy(sid, user)))`) checks the caller against
 * what was recorded for the session: `check`. Any other records the identity for the session: `record`.
 */
import { ts } from '../typescript.js';
import { enclosingFunction, forEachDescendant, isFunctionLike, memberAccess, propertyNameText, outermostWrapper, unwrap } from './ast.js';
import { IDENTITY_SOURCES } from './credentials.js';
import type { SessionFlow } from './session-flow.js';
import type { ValueAnalysis } from './values.js';
import { holdsRequestPart } from './http-requests.js';

export interface SessionAuthBinding {
  call: ts.CallExpression;
  kind: 'check' | 'record';
  /** The argument that carries the identity. */
  identity: ts.Expression;
}

/**
 * One site per binding of identity to the session: when the project checks the binding anywhere, its checks (the check
 * is what changes: it moves to each request's principal; recording the owner goes with the session layer); otherwise
 * the records.
 */
export function sessionAuthBindings(values: ValueAnalysis, sessions: SessionFlow): SessionAuthBinding[] {
  const out: SessionAuthBinding[] = [];
  for (const [call, indices] of sessions.passedTo) {
    const identity = call.arguments.find((arg, i) => !indices.has(i) && !ts.isSpreadElement(arg) && carriesIdentity(values, arg, 0));
    if (!identity) continue;
    out.push({ call, kind: decidesBranch(call) ? 'check' : 'record', identity });
  }
  return out.some((b) => b.kind === 'check') ? out.filter((b) => b.kind === 'check') : out;
}

/** `req.auth`, `extra.authInfo?.extra`, `req.headers.authorization`, or an expression or `const` built from one. */
function carriesIdentity(values: ValueAnalysis, expr: ts.Node, depth: number): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || isFunctionLike(node)) return;
    const access = (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) ? memberAccess(node) : undefined;
    if (access && IDENTITY_SOURCES.members.has(access.name) && isCallerIdentity(values, access.object, access.nameNode)) {
      found = true;
      return;
    }
    const header = values.headerAccessOf(node, IDENTITY_SOURCES.headers)?.name ?? headerMember(values, node);
    if (header && IDENTITY_SOURCES.headers.has(header)) {
      found = true;
      return;
    }
    if (ts.isIdentifier(node) && depth < 3) {
      const decl = values.symbolOf(node)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && carriesIdentity(values, decl.initializer, depth + 1)) {
        found = true;
        return;
      }
      // `const { auth } = req`
      if (decl && ts.isBindingElement(decl)) {
        const name = decl.propertyName && ts.isIdentifier(decl.propertyName) ? decl.propertyName.text : ts.isIdentifier(decl.name) ? decl.name.text : undefined;
        if (name && IDENTITY_SOURCES.members.has(name)) {
          found = true;
          return;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(expr);
  return found;
}

/**
 * `x.auth` / `x.authInfo` is the caller's identity when the member is declared with the SDK's `AuthInfo` type
 * (`type AuthenticatedRequest = Request & { auth?: AuthInfo }`), when `x` is a handler context (`extra.authInfo`,
 * `ctx.http?.authInfo`), or when `x` holds the incoming HTTP request (its `headers` are read in the same function, as
 * the SDK's bearer middleware sets `req.auth` on it). A tool definition's `auth` (its required scopes) is none of these.
 */
function isCallerIdentity(values: ValueAnalysis, object: ts.Expression, nameNode: ts.Node): boolean {
  const declared = values.symbolOf(nameNode)?.declarations ?? [];
  if (declared.some((d) => (ts.isPropertySignature(d) || ts.isPropertyDeclaration(d)) && d.type && namesSdkAuthInfo(values, d.type))) return true;
  // The checker cannot see the member when part of the type is a package not installed (`express.Request & { auth?: AuthInfo }`).
  const member = ts.isIdentifier(nameNode) ? memberTypeOf(values, object, nameNode.text) : undefined;
  if (member && namesSdkAuthInfo(values, member)) return true;
  const holder = unwrap(object) as ts.Expression;
  const context = ts.isPropertyAccessExpression(holder) && holder.name.text === 'http' ? unwrap(holder.expression) : holder;
  const kind = values.valueOf(context)?.kind;
  if (kind === 'context' || kind === 'context-request') return true;
  return holdsIncomingRequest(values, holder);
}

/** The type the project declares for `object.<name>`, read from `(x as T)` or `x`'s declared type, through aliases, intersections and interfaces. */
function memberTypeOf(values: ValueAnalysis, object: ts.Expression, name: string): ts.TypeNode | undefined {
  let current: ts.Node = object;
  while (ts.isParenthesizedExpression(current) || ts.isNonNullExpression(current)) current = current.expression;
  let type: ts.TypeNode | undefined;
  if (ts.isAsExpression(current) || ts.isTypeAssertionExpression(current)) type = current.type;
  else if (ts.isIdentifier(current)) {
    const decl = values.symbolOf(current)?.valueDeclaration;
    type = decl && (ts.isParameter(decl) || ts.isVariableDeclaration(decl)) ? decl.type : undefined;
  }
  const find = (node: ts.Node | undefined, depth: number): ts.TypeNode | undefined => {
    if (!node || depth > 4) return undefined;
    if (ts.isIntersectionTypeNode(node) || ts.isUnionTypeNode(node)) {
      for (const part of node.types) {
        const found = find(part, depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    if (ts.isTypeLiteralNode(node) || ts.isInterfaceDeclaration(node)) {
      for (const m of node.members) if (ts.isPropertySignature(m) && propertyNameText(m.name) === name && m.type) return m.type;
      return ts.isInterfaceDeclaration(node) ? find(node.heritageClauses?.flatMap((h) => h.types)[0], depth + 1) : undefined;
    }
    if (ts.isExpressionWithTypeArguments(node) || ts.isTypeReferenceNode(node)) {
      const ref = ts.isTypeReferenceNode(node) ? node.typeName : node.expression;
      for (const d of values.symbolOf(ref)?.declarations ?? []) {
        const found = ts.isTypeAliasDeclaration(d) ? find(d.type, depth + 1) : ts.isInterfaceDeclaration(d) ? find(d, depth + 1) : undefined;
        if (found) return found;
      }
    }
    return undefined;
  };
  return find(type, 0);
}

/** `AuthInfo`, `AuthInfo | undefined`, resolved to the SDK's export. */
function namesSdkAuthInfo(values: ValueAnalysis, type: ts.TypeNode): boolean {
  if (ts.isUnionTypeNode(type)) return type.types.some((t) => namesSdkAuthInfo(values, t));
  return ts.isTypeReferenceNode(type) && values.sdk.exportOf(type.typeName)?.name === 'AuthInfo';
}

/** A name (or `(req as T)`) whose `headers` the function that declares it also reads: an incoming HTTP request. */
function holdsIncomingRequest(values: ValueAnalysis, holder: ts.Node): boolean {
  const inner = unwrap(holder);
  if (!ts.isIdentifier(inner)) return false;
  const symbol = values.symbolOf(inner);
  const decl = symbol?.valueDeclaration;
  const scope = decl && (isFunctionLike(decl.parent) ? decl.parent : enclosingFunction(decl));
  if (!symbol || !scope) return false;
  let found = false;
  forEachDescendant(scope, (node) => {
    if (found || !ts.isPropertyAccessExpression(node) || node.name.text !== 'headers') return;
    const object = unwrap(node.expression);
    if (ts.isIdentifier(object) && values.symbolOf(object) === symbol) found = true;
  });
  return found;
}

/** `req.headers.authorization`: a header read as a member of the request's headers. */
function headerMember(values: ValueAnalysis, node: ts.Node): string | undefined {
  if (!ts.isPropertyAccessExpression(node)) return undefined;
  const holder = unwrap(node.expression);
  const owner = memberAccess(holder);
  if (owner?.name === 'headers' || holdsRequestPart(values, holder, 'headers')) return node.name.text.toLowerCase();
  return undefined;
}

/** The call's result (awaited, negated, in parentheses) is the condition of an `if`, a `?:`, a loop or a `&&`/`||`. */
function decidesBranch(call: ts.CallExpression): boolean {
  let node: ts.Node = outermostWrapper(call);
  for (;;) {
    const parent = node.parent;
    if (!parent) return false;
    if ((ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken) || ts.isParenthesizedExpression(parent) || ts.isAwaitExpression(parent)) {
      node = parent;
      continue;
    }
    if (ts.isIfStatement(parent) || ts.isWhileStatement(parent) || ts.isDoStatement(parent)) return parent.expression === node;
    if (ts.isConditionalExpression(parent)) return parent.condition === node;
    if (ts.isBinaryExpression(parent)) {
      const op = parent.operatorToken.kind;
      return op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken;
    }
    return false;
  }
}
