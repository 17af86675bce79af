/**
 * Helpers a handler passes its context to. The official codemod rewrites a handler's `extra` into
 * v2's `ctx` and, where `ctx` is passed on (`audit(ctx, 'echo')`), comments "The context object
 * is forwarded to audit(…)". Two cases it leaves worse than it could:
 * - the helper's parameter is typed inline with v1's context keys
 *   (`extra: { sessionId?: string; requestId: unknown }`): the call no longer type-checks (TS2345).
 *   The codemod does remap a parameter annotated `RequestHandlerExtra` (its type becomes
 *   `ServerContext`, `extra.requestId` becomes `extra.mcpReq.id`), so the codemod runs again with
 *   that annotation in place of the inline type: helper and callers then agree;
 * - the helper's parameter is (now) typed as v2's context: the comment is stale, and dropped.
 */
import type { Diagnostic } from '@modelcontextprotocol/codemod';
import type { BindingElement, FunctionDeclaration, Node as TsMorphNode, ParameterDeclaration, ShorthandPropertyAssignment, SourceFile } from 'ts-morph';
import { loadTsMorph, ts } from '../../typescript.js';
import { declarationsAt, declarationsOf } from './bindings.js';
import { compilerDescendantsOfKind, descendantsOfKind } from './compiler-walk.js';
import { namesContextType } from './context-mocks.js';
import { handlerContextOf, REGISTRATION_METHODS } from '../../analysis/sdk-modules.js';
import { unwrap } from '../../analysis/ast.js';
import { returningFunction } from '../../analysis/declarations.js';

const FORWARDED = /^The context object is forwarded to ([\w$]+)\(…\)/;
const V1_CONTEXT = handlerContextOf(1);
/** The keys of v1's `RequestHandlerExtra`: an inline type made of these only describes the handler context. */
const V1_CONTEXT_KEYS = V1_CONTEXT.members;
/** v1's context type (`RequestHandlerExtra`) and the module exporting it. */
const V1_CONTEXT_TYPE = V1_CONTEXT.type;
const V1_PROTOCOL_MODULE = V1_CONTEXT.module!;
/** v1's `extra.requestId` and `extra.sessionId`, and the first member of v2's request id path (`ctx.mcpReq.id`). */
const V1_REQUEST_ID = V1_CONTEXT.requestId[0]!;
const V1_SESSION_ID = V1_CONTEXT.sessionId!;
const V2_CONTEXT = handlerContextOf(2);
const V2_REQUEST = V2_CONTEXT.requestId[0]!;

export interface ForwardedContext {
  /** The helper, a function declared at the top of the file. */
  helper: string;
  /** Which of its parameters receives the context. */
  index: number;
}

/** The helper parameters the codemod's "forwarded" comments are about (their lines resolved, in `sf`). */
export function forwardedContexts(sf: SourceFile, diagnostics: readonly Diagnostic[]): Array<ForwardedContext & { diagnostic: Diagnostic }> {
  const { Node, SyntaxKind } = loadTsMorph();
  const out: Array<ForwardedContext & { diagnostic: Diagnostic }> = [];
  for (const diagnostic of diagnostics) {
    const helper = FORWARDED.exec(diagnostic.message)?.[1];
    if (!helper) continue;
    let line: number;
    try {
      line = diagnostic.resolveCurrentLine?.() ?? diagnostic.line;
    } catch {
      continue;
    }
    const call = sf
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .find((c) => c.getExpression().getText() === helper && c.getStartLineNumber() <= line && c.getEndLineNumber() >= line);
    const index = call?.getArguments().findIndex((a) => Node.isIdentifier(a) && declarationsOf(a).some((d) => ts.isParameter(d)));
    if (index === undefined || index < 0) continue;
    out.push({ helper, index, diagnostic });
  }
  return out;
}

/** Registration methods (from the SDK description): the last callback parameter is the handler's context. */
const REGISTRATIONS = REGISTRATION_METHODS;

/**
 * Helpers a registration callback hands its context parameter to, found in the code rather than in
 * the codemod's comments: the codemod says "forwarded" only for some shapes, and says nothing for a
 * callback with an expression body (`(args, ctx) => echo(send, args, ctx)`, nickytonline's
 * `src/tools.ts`). Only helpers declared in the file count; `inlineTypedHelpers` then keeps those whose
 * parameter is typed with v1's context keys alone.
 */
