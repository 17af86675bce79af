/**
 * The handshake in hand-written request plumbing: gateways, proxies and servers that parse JSON-RPC themselves
 * instead of registering SDK handlers. Two shapes say "this code takes part in `initialize`":
 *
 * - the method of an MCP message compared with `'initialize'` / `'notifications/initialized'` (`===`, `!==`, a
 *   `case`), where the compared value is known to be an MCP message: typed with an SDK JSON-RPC or request type,
 *   received by an SDK transport's `onmessage`, or dispatched on by the same code against other MCP methods
 *   (`case 'tools/list'`), so that it is MCP plumbing and not some other `initialize`;
 * - an `InitializeResult` built by hand (an object literal with `protocolVersion`, `capabilities` and
 *   `serverInfo`): the code answers the handshake itself, whether or not we can see what it compares.
 */
import { ts } from '../typescript.js';
import { isJsonRpcMessageLiteral } from './json-rpc-literals.js';
import { enclosingFunction, isFunctionLike, isInside, isUndefined, memberAccess, outermostWrapper, propertyNameText, unwrap } from './ast.js';
import { declaredType } from './declarations.js';
import type { ValueAnalysis } from './values.js';
import { isServerKind } from './value.js';

export const HANDSHAKE_METHODS = new Set(['initialize', 'notifications/initialized']);

/** Request methods of MCP that no other protocol uses in this spelling: a dispatcher on them is MCP plumbing. */
const MCP_REQUEST_METHODS = new Set([
  'tools/list', 'tools/call', 'resources/list', 'resources/read', 'resources/templates/list', 'resources/subscribe',
  'resources/unsubscribe', 'prompts/list', 'prompts/get', 'completion/complete', 'logging/setLevel', 'server/discover',
]);

/** The SDK's names for a JSON-RPC message or an MCP request (v1 `types.js`, v2 `@modelcontextprotocol/core`). */
const MESSAGE_TYPE = /^(JSONRPC(Message|Request|Notification)|(Client|Server)?(Request|Notification)|InitializeRequest|JSONRPCMessageSchema)$/;

/** Members an `InitializeResult` has and no other MCP result has all of. */
const INITIALIZE_RESULT_MEMBERS = ['protocolVersion', 'capabilities', 'serverInfo'];
/** Every member an `InitializeResult` may have (2025-11-25 schema): an object naming others is some other document. */
const INITIALIZE_RESULT_ALLOWED = new Set([...INITIALIZE_RESULT_MEMBERS, 'instructions', '_meta']);

export interface MethodComparison {
  /** The method string compared against. */
  method: string;
  /** The `x.method` / `method` expression it is compared with. */
  discriminant: ts.Expression;
  /** The statements the comparison guards (an `if`'s then-branch, a `case`'s statements); absent for `!==`. */
  guarded: readonly ts.Node[];
  /** For `!==`: what runs when the message is anything but this method (the `if`'s then-branch). */
  otherwise?: ts.Statement;
}

/** `msg.method === 'initialize'`, `case 'initialize':` over `switch (msg.method)`: the comparison `literal` takes part in. */
export function methodComparison(literal: ts.StringLiteralLike): MethodComparison | undefined {
  const parent = literal.parent;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    const equal = op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken;
    const unequal = op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
    if (!equal && !unequal) return undefined;
    const other = unwrap(parent.left === literal ? parent.right : parent.left) as ts.Expression;
    if (!isMethodExpression(other)) return undefined;
    const statement = guardingIf(parent);
    return {
      method: literal.text,
      discriminant: other,
      guarded: equal && statement ? [statement.thenStatement] : [],
      ...(unequal && statement ? { otherwise: statement.thenStatement } : {}),
    };
  }
  if (ts.isCaseClause(parent) && parent.expression === literal) {
    const discriminant = unwrap(parent.parent.parent.expression) as ts.Expression;
    if (!isMethodExpression(discriminant)) return undefined;
    return { method: literal.text, discriminant, guarded: parent.statements };
  }
  return undefined;
}

