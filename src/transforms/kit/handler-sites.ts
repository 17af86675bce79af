/**
 * Shared by the protocol transforms (handshake, logging, mrtr, server-push-markers): which handler a
 * node runs in and its context parameter, markers, and adding imports without duplicating them.
 */
import { ts } from '../../typescript.js';
import { calleeParts, isFunctionLike, isInside, unwrap, statementOf } from '../../analysis/ast.js';
import { RULE_ID } from '../../rule-ids.js';
import { isServerKind } from '../../analysis/value.js';
import type { Analysis, AnalysisResult } from '../../analysis/model.js';
import { frameworkSitesOf } from '../../analysis/framework-sites.js';
import { handlerRegistration } from '../../analysis/sdk-features.js';
import { registrationOf } from '../../analysis/sdk-modules.js';
import { markedSpans, markerInsertion } from '../../markers.js';
import type { TextEdit } from './edits.js';
import type { TransformPlan } from './plan.js';
import type { ToolRegistration } from '../../analysis/tools.js';
import { flavourOf, importAnchor, importStatement } from './source-style.js';

export class CannotRewrite extends Error {
  constructor(
    message: string,
    readonly node: ts.Node,
  ) {
    super(message);
  }
}

export function addMarker(plan: TransformPlan, node: ts.Node, ruleId: string, message: string): void {
  placeMarker(plan, statementOf(node), ruleId, message);
}

/**
 * A marker directly above `node` itself when it begins its own line (a property deep in a long
 * constructor call: the marker sits by the line a person must change), else above its statement.
 */
export function addMarkerAtLine(plan: TransformPlan, node: ts.Node, ruleId: string, message: string): void {
  const sf = node.getSourceFile();
  const start = node.getStart(sf);
  const lineStart = sf.text.lastIndexOf('\n', start - 1) + 1;
  placeMarker(plan, /^[ \t]*$/.test(sf.text.slice(lineStart, start)) ? node : statementOf(node), ruleId, message);
}

/**
 * Whether the plan already marks the statement `node` belongs to, or one enclosing it (a marker on a
 * handler's registration stands for the whole handler: one site, one marker).
 */
export function isMarked(plan: TransformPlan, node: ts.Node): boolean {
  const sf = node.getSourceFile();
  const lines = new Set(plan.markers.filter((m) => m.file === sf.fileName).map((m) => m.line));
  for (let current: ts.Node | undefined = node; current && !ts.isSourceFile(current); current = statementOf(current).parent) {
    if (lines.has(sf.getLineAndCharacterOfPosition(statementOf(current).getStart(sf)).line + 1)) return true;
  }
  return false;
}

/**
 * Marks the framework sites of `ruleIds` (FastMCP's `session.requestSampling()`,
 * `session.clientCapabilities`, …) that this plan neither marked nor rewrote, each with the
 * framework description's own advice (the scan's message); returns how many. A framework's API has
 * no SDK v2 counterpart a rewrite could put in place, so its sites are at least marked.
 */
export function markFrameworkSites(result: AnalysisResult, plan: TransformPlan, ruleIds: readonly string[]): number {
  let marked = 0;
  const spans = new Map<ts.SourceFile, ReturnType<typeof markedSpans>>();
  const spansOf = (sf: ts.SourceFile) => spans.get(sf) ?? spans.set(sf, markedSpans(sf)).get(sf)!;
  for (const ruleId of ruleIds) {
    for (const site of frameworkSitesOf(result.analysis, result.sourceFiles, ruleId)) {
      const sf = site.node.getSourceFile();
      const at = site.node.getStart(sf);
      if (isMarked(plan, site.node) || plan.edits.some((e) => e.file === sf.fileName && e.start <= at && at < e.end)) continue;
      // A marker of the same rule already in the code (an earlier run, or an earlier transform's) stands for it.
      const line = sf.getLineAndCharacterOfPosition(at).line + 1;
      if (spansOf(sf).some((s) => s.ruleId === ruleId && s.markerLine < line && line <= s.endLine)) continue;
      addMarker(plan, site.node, ruleId, `${site.message}${innerSitesAdvice(result, site.node, ruleId)}`);
      marked++;
    }
  }
  return marked;
}

/** The session-state rules whose framework sites inside a marked per-session class its marker stands for. */
const INNER_SITE_RULES = [RULE_ID.keyedStore, RULE_ID.sessionIdRead];

/**
 * A per-session server declared as a framework's class (Cloudflare's `class MyMCP extends McpAgent`): its marker stands
 * for the session findings inside the class (`scan` reports it in their place), so it says what each of them needs:
 * `this.props`, `this.state`, `this.getSessionId()` (sweep 10 H4: the props advice vanished with the finding).
 */
