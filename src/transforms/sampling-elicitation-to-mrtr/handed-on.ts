/**
 * A sender handed on as a function: the tool handler passes the client request to a helper
 * (`(ctx) => elicitEcho(server.server.elicitInput.bind(server.server), ctx)`) and the helper calls it
 * once (`const result = await elicitInput({ … })`). When the helper has no other caller, the handler
 * returns what the helper returns, and the handler's context reaches the helper as an argument, the
 * helper is where the request is awaited, so the two-phase rewrite happens there (the helper's
 * context parameter reads the input response), and the function argument and its parameter go:
 *
 *   (ctx) => elicitEcho(ctx)
 *   async function elicitEcho(ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
 *     const resultResponse = inputResponse(ctx.mcpReq.inputResponses, 'result');
 *     if (resultResponse.kind === 'missing') return inputRequired({ … inputRequired.elicit(…) … });
 *
 * A type alias the removed parameter alone was typed with goes too, and the SDK type imports only it
 * read. Anything else (the helper exported or called elsewhere, the sender called twice or passed
 * further, the handler doing something with the helper's result) stays marked.
 */
import { ts } from '../../typescript.js';
import { unwrap } from '../../analysis/ast.js';
import { INPUT_REQUEST_FEATURES, type FeatureId, type InputRequestSite } from '../../analysis/sdk-features.js';
import type { Analysis, AnalysisResult } from '../../analysis/model.js';
import type { TextEdit } from '../kit/edits.js';
import { CannotRewrite, directHandler, type HandlerSite } from '../kit/handler-sites.js';
import { importRemoval, linesOf, references } from './message-inline.js';

export interface HandedOn {
  /** The helper, rewritten as if it were the handler: its context parameter is the handler's context. */
  helper: HandlerSite;
  site: InputRequestSite;
  /** The handler the helper is called from. */
  handler: HandlerSite;
  /** Removing the function argument and the helper's parameter (and what only that parameter read). */
  edits: TextEdit[];
  /** Type names the removal leaves unread: dropped from their import unless the rewrite reads them again. */
  unreadTypes: string[];
}

/** The detached senders of the program: each with the helper it can be followed into, or why not. */
export function handedOnSenders(result: AnalysisResult): Array<HandedOn | CannotRewrite> {
  const { analysis } = result;
  const out: Array<HandedOn | CannotRewrite> = [];
  for (const feature of INPUT_REQUEST_FEATURES) {
    for (const use of analysis.features.uses(feature)) {
      const access = use.node.parent;
      if (!access || !ts.isPropertyAccessExpression(access) || access.name !== use.node) continue;
      if (ts.isCallExpression(access.parent) && access.parent.expression === access) continue;
      try {
        out.push(followSender(analysis, result.sourceFiles, feature, access));
      } catch (error) {
        if (!(error instanceof CannotRewrite)) throw error;
        out.push(error);
      }
    }
  }
  return out;
}