/** `x.method`, `x['method']`, or a `method` variable (destructured from a message or passed in). */
function isMethodExpression(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return node.text === 'method';
  return memberAccess(node)?.name === 'method';
}

/** The `if` whose condition the comparison is (alone or in an `&&`/`||` chain). */
function guardingIf(comparison: ts.Expression): ts.IfStatement | undefined {
  let current: ts.Node = comparison;
  while (current.parent && (ts.isParenthesizedExpression(current.parent) || (ts.isBinaryExpression(current.parent) && current.parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken))) {
    current = current.parent;
  }
  return current.parent && ts.isIfStatement(current.parent) && current.parent.expression === current ? current.parent : undefined;
}

/**
 * Whether the value whose `method` is compared is an MCP message: its declaration is typed with an SDK message
 * type, it is the parameter of a function an SDK transport's `onmessage` is set to, or the code around it also
 * compares the same discriminant with another MCP request method.
 */
export function isMcpMessageDispatch(values: ValueAnalysis, comparison: MethodComparison): boolean {
  const messageNode = messageOf(comparison.discriminant);
  const declaration = messageNode && values.symbolOf(messageNode)?.valueDeclaration;
  if (declaration && (isTypedAsMessage(values, declaration) || isTransportMessageParameter(values, declaration))) return true;
  return dispatchesOtherMcpMethods(comparison.discriminant);
}

/**
 * `function summarize(method: string, result) { switch (method) { case 'initialize': return { … } } }`: the compared
 * `method` is a plain parameter, so no message is in sight, and the branch only computes a value from what it was given
 * (reads members, builds an object, returns it) — no call, no `new`, no `await`, no write to anything it did not declare,
 * no fall-through into the next case. Such code describes a request (a log line summarising its result, sweep 34 AH2);
 * it does not answer, forward or wait for one. A hand-built `InitializeResult` returned there is an answer all the same
 * (`guardsInitializeResult`).
 */
export function onlyDescribesHandedInMethod(values: ValueAnalysis, comparison: MethodComparison): boolean {
  const discriminant = comparison.discriminant;
  const declaration = ts.isIdentifier(discriminant) ? values.symbolOf(discriminant)?.valueDeclaration : undefined;
  if (!declaration || !ts.isParameter(declaration) || !ts.isIdentifier(declaration.name) || comparison.guarded.length === 0) return false;
  const last = comparison.guarded[comparison.guarded.length - 1]!;
  const caseClause = last.parent && ts.isCaseClause(last.parent);
  if (caseClause && !endsBranch(last)) return false;
  return comparison.guarded.every((statement) => !acts(values, statement));
}

/** The statement leaves the `case` (`return`, `break`, or a block ending in one): nothing falls through into the next. */
function endsBranch(statement: ts.Node): boolean {
  if (ts.isReturnStatement(statement) || ts.isBreakStatement(statement)) return true;
  if (ts.isBlock(statement)) {
    const last = statement.statements[statement.statements.length - 1];
    return !!last && endsBranch(last);
  }
  return false;
}

/** Whether the statements do anything but compute a value: a call, `new`, `await`/`yield`, `throw`, `delete`, or a write to a name declared outside them. */
function acts(values: ValueAnalysis, root: ts.Node): boolean {
  let found = false;
  // A local of the branch itself (`let n = 0; n += 1`): declared below `root`.
  const declaredInside = (target: ts.Node): boolean => {
    const inner = unwrap(target);
    const declaration = ts.isIdentifier(inner) ? values.symbolOf(inner)?.valueDeclaration : undefined;
    return !!declaration && isInside(declaration, root);
  };
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node) || ts.isAwaitExpression(node) || ts.isYieldExpression(node) || ts.isThrowStatement(node) || ts.isDeleteExpression(node)) found = true;
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) found = !declaredInside(node.left);
    else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) found = !declaredInside(node.operand);
    // A JSON-RPC message built by hand (`{ jsonrpc: '2.0', id, result }`, or `result`/`error` beside `id`): an answer to
    // the request, however its method came in (review 42 S42-7).
    else if (ts.isObjectLiteralExpression(node) && isJsonRpcMessageLiteral(node)) found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

