/**
 * A session id that a request handler (or a helper it calls with its context) only writes to logs, spans or
 * metrics: on a 2026-07-28 request it is `undefined`, so the log line loses its correlation key. It becomes the
 * request id, per use:
 *
 * - **Which id.** The request id (`extra.requestId` on SDK 1.x, `ctx.mcpReq.id` on v2), never the authenticated
 *   principal. Inside a handler the session id told the lines of one call apart from the others; the request id
 *   does that on every request, with or without auth. The principal (`authInfo.clientId`) exists only behind
 *   auth, so on an open server the field would still be `undefined`, and it is shared by every client of one
 *   user, so it would merge unrelated calls under one key. A line that wants the principal already has
 *   `authInfo` in reach and can add it; the transform does not guess.
 * - **Which field name.** A log field is a schema dashboards and alerts select on, but a field named `sessionId`
 *   that holds request ids would be a lie in the data, worse than a renamed field that a query no longer
 *   finds. So the field is renamed to `requestId` (`{ sessionId: extra.sessionId }` → `{ requestId:
 *   extra.requestId }`), dropped when the object already carries `requestId`, and kept under its own name only
 *   where the log call's parameter type declares it (the project wrote its log schema down as a type: renaming
 *   would not compile) and the request id fits that field's type; a declared field the request id does not fit
 *   (`sessionId?: string` against v1's `string | number`) is left for a person. The type may be optional
 *   (`meta?: { sessionId?: string }`), a union or an alias: a field any member of it declares counts as declared.
 * - **Fallbacks.** `extra.sessionId ?? 'stdio'` (or `|| 'anonymous'`) becomes `extra.requestId`: the literal only filled
 *   in a missing session id, and the request id is never missing, so kept it would be dead and would name a session
 *   in a request-id field (sweep 34 AH12). It stays where the id may still be missing (`ctx?.sessionId ?? 'none'`).
 * - **Local copies.** `const sessionId = extra.sessionId ?? 'stdio'` (or `|| 'anonymous'`) — a binding named after the property it
 *   reads — is renamed with every reference (`requestId`), unless the function already sees a `requestId` or
 *   another binding of the same name, a reference is written to, or it is shorthand in an object whose type
 *   declares `sessionId`; then only the
 *   read is rewritten and the binding keeps its name. A binding named otherwise (`sid`) keeps its name.
 * - **Destructured** ids: `destructured-log-id.ts`.
 * - **Serving code is never rewritten.** Only ids read from a handler's context are: the id a transport, the
 *   `Mcp-Session-Id` header, the `?sessionId=` query or `onsessioninitialized` gives is the serving layer's own,
 *   logged by an SSE or legacy endpoint that still serves 2025 sessions, where it is real; it goes (or stays)
 *   with that endpoint and its marker.
 * - **Ids carried into the project's own context objects** are not logs (see `carriedIntoProjectObjects` in
 *   plan-handles): marked, not rewritten. Nor is a read of such an object's own field (`meta.sessionId` in a span
 *   helper whose parameter type declares it, handed `{ sessionId: extra.sessionId }`): the field is the project's
 *   API, the caller decides what it passes (its own field is rewritten or marked), and `meta.requestId` would name
 *   a field the type does not have. The read is marked, pointing at where the field is filled.
 *
 * Every edit is computed from the checker's symbols (the binding's references, the object literal's contextual
 * type), and a read whose every sink is not a log is not touched.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { enclosingFunction, outermostWrapper, propertyNameText } from '../../analysis/ast.js';
import { fallbackOf } from './fallbacks.js';
import { functionNames } from '../../analysis/call-index.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { SessionRead } from '../../analysis/session-flow.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { handlerContextOf, sdkMajorOfFile } from '../../analysis/sdk-modules.js';
import { RULE_ID } from '../../rule-ids.js';
import type { TextEdit } from '../kit/edits.js';
import { enclosingScope, hasProperty, isValueRead, mentions, removeListItem, replace, requestIdForDestructuredSessionId } from './destructured-log-id.js';

/** The name the request id is bound to and logged under: v1's member name (`extra.requestId`), as in destructured-log-id. */
const REQUEST_ID = handlerContextOf(1).requestId.at(-1)!;
const TELEMETRY_RULE = RULE_ID.sessionTelemetry;
/** `id ?? fallback`, `id || fallback`: the fallback only fills in a missing id; the value is still the id. */
const FALLBACKS = new Set([ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken]);