export function contextsPassedToHelpers(sf: SourceFile): ForwardedContext[] {
  const { SyntaxKind } = loadTsMorph();
  const out: ForwardedContext[] = [];
  // Whether the file declares a helper of that name, asked once per name (each asks ts-morph to wrap the file's statements).
  // Only a name that some top-level function or variable declaration has can be one (getFunction and
  // getVariableDeclaration look among those, by the name's text, into destructuring patterns too).
  const declared = new Map<string, boolean>();
  const topNames = new Set<string>();
  const addNames = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) topNames.add(name.getText(sf.compilerNode));
    else for (const element of name.elements) if (ts.isBindingElement(element)) addNames(element.name);
  };
  for (const statement of sf.compilerNode.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) topNames.add(statement.name.getText(sf.compilerNode));
    if (ts.isVariableStatement(statement)) for (const decl of statement.declarationList.declarations) addNames(decl.name);
  }
  const declaresHelper = (helper: string): boolean => {
    if (!topNames.has(helper)) return false;
    let found = declared.get(helper);
    if (found === undefined) declared.set(helper, (found = !!(sf.getFunction(helper) || sf.getVariableDeclaration(helper))));
    return found;
  };
  // Compiler nodes: a call whose callee is a name and that passes a name on is all this looks at (nothing is wrapped).
  const file = sf.compilerNode;
  for (const call of compilerDescendantsOfKind<ts.CallExpression>(file, SyntaxKind.CallExpression)) {
    const callee = call.expression;
    if (!ts.isIdentifier(callee) || !call.arguments.some((a) => ts.isIdentifier(a))) continue;
    const helper = callee.getText(file);
    if (!declaresHelper(helper)) continue;
    call.arguments.forEach((argument, index) => {
      if (!ts.isIdentifier(argument)) return;
      // Compiler nodes of the file (declarationsOf reads the file alone; see there).
      const parameter = declarationsAt(sf, argument).find((d) => ts.isParameter(d));
      const callback = parameter?.parent;
      if (!parameter || !callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return;
      if (callback.parameters[callback.parameters.length - 1] !== parameter) return;
      const registration = callback.parent;
      if (!registration || !ts.isCallExpression(registration) || !registration.arguments.includes(callback)) return;
      const target = registration.expression;
      if (!ts.isPropertyAccessExpression(target) || !REGISTRATIONS.has(target.name.text)) return;
      out.push({ helper, index }); // repeats are merged with the codemod's ones by the caller
    });
  }
  return out;
}

function helperParameter(sf: SourceFile, { helper, index }: ForwardedContext): ParameterDeclaration | undefined {
  const { Node } = loadTsMorph();
  const fn: FunctionDeclaration | undefined = sf.getFunction(helper);
  if (fn) return fn.getParameters()[index];
  const init = sf.getVariableDeclaration(helper)?.getInitializer();
  if (init && (Node.isArrowFunction(init) || Node.isFunctionExpression(init))) return init.getParameters()[index];
  return undefined;
}

/** An inline object type made only of v1 context keys. */
function isInlineV1Context(type: TsMorphNode | undefined): boolean {
  const { Node } = loadTsMorph();
  if (!type || !Node.isTypeLiteral(type)) return false;
  const members = type.getMembers();
  return members.length > 0 && members.every((m) => Node.isPropertySignature(m) && V1_CONTEXT_KEYS.has(m.getName()));
}

/** The same test on a compiler node (the registration callbacks are found without wrapping the file's nodes). */
function isInlineV1ContextNode(type: ts.TypeNode | undefined): boolean {
  return !!type && ts.isTypeLiteralNode(type) && type.members.length > 0 && type.members.every((m) => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && V1_CONTEXT_KEYS.has(m.name.text));
}

/** A registration callback's context parameter (its last) typed inline with v1's context keys. */
function inlineTypedHandlerContext(node: ts.Node): boolean {
  if (!ts.isParameter(node) || !isInlineV1ContextNode(node.type)) return false;
  const callback = node.parent;
  if (!(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) || callback.parameters[callback.parameters.length - 1] !== node) return false;
  const registration = callback.parent;
  if (ts.isCallExpression(registration) && registration.arguments.includes(callback) && ts.isPropertyAccessExpression(registration.expression) && REGISTRATIONS.has(registration.expression.name.text)) return true;
  return returnedByRegisteredWrapper(callback);
}

/**
 * A handler a wrapper of the file builds and returns (`function wrap(h) { return async (args, extra?: { … }) => … }`),
 * registered as `server.registerTool(name, config, wrap(h))` (a cast around the call allowed; iceener/spotify's
 * `createWrappedHandler`): its context parameter is a handler's.
 */