/** The message a discriminant belongs to: `msg` of `msg.method`, or the object `method` was destructured from. */
function messageOf(discriminant: ts.Expression): ts.Node | undefined {
  if (!ts.isIdentifier(discriminant)) {
    const object = unwrap(memberAccess(discriminant)!.object);
    return ts.isIdentifier(object) ? object : undefined;
  }
  return discriminant;
}

function isTypedAsMessage(values: ValueAnalysis, declaration: ts.Node): boolean {
  // `const { method } = message` / `({ method }: JSONRPCRequest) => …`: the destructured object's type.
  let holder: ts.Node = declaration;
  while (ts.isBindingElement(holder)) holder = holder.parent.parent;
  const type = declaredType(holder);
  if (type && namesMessageType(values, type)) return true;
  if (ts.isVariableDeclaration(holder) && holder.initializer) {
    // `const { method } = message`: the type of the message destructured.
    const source = unwrap(holder.initializer);
    const decl = ts.isIdentifier(source) ? values.symbolOf(source)?.valueDeclaration : undefined;
    if (decl && decl !== holder) return isTypedAsMessage(values, decl) || isTransportMessageParameter(values, decl);
  }
  return false;
}

function namesMessageType(values: ValueAnalysis, type: ts.TypeNode): boolean {
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) return type.types.some((t) => namesMessageType(values, t));
  if (!ts.isTypeReferenceNode(type)) return false;
  const ref = values.sdk.exportOf(type.typeName);
  return !!ref && MESSAGE_TYPE.test(ref.name);
}

/** The first parameter of a function assigned to an SDK transport's `onmessage` (`transport.onmessage = (msg) => …`). */
function isTransportMessageParameter(values: ValueAnalysis, declaration: ts.Node): boolean {
  let param: ts.Node = declaration;
  while (ts.isBindingElement(param)) param = param.parent.parent;
  if (!ts.isParameter(param) || !isFunctionLike(param.parent) || param.parent.parameters[0] !== param) return false;
  let holder: ts.Node = param.parent;
  while (holder.parent && ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
  const assignment = holder.parent;
  if (!assignment || !ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken || assignment.right !== holder) return false;
  const target = memberAccess(assignment.left);
  return target?.name === 'onmessage' && values.valueOf(target.object)?.kind === 'transport';
}

/** The enclosing function (or file) compares the same discriminant text with another MCP request method. */
function dispatchesOtherMcpMethods(discriminant: ts.Expression): boolean {
  const text = discriminant.getText();
  const scope: ts.Node = enclosingFunction(discriminant) ?? discriminant.getSourceFile();
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isStringLiteralLike(node) && MCP_REQUEST_METHODS.has(node.text)) {
      const comparison = methodComparison(node);
      if (comparison && comparison.discriminant.getText() === text) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return found;
}

/** `{ protocolVersion, capabilities, serverInfo }`: an `InitializeResult` built by the project. */
export function isHandBuiltInitializeResult(object: ts.Node): object is ts.ObjectLiteralExpression {
  if (!ts.isObjectLiteralExpression(object)) return false;
  const names = new Set(object.properties.map((p) => propertyNameText(p.name)));
  // A server card (SEP-1649: `$schema`, `transport`, `tools`, …) shares the three members but answers no handshake.
  const foreign = object.properties.some((p) => !ts.isSpreadAssignment(p) && !INITIALIZE_RESULT_ALLOWED.has(propertyNameText(p.name) ?? ''));
  return !foreign && INITIALIZE_RESULT_MEMBERS.every((name) => names.has(name));
}

/** Whether a hand-built `InitializeResult` is among the statements a comparison guards. */
export function guardsInitializeResult(comparison: MethodComparison): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (isHandBuiltInitializeResult(node)) found = true;
    else ts.forEachChild(node, visit);
  };
  for (const statement of comparison.guarded) visit(statement);
  return found;
}