function followSender(analysis: Analysis, files: readonly ts.SourceFile[], feature: FeatureId, access: ts.PropertyAccessExpression): HandedOn {
  // `x.elicitInput.bind(x)` (or `x.elicitInput` itself) as an argument of a helper call.
  const bound = ts.isPropertyAccessExpression(access.parent) && access.parent.name.text === 'bind' && ts.isCallExpression(access.parent.parent) && access.parent.parent.expression === access.parent;
  const sender: ts.Expression = bound ? (access.parent.parent as ts.CallExpression) : access;
  const call = sender.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(sender)) throw new CannotRewrite('the sender is not handed to a helper call', sender);
  const index = call.arguments.indexOf(sender);
  const handler = directHandler(analysis, call);
  if (!handler || handler.method !== 'tools/call') throw new CannotRewrite('the helper is not called directly by a tools/call handler', call);
  if (!returnsCall(handler.fn, call)) throw new CannotRewrite('the handler does not return what the helper returns', call);
  const ctxParam = handler.fn.parameters[handler.contextIndex];
  const ctxSymbol = ctxParam && ts.isIdentifier(ctxParam.name) ? analysis.values.symbolOf(ctxParam.name) : undefined;
  const ctxIndex = ctxSymbol ? call.arguments.findIndex((a) => ts.isIdentifier(unwrap(a)) && analysis.values.symbolOf(unwrap(a)) === ctxSymbol) : -1;
  if (ctxIndex < 0) throw new CannotRewrite("the handler's context is not passed to the helper", call);
  for (const [i, argument] of call.arguments.entries()) {
    if (i !== index && !readsParameters(analysis, handler.fn, argument)) throw new CannotRewrite('the helper is passed something other than the handler\'s parameters', argument);
  }
  const helperSymbol = analysis.values.symbolOf(unwrap(call.expression));
  const fn = helperSymbol?.valueDeclaration;
  if (!fn || !ts.isFunctionDeclaration(fn) || !fn.body || fn.getSourceFile().isDeclarationFile || fn.asteriskToken) throw new CannotRewrite('the helper is not a function declared in the project', call.expression);
  if (ts.getCombinedModifierFlags(fn) & ts.ModifierFlags.Export) throw new CannotRewrite('the helper is exported (other callers may hand it a sender)', fn);
  const callers = files.flatMap((sf) => references(analysis, sf, helperSymbol!)).filter((id) => id !== fn.name);
  if (callers.length !== 1 || callers[0] !== unwrap(call.expression)) throw new CannotRewrite('the helper has other callers', fn);
  const parameter = fn.parameters[index];
  const ctxParameter = fn.parameters[ctxIndex];
  if (!parameter || !ts.isIdentifier(parameter.name) || parameter.dotDotDotToken || !ctxParameter || !ts.isIdentifier(ctxParameter.name) || ctxParameter.dotDotDotToken) {
    throw new CannotRewrite("the helper's parameters do not line up with the call", fn);
  }
  const senderSymbol = analysis.values.symbolOf(parameter.name)!;
  const reads = references(analysis, fn.getSourceFile(), senderSymbol).filter((id) => id !== parameter.name);
  const sent = reads.length === 1 && ts.isCallExpression(reads[0]!.parent) && reads[0]!.parent.expression === reads[0] ? reads[0]!.parent : undefined;
  if (!sent) throw new CannotRewrite(`the helper does not call \`${parameter.name.text}\` exactly once`, fn);
  if (sent.arguments.length > (feature === 'roots' ? 0 : 1)) throw new CannotRewrite('the sender is called with request options', sent);
  const sf = fn.getSourceFile();
  const edits: TextEdit[] = [listItemRemoval(call.getSourceFile(), call.arguments, index), listItemRemoval(sf, fn.parameters, index)];
  // JS: the removed parameter's JSDoc `@param` line goes with it.
  for (const tag of ts.getJSDocParameterTags(parameter)) edits.push({ file: sf.fileName, ...tagLines(sf, tag) });
  const unreadTypes: string[] = [];
  const alias = aliasOnlyFor(analysis, parameter);
  if (alias) {
    edits.push({ file: sf.fileName, ...linesOf(sf, alias), text: '' });
    for (const id of typeNamesIn(alias.type)) {
      const symbol = analysis.values.symbolOf(id);
      if (symbol && references(analysis, sf, symbol).every((r) => isWithin(r, alias) || ts.isImportSpecifier(r.parent))) unreadTypes.push(id.text);
    }
  }
  return {
    helper: { fn, tool: handler.tool, method: handler.method, contextIndex: ctxIndex },
    site: { call: sent, feature, params: sent.arguments[0] },
    handler,
    edits,
    unreadTypes: [...new Set(unreadTypes)],
  };
}

/** The SDK type imports `names` the rewrite does not read again: removed (the rest of each import stays). */
export function unreadImportEdits(sf: ts.SourceFile, names: readonly string[], readAgain: ReadonlySet<string>): TextEdit[] {
  return names.filter((n) => !readAgain.has(n)).flatMap((n) => importRemoval(sf, n));
}