function returnedByRegisteredWrapper(callback: ts.ArrowFunction | ts.FunctionExpression): boolean {
  const wrapper = returningFunction(callback);
  const name = !wrapper ? undefined : ts.isFunctionDeclaration(wrapper) ? wrapper.name?.text : ts.isVariableDeclaration(wrapper.parent) && ts.isIdentifier(wrapper.parent.name) ? wrapper.parent.name.text : undefined;
  if (!name) return false;
  let registered = false;
  const visit = (node: ts.Node): void => {
    if (registered) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && REGISTRATIONS.has(node.expression.name.text)) {
      registered = node.arguments.some((arg) => {
        const inner = unwrap(arg);
        return ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === name;
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(callback.getSourceFile());
  return registered;
}

/**
 * Whether a handler's own context parameter is typed inline with v1's context keys (`async (args, extra: { requestInfo?:
 * RequestInfo }) => …`, neondatabase/mcp-server-neon): the codemod renames it `ctx` but keeps the v1 type, and the
 * imports it names, which v2 may not export (`RequestInfo`). `annotateAsV1Context` types it like a helper's.
 */
export function hasInlineTypedHandlerContexts(sf: SourceFile): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (inlineTypedHandlerContext(node)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(sf.compilerNode);
  return found;
}

/** The forwarded contexts whose helper parameter is typed inline with v1's context keys. */
export function inlineTypedHelpers(sf: SourceFile, forwarded: readonly ForwardedContext[]): ForwardedContext[] {
  return forwarded.filter((f) => isInlineV1Context(helperParameter(sf, f)?.getTypeNode()));
}

/**
 * In a fresh copy of the file (before the codemod), types each of those parameters, and each handler context
 * parameter typed inline with v1's keys, as v1's `RequestHandlerExtra` (imported for the purpose), so that the
 * codemod migrates it like any annotated context parameter.
 */
export function annotateAsV1Context(sf: SourceFile, helpers: readonly ForwardedContext[]): void {
  const existing = sf
    .getImportDeclarations()
    .filter((d) => d.getModuleSpecifierValue().startsWith('@modelcontextprotocol/sdk'))
    .flatMap((d) => d.getNamedImports())
    .find((n) => n.getName() === V1_CONTEXT_TYPE);
  const local = existing ? (existing.getAliasNode()?.getText() ?? V1_CONTEXT_TYPE) : V1_CONTEXT_TYPE;
  let changed = false;
  for (const helper of helpers) {
    const parameter = helperParameter(sf, helper);
    if (!parameter || !isInlineV1Context(parameter.getTypeNode())) continue;
    parameter.setType(local);
    changed = true;
  }
  // A handler's own context parameter typed the same way: annotated so, the codemod types it as v2's context too.
  for (const parameter of descendantsOfKind<ParameterDeclaration>(sf, ts.SyntaxKind.Parameter, inlineTypedHandlerContext)) {
    parameter.setType(local);
    changed = true;
  }
  if (changed && !existing) {
    // Beside the file's SDK imports, where a hand-written one would be. The index is one among the file's statements
    // with its comments (each `//` line is one for ts-morph), not among its imports: after a header of line comments,
    // an import's own index put it inside the header, and the codemod's v2 import with it.
    const lastSdk = sf.getImportDeclarations().filter((d) => d.getModuleSpecifierValue().startsWith('@modelcontextprotocol/sdk')).at(-1);
    sf.insertImportDeclaration(lastSdk ? lastSdk.getChildIndex() + 1 : 0, { moduleSpecifier: V1_PROTOCOL_MODULE, namedImports: [V1_CONTEXT_TYPE], isTypeOnly: true });
  }
}

/**
 * After that run, the helper reads its context the way a v2 handler does (nickytonline/mcp-typescript-template
 * PR 93, by hand): the parameter is named `ctx` like the handlers' own, and the request id is `ctx.mcpReq.id`.
 *
 * - The parameter `extra` (the codemod retyped it but kept its name) becomes `ctx` with every reference, unless
 *   the helper already sees a `ctx` of its own.
 * - The codemod remaps `extra.requestId` but not a destructuring of it (`const { sessionId, requestId } = extra;`),
 *   which v2's context no longer fits (its id is `mcpReq.id`). The session id beside it is read as the
 *   session-telemetry rewrite reads it (session-state-to-handles, `destructured-log-id.ts`): a local whose every
 *   use is a field of a log object that already carries `requestId` is dropped with those fields (2026-07-28 has
 *   no session; the request id tells the lines apart). The request id is then its own declaration,
 *   `const requestId = ctx.mcpReq.id;`. A session id used any other way stays destructured, and the request id
 *   becomes `mcpReq: { id: requestId }` beside it, which the session-telemetry rewrite reads in its turn.
 */
export function remapDestructuredRequestId(sf: SourceFile, helpers: readonly ForwardedContext[]): void {
  const { Node, SyntaxKind } = loadTsMorph();
  for (const helper of helpers) {
    const parameter = helperParameter(sf, helper);
    if (!parameter || !Node.isIdentifier(parameter.getNameNode())) continue;
    const fn = parameter.getParent();
    if (parameter.getName() !== CONTEXT && !fn.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === CONTEXT)) {
      parameter.getNameNode().asKindOrThrow(SyntaxKind.Identifier).rename(CONTEXT);
    }
    const name = parameter.getName();
    for (const decl of fn.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
      const init = decl.getInitializer();
      const pattern = decl.getNameNode();
      if (!init || !Node.isIdentifier(init) || init.getText() !== name || !Node.isObjectBindingPattern(pattern)) continue;
      const elements = pattern.getElements();
      const keyOf = (e: BindingElement): string => e.getPropertyNameNode()?.getText() ?? e.getName();
      if (elements.some((e) => keyOf(e) === V2_REQUEST || e.getDotDotDotToken())) continue;
      const requestId = elements.find((e) => keyOf(e) === V1_REQUEST_ID && !e.getInitializer() && Node.isIdentifier(e.getNameNode()));
      if (!requestId) continue;
      const sessionId = elements.find((e) => keyOf(e) === V1_SESSION_ID && !e.getPropertyNameNode() && !e.getInitializer());
      const logFields = sessionId ? logFieldsBesideRequestId(sessionId) : undefined;
      const kept = elements.filter((e) => e !== requestId && !(logFields && e === sessionId));
      const list = decl.getParent();
      const statement = list.getParent();
      if (kept.length === 0 && Node.isVariableDeclarationList(list) && list.getDeclarations().length === 1 && Node.isVariableStatement(statement)) {
        for (const field of logFields ?? []) field.remove();
        decl.replaceWithText(`${requestId.getName()} = ${name}.mcpReq.id`);
        continue;
      }
      // Kept destructured: the fields stay too, so the session-telemetry rewrite finds every use of the id.
      requestId.replaceWithText(`mcpReq: { id: ${requestId.getName()} }`);
    }
  }
}

/** The name v2 handlers give their context (the official codemod's, for a handler's `extra`). */
const CONTEXT = 'ctx';

/**
 * `{ …, sessionId, requestId, … }` fields, one per use of the destructured session id, when every use is such a
 * shorthand field of an object that also carries `requestId`; undefined otherwise.
 */
function logFieldsBesideRequestId(element: BindingElement): ShorthandPropertyAssignment[] | undefined {
  const { Node } = loadTsMorph();
  const nameNode = element.getNameNode();
  if (!Node.isIdentifier(nameNode)) return undefined;
  const fields: ShorthandPropertyAssignment[] = [];
  for (const reference of nameNode.findReferencesAsNodes()) {
    if (reference === nameNode) continue;
    const field = reference.getParent();
    if (!field || !Node.isShorthandPropertyAssignment(field)) return undefined;
    const literal = field.getParent();
    if (!Node.isObjectLiteralExpression(literal) || !literal.getProperty(V1_REQUEST_ID)) return undefined;
    fields.push(field);
  }
  return fields.length > 0 ? fields : undefined;
}

/** Whether the helper's parameter is typed as v2's context: the codemod's "forwarded" comment is then stale. */
export function helperTakesV2Context(sf: SourceFile, forwarded: ForwardedContext): boolean {
  const type = helperParameter(sf, forwarded)?.getTypeNode();
  return !!type && namesContextType(type);
}

/**
 * After that run: the codemod adds `ServerContext` to an existing value import of
 * `@modelcontextprotocol/server` without `type`; v2 exports it as a type only, which a project on
 * `verbatimModuleSyntax` rejects. The specifier gets its `type`.
 */
export function contextImportsTypeOnly(sf: SourceFile): void {
  for (const decl of sf.getImportDeclarations()) {
    if (decl.isTypeOnly() || !decl.getModuleSpecifierValue().startsWith('@modelcontextprotocol/')) continue;
    for (const named of decl.getNamedImports()) if ((named.getName() === V2_CONTEXT.type || named.getName() === V2_CONTEXT.clientType) && !named.isTypeOnly()) named.setIsTypeOnly(true);
  }
}