/** The `'initialize'` comparison guarding `node` (an enclosing `if` then-branch or `case`), if any. */
export function guardingInitializeComparison(node: ts.Node): MethodComparison | undefined {
  for (let current: ts.Node = node; current.parent; current = current.parent) {
    const parent = current.parent;
    if (ts.isIfStatement(parent) && parent.thenStatement === current) {
      const found = initializeComparisonIn(parent.expression);
      if (found) return found;
    }
    if (ts.isCaseClause(parent) && parent.statements.some((s) => s === current) && ts.isStringLiteralLike(parent.expression) && HANDSHAKE_METHODS.has(parent.expression.text)) {
      const found = methodComparison(parent.expression);
      if (found) return found;
    }
  }
  return undefined;
}

function initializeComparisonIn(condition: ts.Expression): MethodComparison | undefined {
  let found: MethodComparison | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isStringLiteralLike(node) && HANDSHAKE_METHODS.has(node.text)) {
      const comparison = methodComparison(node);
      if (comparison && comparison.guarded.length > 0) found = comparison;
    }
    ts.forEachChild(node, visit);
  };
  visit(condition);
  return found;
}

/** `isInitializeRequest(msg)` (or any check) applied to the message an SDK transport's `onmessage` receives. */
export function isTransportMessage(values: ValueAnalysis, node: ts.Node): boolean {
  const inner = unwrap(node);
  const declaration = ts.isIdentifier(inner) ? values.symbolOf(inner)?.valueDeclaration : undefined;
  return !!declaration && isTransportMessageParameter(values, declaration);
}

/**
 * `transport.onmessage = (msg) => upstream.send(msg)` / `child.stdin.write(JSON.stringify(msg) + '\n')` on an SDK
 * server transport: every client message, `initialize` included, goes on unchanged to something else (an upstream
 * server, a child process) without the code looking at the handshake. Returns the `onmessage` name to report at.
 * A handler that looks at `initialize` itself (a comparison, `isInitializeRequest`) is reported where it looks.
 */