function innerSitesAdvice(result: AnalysisResult, node: ts.Node, ruleId: string): string {
  if (ruleId !== RULE_ID.perSessionServer) return '';
  // The marker is on the class (or its name): what the class holds, not a class around some other site.
  const cls = ts.isClassLike(node) ? node : node.parent && ts.isClassLike(node.parent) ? node.parent : undefined;
  if (!cls) return '';
  // Each description's advice names the member it is about (`this.props` is …): said once each.
  const said = new Set<string>();
  for (const rule of INNER_SITE_RULES) {
    for (const site of frameworkSitesOf(result.analysis, [node.getSourceFile()], rule)) {
      if (site.node !== node && isInside(site.node, cls)) said.add(site.advice);
    }
  }
  return [...said].map((advice) => ` Inside it: ${advice}`).join('');
}

function placeMarker(plan: TransformPlan, statement: ts.Node, ruleId: string, message: string): void {
  const sf = statement.getSourceFile();
  const insertion = markerInsertion(sf.text, statement.getStart(sf), ruleId, message);
  plan.markers.push({ file: sf.fileName, line: sf.getLineAndCharacterOfPosition(statement.getStart(sf)).line + 1, ruleId, message });
  if (insertion) plan.edits.push({ file: sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
}

export interface HandlerSite {
  fn: ts.FunctionLikeDeclaration;
  /** The tool registered with this handler, when it is one. */
  tool?: ToolRegistration;
  /** The JSON-RPC method of a `setRequestHandler` handler. */
  method?: string;
  contextIndex: number;
  /** Registered with `setRequestHandler(schema, (request, ctx) => …)`: the request always comes first. */
  lowLevel?: boolean;
}

/**
 * The request handler `node` runs in directly (its nearest enclosing function): a tool callback,
 * or the handler of `setRequestHandler`. Undefined inside a nested callback or a helper.
 */
export function directHandler(analysis: Analysis, node: ts.Node): HandlerSite | undefined {
  let fn: ts.Node | undefined = node.parent;
  while (fn && !isFunctionLike(fn)) fn = fn.parent;
  if (!fn) return undefined;
  const handler = fn as ts.FunctionLikeDeclaration;
  const tool = analysis.tools.find((t) => t.handler === handler);
  if (tool) return { fn: handler, tool, contextIndex: tool.contextIndex, method: 'tools/call' };
  const call = outermostCall(handler);
  if (call && call.arguments[1] && unwrap(call.arguments[1]) === handler) {
    const registration = handlerRegistration(analysis, call);
    if (registration) return { fn: handler, method: registration.method, contextIndex: 1, lowLevel: true };
  }
  // A prompt or resource registered the current way (`server.registerPrompt(name, config, cb)`, not v1's `server.prompt(…)`).
  const registration = call && registrationOf(calleeParts(call).name ?? '');
  if (call && registration && !registration.legacy && registration.kind !== 'tool' && call.arguments.length > 0 && unwrap(call.arguments[call.arguments.length - 1]!) === handler) {
    const receiver = calleeParts(call).receiver;
    if (receiver && isServerKind(analysis.values.valueOf(receiver))) {
      return { fn: handler, method: registration.kind === 'prompt' ? 'prompts/get' : 'resources/read', contextIndex: handler.parameters.length >= 1 ? handler.parameters.length - 1 : 1 };
    }
  }
  return undefined;
}

function outermostCall(fn: ts.Node): ts.CallExpression | undefined {
  let current = fn.parent;
  while (current && (ts.isParenthesizedExpression(current) || ts.isAsExpression(current))) current = current.parent;
  return current && ts.isCallExpression(current) ? current : undefined;
}

/**
 * The handler's context parameter name; when the handler does not declare it, an edit adding it
 * (`async ({ a }) =>` → `async ({ a }, ctx) =>`).
 */
export function contextParameter(site: HandlerSite, fallbackName: string): { name: string; edits: TextEdit[] } {
  const { fn, contextIndex } = site;
  const sf = fn.getSourceFile();
  const param = fn.parameters[contextIndex];
  if (param) {
    if (!ts.isIdentifier(param.name)) throw new CannotRewrite('the handler destructures its context parameter', param);
    return { name: param.name.text, edits: [] };
  }
  // `setRequestHandler(ListToolsRequestSchema, async () => …)`, or a tool with an input schema whose handler reads no
  // arguments (`registerTool(name, { inputSchema }, async () => …)`): what it never read comes first, unused.
  const placeholder = contextIndex === 1 && fn.parameters.length === 0 ? unusedName(fn, site.tool ? ['_args', '_input'] : ['_request', '_req']) : undefined;
  if (fn.parameters.length !== contextIndex && !placeholder) throw new CannotRewrite('the handler does not declare the parameters before its context', fn);
  // A handler that uses the name already (its own `const ctx = loadContext()`, sweep 32 AF4) gets the parameter under a
  // name it does not use: anything the handler reads keeps meaning what it meant.
  const name = fallbackName ? unusedName(fn, contextNames(fallbackName)) : fallbackName;
  if (name === undefined) throw new CannotRewrite(`the handler already uses the names ${contextNames(fallbackName).map((n) => `\`${n}\``).join(', ')}`, fn);
  if (fn.parameters.length === 0) {
    const open = fn.getChildren(sf).find((c) => c.kind === ts.SyntaxKind.OpenParenToken);
    if (!open) throw new CannotRewrite('the handler has no parameter list to extend', fn);
    return { name, edits: [{ file: sf.fileName, start: open.end, end: open.end, text: placeholder ? `${placeholder}, ${name}` : name }] };
  }
  const last = fn.parameters[fn.parameters.length - 1]!;
  const close = fn.getChildren(sf).find((c) => c.kind === ts.SyntaxKind.CloseParenToken);
  if (!close || close.pos < last.end) throw new CannotRewrite('the handler has no parameter list to extend', fn);
  return { name, edits: [{ file: sf.fileName, start: last.end, end: last.end, text: `, ${name}` }] };
}

/** The names a context parameter may take, the usual one first (`ctx`, then `mcpCtx`, `requestCtx`). */
function contextNames(usual: string): string[] {
  const capitalised = usual.charAt(0).toUpperCase() + usual.slice(1);
  return [usual, `mcp${capitalised}`, `request${capitalised}`];
}

/** The first of `names` the function does not use. */
function unusedName(fn: ts.Node, names: readonly string[]): string | undefined {
  return names.find((n) => !usesName(fn, n));
}

export function usesName(root: ts.Node, name: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(node) && node.text === name) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

/** Edits that make `names` importable from `module` in `sf` (merged into an existing named import when there is one). */
export function importEdits(sf: ts.SourceFile, names: readonly string[], module: string, typeNames: readonly string[] = []): TextEdit[] {
  const flavour = flavourOf(sf);
  const present = new Set<string>();
  let target: ts.NamedImports | undefined;
  let requireTarget: ts.ObjectBindingPattern | undefined;
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === module) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) present.add(el.name.text);
        if (!statement.importClause?.isTypeOnly) target ??= bindings;
      }
    }
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer && unwrap(decl.initializer);
        if (init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require' && ts.isStringLiteral(init.arguments[0]!) && (init.arguments[0] as ts.StringLiteral).text === module && ts.isObjectBindingPattern(decl.name)) {
          for (const el of decl.name.elements) if (ts.isIdentifier(el.name)) present.add(el.name.text);
          requireTarget ??= decl.name;
        }
      }
    }
  }
  const isTs = flavour === 'ts';
  const wanted = [...names.filter((n) => !present.has(n)), ...(isTs ? typeNames.filter((n) => !present.has(n)).map((n) => `type ${n}`) : [])];
  if (wanted.length === 0) return [];
  const list = target ?? requireTarget;
  if (list) {
    const elements = ts.isNamedImports(list) ? list.elements : list.elements;
    const last = elements[elements.length - 1];
    if (last) return [{ file: sf.fileName, start: last.end, end: last.end, text: `, ${wanted.join(', ')}` }];
  }
  const at = importAnchor(sf, module);
  return [{ file: sf.fileName, start: at.offset, end: at.offset, text: at.text(importStatement(wanted, module, flavour)) }];
}

/** `server.x(...)` / `server.server.x(...)`: the call's receiver is an SDK server. */
export function isServerCall(analysis: Analysis, call: ts.CallExpression, methods: ReadonlySet<string>): boolean {
  const { name, receiver } = calleeParts(call);
  return !!name && !!receiver && methods.has(name) && isServerKind(analysis.values.valueOf(receiver));
}

/** Every call expression in the analysed files, in document order. */
export function forEachCall(files: readonly ts.SourceFile[], visit: (call: ts.CallExpression) => void): void {
  for (const sf of files) {
    if (sf.isDeclarationFile) continue;
    for (const call of callsOf(sf)) visit(call);
  }
}

/**
 * A file's calls, found once: several transforms (handshake twice, mrtr, logging) each look at every call,
 * and a file no transform changed is the same SourceFile in the next analysis (a changed one is a new
 * SourceFile: trees are never edited in place, so the list stays true).
 */
const callLists = new WeakMap<ts.SourceFile, readonly ts.CallExpression[]>();

function callsOf(sf: ts.SourceFile): readonly ts.CallExpression[] {
  let calls = callLists.get(sf);
  if (!calls) {
    const found: ts.CallExpression[] = [];
    const walk = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) found.push(node);
      ts.forEachChild(node, walk);
    };
    walk(sf);
    callLists.set(sf, (calls = found));
  }
  return calls;
}