/** `(ctx) => helper(…)`, `async (ctx) => await helper(…)`, or a body that is `return [await] helper(…);` alone. */
function returnsCall(fn: ts.FunctionLikeDeclaration, call: ts.CallExpression): boolean {
  const body = fn.body;
  if (!body) return false;
  const value = (e: ts.Expression | undefined): boolean => {
    if (!e) return false;
    const inner = unwrap(e);
    return inner === call || (ts.isAwaitExpression(inner) && unwrap(inner.expression) === call);
  };
  if (!ts.isBlock(body)) return value(body as ts.Expression);
  return body.statements.length === 1 && ts.isReturnStatement(body.statements[0]!) && value(body.statements[0].expression);
}

/** A parameter of `fn`, a read of one (`args.name`), or a constant: the retry passes the same. */
function readsParameters(analysis: Analysis, fn: ts.FunctionLikeDeclaration, argument: ts.Expression): boolean {
  if (analysis.values.constantString(argument) !== undefined) return true;
  let root: ts.Node = unwrap(argument);
  while (ts.isPropertyAccessExpression(root) || ts.isNonNullExpression(root)) root = unwrap(root.expression);
  const decl = ts.isIdentifier(root) ? analysis.values.symbolOf(root)?.valueDeclaration : undefined;
  return !!decl && ts.isParameter(decl) && decl.parent === fn;
}

/** The parameter's type is a local alias nothing else reads: the alias goes with the parameter. */
function aliasOnlyFor(analysis: Analysis, parameter: ts.ParameterDeclaration): ts.TypeAliasDeclaration | undefined {
  const type = parameter.type;
  if (!type || !ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName) || type.typeArguments) return undefined;
  const symbol = analysis.values.symbolOf(type.typeName);
  const alias = symbol?.declarations?.length === 1 ? symbol.declarations[0] : undefined;
  if (!alias || !ts.isTypeAliasDeclaration(alias) || alias.getSourceFile() !== parameter.getSourceFile() || alias.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  const refs = references(analysis, parameter.getSourceFile(), symbol!).filter((id) => id !== alias.name);
  return refs.length === 1 && refs[0] === type.typeName ? alias : undefined;
}

function typeNamesIn(node: ts.Node): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName)) out.push(n.typeName);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/** A JSDoc tag's whole lines: from its line's start to the start of the line of the next tag or of the comment's end. */
function tagLines(sf: ts.SourceFile, tag: ts.JSDocTag): { start: number; end: number; text: string } {
  const start = sf.text.lastIndexOf('\n', tag.getStart(sf) - 1) + 1;
  let end = sf.text.indexOf('\n', tag.getStart(sf)) + 1;
  while (end > 0 && end < tag.parent.end && !/^[ \t]*\*[ \t]*(@|\/)/.test(sf.text.slice(end, end + 80))) end = sf.text.indexOf('\n', end) + 1;
  return { start, end, text: '' };
}

function isWithin(node: ts.Node, container: ts.Node): boolean {
  return node.pos >= container.pos && node.end <= container.end;
}

/**
 * Removes item `index` of an argument or parameter list with its separator: up to the next item when
 * one follows (its own line, if it sits on one), else from the end of the one before it.
 */
function listItemRemoval(sf: ts.SourceFile, items: ts.NodeArray<ts.Node>, index: number): TextEdit {
  const item = items[index]!;
  const next = items[index + 1];
  if (next) {
    const lineStart = sf.text.lastIndexOf('\n', item.getStart(sf) - 1) + 1;
    const ownLine = /^[ \t]*$/.test(sf.text.slice(lineStart, item.getStart(sf))) && sf.text.slice(item.end, next.getStart(sf)).includes('\n');
    if (ownLine) return { file: sf.fileName, start: lineStart, end: sf.text.lastIndexOf('\n', next.getStart(sf) - 1) + 1, text: '' };
    return { file: sf.fileName, start: item.getStart(sf), end: next.getStart(sf), text: '' };
  }
  const previous = items[index - 1];
  // A trailing comma after the last item stays where it was.
  return { file: sf.fileName, start: previous ? previous.end : item.getStart(sf), end: item.end, text: '' };
}