export function rawForwarder(values: ValueAnalysis, assignment: ts.BinaryExpression): ts.Node | undefined {
  if (assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return undefined;
  const target = memberAccess(assignment.left);
  if (target?.name !== 'onmessage' || values.valueOf(target.object)?.kind !== 'transport') return undefined;
  const fn = unwrap(assignment.right);
  if (!isFunctionLike(fn) || !fn.body) return undefined;
  const param = fn.parameters[0];
  if (!param || !ts.isIdentifier(param.name)) return undefined;
  const message = values.symbolOf(param.name);
  if (!message) return undefined;
  let forwards = false;
  let looksAtHandshake = false;
  const isMessage = (node: ts.Node | undefined): boolean => {
    const inner = node && unwrap(node);
    return !!inner && ts.isIdentifier(inner) && values.symbolOf(inner) === message;
  };
  const visit = (node: ts.Node): void => {
    if (looksAtHandshake) return;
    if (ts.isStringLiteralLike(node) && HANDSHAKE_METHODS.has(node.text)) looksAtHandshake = true;
    if (ts.isCallExpression(node)) {
      if (values.sdk.exportOf(node.expression)?.name === 'isInitializeRequest') looksAtHandshake = true;
      const callee = memberAccess(node.expression);
      const arg = node.arguments[0];
      // `upstream.send(msg)`: the message itself handed to another transport's sender.
      if (callee?.name === 'send' && isMessage(arg)) forwards = true;
      // `stream.write(JSON.stringify(msg) + '\n')`: the message serialized onto a stream.
      if (callee?.name === 'write' && arg && serializes(arg, isMessage)) forwards = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return forwards && !looksAtHandshake ? target.nameNode : undefined;
}

/** `JSON.stringify(msg)`, alone or concatenated (`JSON.stringify(msg) + '\n'`, a template). */
function serializes(node: ts.Node, isMessage: (node: ts.Node | undefined) => boolean): boolean {
  const inner = unwrap(node);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) return serializes(inner.left, isMessage) || serializes(inner.right, isMessage);
  if (ts.isTemplateExpression(inner)) return inner.templateSpans.some((span) => serializes(span.expression, isMessage));
  if (!ts.isCallExpression(inner)) return false;
  const callee = memberAccess(inner.expression);
  return callee?.name === 'stringify' && ts.isIdentifier(unwrap(callee.object)) && (unwrap(callee.object) as ts.Identifier).text === 'JSON' && isMessage(inner.arguments[0]);
}

/**
 * The SDK's private handshake fields: what `initialize` set on a `Server` (`_clientCapabilities`,
 * `_clientVersion`) and the Streamable HTTP transport's "already initialized" guard (`_initialized`).
 */
const PRIVATE_HANDSHAKE_FIELDS: Readonly<Record<string, 'server' | 'server-or-transport'>> = {
  _clientCapabilities: 'server',
  _clientVersion: 'server',
  _initialized: 'server-or-transport',
};

/**
 * `x._initialized`, `server._clientCapabilities` on an SDK server or transport: the field's name and
 * the node naming it. Presence checks (`typeof x._initialized`, `x._initialized !== undefined`) in
 * front of a real use are not sites of their own.
 */
export function privateHandshakeField(values: ValueAnalysis, node: ts.PropertyAccessExpression | ts.ElementAccessExpression): { name: string; nameNode: ts.Node } | undefined {
  const access = memberAccess(node);
  // An own field only: `x.toString()`, `x.constructor` are not private handshake state (and need no value of `x`).
  const owners = access && Object.hasOwn(PRIVATE_HANDSHAKE_FIELDS, access.name) ? PRIVATE_HANDSHAKE_FIELDS[access.name] : undefined;
  if (!access || !owners || isPresenceCheck(node)) return undefined;
  const owner = values.valueOf(access.object);
  return isServerKind(owner) || (owners === 'server-or-transport' && owner?.kind === 'transport') ? { name: access.name, nameNode: access.nameNode } : undefined;
}

/**
 * `typeof x._initialized`, `x._initialized !== undefined`: a check of the field in front of its real use (a write or
 * a read that decides something), not a site of its own (as a bare guard of a session-id read is not).
 */
function isPresenceCheck(node: ts.Node): boolean {
  const outer = outermostWrapper(node);
  const parent = outer.parent;
  if (parent && ts.isTypeOfExpression(parent)) return true;
  if (!parent || !ts.isBinaryExpression(parent)) return false;
  const op = parent.operatorToken.kind;
  const equality = op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
  const other = parent.left === outer ? parent.right : parent.left;
  return equality && isUndefined(other);
}

/**
 * A project's own `isInitializeRequest` applied to an HTTP request's body (`extractInitializeMessage(req.body)`,
 * 1mcp's local `isInitializeRequest(body)`): a function of the project, called on `<x>.body`, whose own body
 * compares a message's `method` with `'initialize'`. Routing on it opens a session per `initialize` as the SDK's
 * helper does. A call on anything but a request body (a transport's message) is handshake plumbing, not routing.
 */
export function isHandWrittenInitializeTest(values: ValueAnalysis, call: ts.CallExpression): boolean {
  const arg = call.arguments[0];
  if (!arg || memberAccess(unwrap(arg))?.name !== 'body') return false;
  const fn = values.calls.functionOfCall(call);
  if (!fn?.body) return false;
  let compares = false;
  const visit = (node: ts.Node): void => {
    if (compares) return;
    if (ts.isStringLiteralLike(node) && node.text === 'initialize' && methodComparison(node)) compares = true;
    else ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return compares;
}