interface TelemetryPlan {
  edits: TextEdit[];
  telemetry: Array<{ file: string; line: number }>;
}

/** A site left for a person, with what to do there. */
type Left = { advice: string; node: ts.Node };

/**
 * Rewrites every handler-context session id used only in logs (see the module comment) and lists where; `mark`
 * puts a marker at a log field the transform leaves because the project's log type declares it.
 */
export function planTelemetryIds(result: AnalysisResult, plan: TelemetryPlan, mark: (node: ts.Node, ruleId: string, message: string) => void): void {
  const { analysis } = result;
  const { values } = analysis;
  const { checker, sdk } = values;
  const handlerContexts = new Map<ts.Node, 1 | 2>();
  for (const tool of analysis.tools) {
    const parameter = tool.handler?.parameters[tool.contextIndex];
    const major = parameter && sdkMajorOfFile(parameter.getSourceFile());
    if (parameter && major) handlerContexts.set(parameter, major);
  }
  for (const read of analysis.sessions.reads) {
    if (read.origin !== 'context' || read.sinks.length === 0 || read.sinks.some((s) => s.kind !== 'log')) continue;
    const edits = requestIdForDestructuredSessionId(read.node, checker, sdk, handlerContexts) ?? accessedIdEdits(read, values);
    if (!edits) continue;
    if (!Array.isArray(edits)) {
      mark(edits.node, TELEMETRY_RULE, edits.advice);
      continue;
    }
    plan.edits.push(...edits);
    const sf = read.node.getSourceFile();
    plan.telemetry.push({ file: sf.fileName, line: sf.getLineAndCharacterOfPosition(read.node.getStart(sf)).line + 1 });
  }
}

/** `extra.sessionId` / `ctx?.sessionId` read as a property: the edits that make it the request id, or undefined to leave it. */
function accessedIdEdits(read: SessionRead, values: ValueAnalysis): TextEdit[] | Left | undefined {
  const access = read.node.parent;
  if (!access || !ts.isPropertyAccessExpression(access) || access.name !== read.node) return undefined;
  if (!readsHandlerContext(access, values)) return copiedFieldLeft(read, access);
  const { checker } = values;
  const sf = access.getSourceFile();
  const major = sdkMajorOfFile(sf) === 2 ? 2 : 1;
  const nameEdit = replace(access.name, handlerContextOf(major).requestId.join('.'), sf);

  // The value as it is used: `extra.sessionId`, `(extra.sessionId as string)`, `extra.sessionId ?? 'stdio'` (or `||`).
  let value: ts.Node = outermostWrapper(access);
  const parent = value.parent;
  const valueEdits = [nameEdit];
  if (parent && ts.isBinaryExpression(parent) && parent.left === value && FALLBACKS.has(parent.operatorToken.kind)) {
    // The literal filled in a missing session id; the request id is never missing, so it goes (sweep 34 AH12).
    if (alwaysPresent(access, values) && fallbackOf(parent) !== undefined) valueEdits.push({ file: sf.fileName, start: value.end, end: parent.end, text: '' });
    value = outermostWrapper(parent);
  }
  const holder = value.parent;

  if (holder && ts.isVariableDeclaration(holder) && holder.initializer === value && ts.isIdentifier(holder.name) && holder.name.text === access.name.text) {
    const renamed = renameLocalCopy(holder, holder.name, checker);
    if (!renamed) return valueEdits;
    return renamed.declarationRemoved ? renamed.edits : [...valueEdits, ...renamed.edits];
  }
  if (holder && ts.isPropertyAssignment(holder) && holder.initializer === value && ts.isObjectLiteralExpression(holder.parent)) {
    return logFieldEdits(holder, valueEdits, checker, major);
  }
  return valueEdits;
}

/**
 * Whether the request id replacing `access` is always there: `x.sessionId` read from the SDK's handler context on every
 * path (whose `requestId` / `mcpReq.id` both majors declare required), not through `?.` (`ctx?.sessionId ?? 'none'`
 * is still undefined without a context).
 */
function alwaysPresent(access: ts.PropertyAccessExpression, values: ValueAnalysis): boolean {
  if (ts.isOptionalChain(access)) return false;
  const holder = values.valueOf(access.expression);
  return !!holder && [holder, ...(holder.alternatives ?? [])].every((v) => v.kind === 'context');
}

/**
 * `{ <key>: <id> }` in a log object: drop the field when the object carries the request id already, keep the key
 * where the call's parameter type declares it (when the request id fits it), else rename it `requestId`.
 */
function logFieldEdits(field: ts.PropertyAssignment, valueEdits: TextEdit[], checker: ts.TypeChecker, major: 1 | 2): TextEdit[] | Left | undefined {
  const literal = field.parent as ts.ObjectLiteralExpression;
  const sf = field.getSourceFile();
  const key = propertyNameText(field.name);
  if (key === undefined) return undefined; // a computed key: which field it is is not known
  const declared = declaredField(literal, key, checker);
  const typed = (types: ts.Type[]): TextEdit[] | Left => {
    const unfit = types.find((type) => !fits(type, checker));
    return unfit ? { node: field, advice: typedFieldAdvice(key, checker.typeToString(unfit), major) } : valueEdits;
  };
  if (declared && !declared.optional) return typed(declared.types);
  if (hasProperty(literal, REQUEST_ID)) return [removeListItem(literal.properties, field, sf)];
  if (declared) return typed(declared.types);
  return [replace(field.name, REQUEST_ID, sf), ...valueEdits];
}

/**
 * Renames `const sessionId = extra.sessionId …` and its references to `requestId`. Undefined (the binding keeps its
 * name) when the function already sees a `requestId`, a reference is written to, or a shorthand `{ sessionId }`
 * sits in an object whose type declares `sessionId`.
 */
function renameLocalCopy(declaration: ts.VariableDeclaration, name: ts.Identifier, checker: ts.TypeChecker): { edits: TextEdit[]; declarationRemoved: boolean } | undefined {
  const scope = enclosingScope(declaration);
  const symbol = checker.getSymbolAtLocation(name);
  if (!scope || !symbol || mentions(scope, REQUEST_ID)) return undefined;
  const sf = name.getSourceFile();
  const edits: TextEdit[] = [];
  let unsupported = false;
  let kept = 0;
  const visit = (node: ts.Node): void => {
    if (unsupported) return;
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === name.text && checker.getShorthandAssignmentValueSymbol(node) === symbol) {
      const literal = node.parent;
      const declared = declaredField(literal, name.text, checker);
      if (declared) unsupported = !(declared.optional && hasProperty(literal, REQUEST_ID));
      if (hasProperty(literal, REQUEST_ID)) edits.push(removeListItem(literal.properties, node, sf));
      else {
        edits.push(replace(node.name, REQUEST_ID, sf));
        kept++;
      }
      return;
    }
    if (ts.isIdentifier(node) && node !== name && node.text === name.text && !isPropertyKey(node) && checker.getSymbolAtLocation(node) !== symbol) {
      // Another binding of the same name in this function (a destructured `{ sessionId }`, a second copy): its own
      // rewrite may bind `requestId` too, and two `requestId` bindings in one function would not compile.
      unsupported = true;
      return;
    }
    if (ts.isIdentifier(node) && node !== name && node.text === name.text && checker.getSymbolAtLocation(node) === symbol) {
      if (!isValueRead(node)) unsupported = true;
      else {
        edits.push(replace(node, REQUEST_ID, sf));
        kept++;
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(scope, visit);
  if (unsupported) return undefined;
  if (kept > 0) return { edits: [replace(name, REQUEST_ID, sf), ...edits], declarationRemoved: false };
  // Every use was a field next to the request id, now dropped: the copy is read by nothing and goes with them.
  const list = declaration.parent;
  const statement = list.parent;
  if (!ts.isVariableDeclarationList(list) || list.declarations.length !== 1 || !ts.isVariableStatement(statement)) return undefined;
  return { edits: [...edits, removeStatementLine(statement, sf)], declarationRemoved: true };
}

/** Removes a statement with its line when it stands alone on it, else just its text. */
function removeStatementLine(statement: ts.Statement, sf: ts.SourceFile): TextEdit {
  const start = statement.getStart(sf);
  const lineStart = sf.text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = sf.text.indexOf('\n', statement.end);
  const alone = /^[ \t]*$/.test(sf.text.slice(lineStart, start)) && lineEnd !== -1 && /^[ \t]*\r?$/.test(sf.text.slice(statement.end, lineEnd));
  return alone ? { file: sf.fileName, start: lineStart, end: lineEnd + 1, text: '' } : { file: sf.fileName, start, end: statement.end, text: '' };
}

/**
 * `x.sessionId` where `x` is (or, from some caller, may be) the handler's context, not an object of the project's
 * own type the id was copied into (the value analysis follows such copies: `meta.sessionId` of a parameter
 * `meta: { sessionId?: string }` handed `{ sessionId: extra.sessionId }`).
 */
function readsHandlerContext(access: ts.PropertyAccessExpression, values: ValueAnalysis): boolean {
  const holder = values.valueOf(access.expression);
  return !!holder && [holder, ...(holder.alternatives ?? [])].some((v) => v.kind === 'context' || v.kind === 'framework');
}

/** `meta.sessionId` of a project object the session id was copied into: a marker tying it to the copy. */
function copiedFieldLeft(read: SessionRead, access: ts.PropertyAccessExpression): Left | undefined {
  const copy = read.hops.at(-1)?.node;
  if (!copy || !(ts.isPropertyAssignment(copy) || ts.isShorthandPropertyAssignment(copy))) return undefined;
  // Named by the code, not by a line number, which the markers inserted above it would shift.
  const call = copy.parent.parent;
  const filler = call && ts.isCallExpression(call) && call.arguments.includes(copy.parent) ? `the argument of \`${call.expression.getText()}(…)\`` : `\`${copy.getText()}\``;
  const fn = enclosingFunction(copy);
  const inFunction = fn ? functionNames(fn)[0] : undefined;
  const sf = copy.getSourceFile();
  const where = `${filler}${inFunction ? ` in \`${inFunction}()\`` : ''}${sf === access.getSourceFile() ? '' : ` (${path.basename(sf.fileName)})`}`;
  // `sessionId: ctx?.sessionId || 'unknown'`: the copy's fallback is what a 2026-07-28 request gets (sweep 10 H7).
  const fallback = ts.isPropertyAssignment(copy) ? fallbackOf(copy.initializer) : undefined;
  const value = fallback ? `it is ${fallback} here (the fallback), the same for every such request` : 'it is undefined here';
  return {
    node: access,
    advice: `\`${access.getText()}\` is a field of the project's own type, which ${where} fills with the session id: a 2026-07-28 request has none, so ${value}. Resolve it together with that field: once the field carries the request id, this line logs it too (rename the field here if it is renamed there).`,
  };
}

/**
 * The field `key` as the object's contextual type declares it by name (not through an index signature): the types
 * it has in each member of the type that declares it (an optional parameter's `T | undefined`, a union, an alias, a
 * type parameter's constraint), and whether every one of them leaves it optional.
 */
function declaredField(literal: ts.ObjectLiteralExpression, key: string, checker: ts.TypeChecker): { types: ts.Type[]; optional: boolean } | undefined {
  const contextual = checker.getContextualType(literal);
  if (!contextual) return undefined;
  const nonNullable = checker.getNonNullableType(contextual);
  const members = nonNullable.isUnion() ? nonNullable.types : [nonNullable];
  const symbols = members.map((member) => checker.getApparentType(member).getProperty(key)).filter((s): s is ts.Symbol => !!s);
  if (symbols.length === 0) return undefined;
  return {
    types: symbols.map((symbol) => checker.getTypeOfSymbolAtLocation(symbol, literal)),
    optional: symbols.every((symbol) => (symbol.flags & ts.SymbolFlags.Optional) !== 0),
  };
}

function typedFieldAdvice(key: string, type: string, major: 1 | 2): string {
  const requestId = major === 2 ? 'ctx.mcpReq.id' : 'extra.requestId';
  return `the log field \`${key}\` holds the session id, which a 2026-07-28 request does not have, and the project's log type declares it as \`${type}\`, which the request id (\`${requestId}\`, a string or a number) does not fit. Correlate by the request id: widen the field's type or add a \`requestId\` field, and log the request id instead of the session id.`;
}

/**
 * Whether a field of type `field` takes the request id. A JSON-RPC request id is a string or a number (the
 * protocol's `RequestId`, in both SDK majors), whatever the checker can see of the context's type (a project
 * whose SDK is not installed yet, or a helper typed loosely).
 */
function fits(field: ts.Type, checker: ts.TypeChecker): boolean {
  return checker.isTypeAssignableTo(checker.getStringType(), field) && checker.isTypeAssignableTo(checker.getNumberType(), field);
}

/** `x.sessionId`, `{ sessionId: … }`, `{ sessionId: s } = …`: a property's name, not a variable. */
function isPropertyKey(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
  if (ts.isBindingElement(parent)) return parent.propertyName === node;
  return (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent)) && parent.name === node;
}
