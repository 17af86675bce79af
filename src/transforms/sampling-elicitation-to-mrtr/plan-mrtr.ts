/**
 * `sampling-elicitation-to-mrtr`: a tool handler that awaits ONE server→client request
 * (`createMessage` / `requestSampling`, `elicitInput`, `listRoots`, or the raw
 * `sendRequest`/`request`/`mcpReq.send` forms of `sampling/createMessage`, `elicitation/create`,
 * `roots/list`) becomes the two-phase multi-round-trip form (SEP-2322). The handler is a
 * `registerTool` callback, or one tool's `if (name === <constant>) { … }` branch of a low-level
 * `tools/call` handler (the other tools' branches before it never run for this tool on the retry):
 *
 *   const <v>Response = inputResponse(ctx.mcpReq.inputResponses, '<v>');
 *   if (<v>Response.kind === 'missing') return inputRequired({ inputRequests: { <v>: inputRequired.createMessage(params) } });
 *   if (<v>Response.kind !== 'sampling') return <tool error>;
 *   const <v> = <v>Response.result;
 *
 * The statements before the await run again on the retry (possibly on another instance), so they
 * must be reads: an expression statement, a loop or a second request before the await gets a
 * marker with this recommended shape instead. Locals computed before the await and read after it
 * (the state the handler holds across the await) travel in `requestState`, sealed by a
 * `createRequestStateCodec` whose key comes from `MCP_REQUEST_STATE_KEY` so every instance shares it.
 * v2 only: for SDK 1.x files (`--target stateless-v1`) a marker.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, isInside, isPlainLiteral, propertyNameText, unwrap } from '../../analysis/ast.js';
import { requestHandlerOf } from '../../analysis/list-routing.js';
import { boundNames, functionName } from '../../analysis/declarations.js';
import { describedFeature, INPUT_REQUEST_FEATURES, ruleOfFeature, type FeatureId, type InputRequestSite } from '../../analysis/sdk-features.js';
import type { AnalysisResult, Analysis } from '../../analysis/model.js';
import type { TextEdit } from '../kit/edits.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { emptyPlan } from '../kit/plan.js';
import { afterImports, flavourOf, indentAt, indentUnit, stringLineStarts } from '../kit/source-style.js';
import { addMarker, CannotRewrite, contextParameter, directHandler, forEachCall, importEdits, isMarked, usesName, type HandlerSite } from '../kit/handler-sites.js';
import { registrationOf, sdkEntryPackage, sdkMajorOfFile, sdkMajorsOfFile } from '../../analysis/sdk-modules.js';
import { inlinedMessage, markerAnchor } from './message-inline.js';
import { markLeftSites, staysOnV1 } from './left-sites.js';
import { handedOnSenders, unreadImportEdits, type HandedOn } from './handed-on.js';
import { rootsHelperRounds } from './roots-helper.js';
import { capabilityFlags } from './capability-flags.js';
import { untracedSender } from './untraced-sender.js';
import { compileGlobs } from '../../discovery/glob.js';

/** The input-request features (from the SDK description): the rule reporting each, and the `inputRequired` builder replacing it. */
const RULE = (feature: FeatureId): string => ruleOfFeature(feature);
const BUILDER = (feature: FeatureId): string => describedFeature(feature).inputRequest!.builder;
/** The SDK result schemas a raw request's reply may be parsed with (the embedded response goes through none other). */
const RESULT_SCHEMAS = new Set(INPUT_REQUEST_FEATURES.flatMap((feature) => describedFeature(feature).resultSchemas ?? []));
const SDK = sdkEntryPackage(2);
const REQUEST_STATE_ENV = 'MCP_REQUEST_STATE_KEY';

export function planMrtr(result: AnalysisResult, options: TransformOptions): TransformPlan {
  const plan = emptyPlan();
  plan.notes = [];
  const { analysis } = result;
  const byHandler = new Map<ts.FunctionLikeDeclaration, InputRequestSite[]>();
  const outside: InputRequestSite[] = [];
  // A test calling a helper to test it is no entry of the server: its calls are not where the helper runs (sweep 20 T4).
  const isTestFile = compileGlobs(options.testFiles ?? []);
  const inTests = (node: ts.Node): boolean => isTestFile(result.relative(node.getSourceFile().fileName));
  forEachCall(result.sourceFiles, (call) => {
    const site = analysis.features.inputRequestAt(call);
    if (!site) return;
    const handler = enclosingHandler(analysis, call);
    if (!handler) outside.push(site);
    else byHandler.set(handler.fn, [...(byHandler.get(handler.fn) ?? []), site]);
  });
  for (const site of outside) {
    const ask = `return inputRequired({ inputRequests: { k: inputRequired.${builderCall(analysis, site)} } })`;
    const awaitedBy = awaitingTools(analysis, site.call, inTests);
    // Where it is sent from: a helper tools run (and whether it also runs where no request is), or no request at all.
    const sender = awaitedBy ? undefined : untracedSender(analysis, site.call, result.sourceFiles, (node) => enclosingHandler(analysis, node));
    const from = awaitedBy
      ? `sent from ${awaitedBy.helper}, which ${awaitedBy.tools} call${awaitedBy.count === 1 ? 's' : ''}${awaitedBy.elsewhere ? ' and which also runs outside any request (a hook, a notification handler, start-up)' : ''}, not from a request handler itself`
      : sender!.from;
    const message = (awaitedBy || sender!.inRequest) && !unread(site.call)
      ? `${describe(site.feature, site.raw)} ${from}: on 2026-07-28 only the handler can ask the client, by returning ${ask.slice('return '.length)} and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry; a helper cannot return that for it. Have the helper tell the handler what to ask (or take the answer as an argument), and let the handler return the input request. Until then a 2026-07-28 client is never asked, and whatever the helper does for a client that cannot be asked is what every such call gets.`
      : unread(site.call)
      ? `${describe(site.feature, site.raw)} ${from}, fire-and-forget (nothing reads its answer): 2026-07-28 has no channel to push it on (the SDK refuses it on a 2026-era request), so it reaches 2025-era clients only. An input request would replace the tool's result and make the client retry, which an optional ${site.feature === 'elicitation' ? 'prompt' : 'request'} is not worth: keep it for 2025-era clients or drop it. Where a tool does need the answer, ${ask} from that tool's handler and read inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry.`
      : `${describe(site.feature, site.raw)} ${from}: on 2026-07-28 a server can only ask the client from inside tools/call, prompts/get or resources/read, by returning inputRequired({ inputRequests: { k: inputRequired.${builderCall(analysis, site)} } }) and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry.${sender?.helper ? ' A helper cannot return that for its handler: have it tell the handler what to ask, and let the handler return the input request.' : ''}`;
    addMarker(plan, markerAnchor(analysis, site), RULE(site.feature), `${staysOnV1(site.call.getSourceFile(), options)}${message}`);
  }
  const codecFiles = new Map<ts.SourceFile, { server?: ts.ObjectLiteralExpression }>();
  const importsOf = new Map<ts.SourceFile, { names: Set<string>; types: Set<string> }>();
  let rewritten = 0;
  // A module importing no SDK (a tool module handed its server) is on the SDK line of the program's SDK files when they
  // are all on one (sweep 37 AK5); with files left on both lines it cannot be told, and counts as SDK 1.x.
  let programMajors: Set<number> | undefined;
  const majorOf = (file: ts.SourceFile): number | undefined => {
    const own = sdkMajorOfFile(file);
    if (own !== undefined) return own;
    programMajors ??= new Set(result.sourceFiles.flatMap((f) => [...sdkMajorsOfFile(f)]));
    return programMajors.size === 1 ? [...programMajors][0] : undefined;
  };
  for (const [fn, sites] of byHandler) {
    const site = directHandler(analysis, fn.body ?? fn)!;
    const handler = handlerOf(analysis, fn)!;
    const sf = fn.getSourceFile();
    if (options.target === 'stateless-v1' || majorOf(sf) !== 2) {
      for (const s of sites) {
        const why = options.target === 'stateless-v1' ? 'the stateless v1 server cannot carry it (no session to answer on)' : 'this file still imports SDK 1.x (rewrite it to v2 first, then re-run apply)';
        addMarker(plan, markerAnchor(analysis, s), RULE(s.feature), `${describe(s.feature, s.raw)} is a server→client request and ${why}. The multi-round-trip replacement (return inputRequired(…), read inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry) needs SDK v2 (--target 2026-07-28); on SDK 1.x, take the input as a tool argument instead.`);
      }
      continue;
    }
    void site;
    try {
      const edits = rewriteHandler(analysis, handler, sites, { codecFiles, importsOf });
      plan.edits.push(...edits);
      rewritten++;
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
      // The marker goes on each request (where scan reports it), naming the code that stopped the rewrite.
      const culprit = error.node !== handler.fn && !sites.some((s) => s.call === error.node) ? ` (at: ${firstLine(error.node)})` : '';
      const advice = (s: InputRequestSite) => `not rewritten automatically: ${(error as CannotRewrite).message}${culprit}. Recommended shape: at the top of the handler read \`const r = inputResponse(ctx.mcpReq.inputResponses, 'k')\`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.${builderCall(analysis, s)} }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from ${REQUEST_STATE_ENV}); on the retry continue from r without repeating side effects${s.feature === 'elicitation' && urlMode(analysis, s) ? ' (elicitUrl takes no elicitationId: what the retry must know about the flow goes in requestState)' : ''}.`;
      for (const s of sites) {
        const anchor = markerAnchor(analysis, s);
        if (!isMarked(plan, anchor)) addMarker(plan, anchor, RULE(s.feature), advice(s));
      }
    }
  }
  // A tool reading the roots through the project's sync helper asks for them itself (roots-helper.ts).
  for (const round of rootsHelperRounds(result, outside, new Set(byHandler.keys()))) {
    if (options.target === 'stateless-v1' || sdkMajorOfFile(round.handler.fn.getSourceFile()) !== 2) continue;
    try {
      plan.edits.push(...rewriteHandler(analysis, round.handler, [round.site], { codecFiles, importsOf }, { rootsList: true }));
      rewritten++;
    } catch (error) {
      // The helper call is no finding of its own: the helper's request stays marked where it is sent.
      if (!(error instanceof CannotRewrite)) throw error;
    }
  }
  rewritten += rewriteHandedOn(result, plan, new Set(byHandler.keys()), { codecFiles, importsOf }, options);
  const left = markLeftSites(result, plan, options);
  if (left > 0) plan.notes.push(`multi-round-trip: ${left} sampling/elicitation/roots site${left === 1 ? '' : 's'} outside the rewritable shape (a sender handed on, a wrapper, a request built by hand) marked with the inputRequired shape`);
  for (const [sf, imports] of importsOf) plan.edits.push(...importEdits(sf, [...imports.names], SDK, [...imports.types]));
  for (const [sf, info] of codecFiles) {
    plan.edits.push(...codecEdits(sf, info.server));
    plan.notes.push(`${result.relative(sf.fileName)}: requestState is sealed with createRequestStateCodec keyed by the ${REQUEST_STATE_ENV} environment variable (at least 32 bytes): set the SAME value on every instance, or a retry served by another instance is refused with -32602`);
  }
  if (rewritten > 0) plan.notes.push(`multi-round-trip: ${rewritten} handler${rewritten === 1 ? ' now returns' : 's now return'} inputRequired(…) and continue on the retry (the SDK's legacy shim still serves 2025 clients on stateful connections; over stateless legacy HTTP it cannot)`);
  return plan;
}

/**
 * The senders handed on to a helper that can be followed there (handed-on.ts): the helper gets the
 * two-phase rewrite. The others are left to markLeftSites. Returns how many helpers were rewritten.
 */
function rewriteHandedOn(result: AnalysisResult, plan: TransformPlan, handlers: ReadonlySet<ts.FunctionLikeDeclaration>, additions: FileAdditions, options: TransformOptions): number {
  const found = handedOnSenders(result).filter((h): h is HandedOn => !(h instanceof CannotRewrite));
  const unread = new Map<ts.SourceFile, Set<string>>();
  let rewritten = 0;
  for (const h of found) {
    const sf = h.helper.fn.getSourceFile();
    // One round per handler: a handler that asks itself too, or hands on two senders, stays marked.
    if (handlers.has(h.handler.fn) || found.some((o) => o !== h && (o.handler.fn === h.handler.fn || o.helper.fn === h.helper.fn))) continue;
    if (options.target === 'stateless-v1' || sdkMajorOfFile(sf) !== 2) continue;
    try {
      plan.edits.push(...rewriteHandler(result.analysis, h.helper, [h.site], additions), ...h.edits);
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
      continue;
    }
    for (const name of h.unreadTypes) unread.set(sf, (unread.get(sf) ?? new Set()).add(name));
    rewritten++;
  }
  for (const [sf, names] of unread) plan.edits.push(...unreadImportEdits(sf, [...names], additions.importsOf.get(sf)?.types ?? new Set()));
  return rewritten;
}

/**
 * The builder call a marker recommends for the site: a URL-mode elicitation (`mode: 'url'` in its params
 * literal, or in the `const` they name, or params typed `ElicitRequestURLParams`) is `elicitUrl`; the
 * others the feature's builder.
 */
function builderCall(analysis: Analysis, site: InputRequestSite): string {
  if (site.feature === 'roots') return `${BUILDER(site.feature)}()`;
  const urlBuilder = describedFeature(site.feature).inputRequest?.urlBuilder;
  return urlBuilder && urlMode(analysis, site) ? `${urlBuilder}({ message, url })` : `${BUILDER(site.feature)}(…)`;
}

function urlMode(analysis: Analysis, site: InputRequestSite): boolean {
  let params = site.params && unwrap(site.params);
  if (params && ts.isIdentifier(params)) {
    const decl = analysis.values.symbolOf(params)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.type && /\bElicitRequestURLParams\b/.test(decl.type.getText())) return true;
    params = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
  }
  if (!params || !ts.isObjectLiteralExpression(params)) return false;
  const mode = params.properties.find((p) => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'mode');
  return !!mode && ts.isPropertyAssignment(mode) && analysis.values.constantString(mode.initializer) === 'url';
}

/** Nothing reads the request's answer: `void request(…)`, `request(…).catch(…);` as a statement. */
function unread(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  for (;;) {
    const parent = node.parent;
    if (ts.isParenthesizedExpression(parent)) node = parent;
    else if (ts.isPropertyAccessExpression(parent) && parent.expression === node && ['catch', 'finally'].includes(parent.name.text) && ts.isCallExpression(parent.parent) && parent.parent.expression === parent) node = parent.parent;
    else return ts.isVoidExpression(parent) || ts.isExpressionStatement(parent);
  }
}

/** The node's first line of code, shortened: enough for a person to find it in the handler. */
function firstLine(node: ts.Node): string {
  const line = node.getText(node.getSourceFile()).split('\n')[0]!.trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}

/**
 * The tools that reach a call outside any request handler through helper calls (a `confirm(message)` helper that
 * `delete_note` awaits): named in its marker, which would otherwise say it is sent outside a request.
 */
function awaitingTools(analysis: Analysis, call: ts.CallExpression, inTests: (node: ts.Node) => boolean): { helper: string; tools: string; count: number; elsewhere: boolean } | undefined {
  const tools = [...new Set(analysis.reach.toolsRunning(call).map((p) => p.tool.name))];
  const fn = enclosingFunction(call);
  const name = fn && fn.name && ts.isIdentifier(fn.name) ? fn.name.text : fn && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name) ? fn.parent.name.text : undefined;
  if (tools.length === 0) {
    // A low-level handler that serves its one tool without naming it (no `switch` on the tool name): no tool reaches the
    // helper by name, but the handler calls it, so it runs inside that request all the same (sweep 20 T5).
    const handler = fn && callingHandler(analysis, fn, 0);
    if (!handler) return undefined;
    return { helper: name ? `\`${name}\`` : 'a function', tools: `the ${handler.method ?? 'request'} handler`, count: 1, elsewhere: runsOutsideTools(analysis, fn, 0, inTests) && runsOutsideHandlers(analysis, fn, 0, inTests) };
  }
  const quoted = tools.slice(0, 3).map((t) => `\`${t}\``);
  const listed = tools.length > 3 ? `${quoted.join(', ')} and ${tools.length - 3} more tools` : quoted.length === 1 ? `the tool ${quoted[0]}` : `the tools ${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
  return { helper: name ? `\`${name}\`` : 'a function', tools: listed, count: tools.length, elsewhere: !!fn && runsOutsideTools(analysis, fn, 0, inTests) };
}

/**
 * Whether a function also runs where no tool does: a call of it (or of a function calling it) that no tool reaches, or
 * its name used as a value (handed to `setNotificationHandler`, assigned to `oninitialized`), whose callers are unknown.
 */
function runsOutsideTools(analysis: Analysis, fn: ts.FunctionLikeDeclaration, depth: number, inTests: (node: ts.Node) => boolean): boolean {
  if (depth > 4 || handlerOf(analysis, fn)) return false;
  const name = fn.name && ts.isIdentifier(fn.name) ? fn.name : ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name) ? fn.parent.name : undefined;
  if (name) {
    const symbol = analysis.values.symbolOf(name);
    let asValue = false;
    forEachDescendant(fn.getSourceFile(), (node) => {
      if (asValue || !ts.isIdentifier(node) || node === name || node.text !== name.text) return;
      const parent = node.parent;
      if (ts.isCallExpression(parent) && parent.expression === node) return;
      // `this.ask(…)`: a method called, not its name used as a value (sweep 35 AI1).
      if (ts.isPropertyAccessExpression(parent) && parent.name === node && ts.isCallExpression(parent.parent) && parent.parent.expression === parent) return;
      if (analysis.values.symbolOf(node) === symbol) asValue = true;
    });
    if (asValue) return true;
  }
  return analysis.values.calls.everyCallOf(fn).some((c) => {
    if (inTests(c)) return false;
    if (analysis.reach.toolsRunning(c).length === 0) return true;
    const caller = enclosingFunction(c);
    return !!caller && runsOutsideTools(analysis, caller, depth + 1, inTests);
  });
}

/** A request handler that calls `fn` (directly, or through up to four functions calling it). */
function callingHandler(analysis: Analysis, fn: ts.FunctionLikeDeclaration, depth: number): { method?: string } | undefined {
  if (depth > 4) return undefined;
  for (const call of analysis.values.calls.everyCallOf(fn)) {
    const handler = enclosingHandler(analysis, call) ?? enclosingRequestHandler(analysis, call);
    if (handler) return handler;
    const caller = enclosingFunction(call);
    const further = caller && callingHandler(analysis, caller, depth + 1);
    if (further) return further;
  }
  return undefined;
}

/** Whether some call of `fn` (or of a function calling it) is in no request handler. */
function runsOutsideHandlers(analysis: Analysis, fn: ts.FunctionLikeDeclaration, depth: number, inTests: (node: ts.Node) => boolean): boolean {
  if (depth > 4 || handlerOf(analysis, fn)) return false;
  return analysis.values.calls.everyCallOf(fn).some((c) => {
    if (inTests(c) || enclosingHandler(analysis, c) || enclosingRequestHandler(analysis, c)) return false;
    const caller = enclosingFunction(c);
    return !caller || runsOutsideHandlers(analysis, caller, depth + 1, inTests);
  });
}

/**
 * The request as the marker names it: the feature and the SDK method (`Elicitation (elicitInput)`), or the wire method
 * for a raw request (`Elicitation (a raw elicitation/create request)`, sweep 30 AD3); both from the SDK description.
 */
function describe(feature: FeatureId, raw = false): string {
  const described = describedFeature(feature);
  const name = feature.charAt(0).toUpperCase() + feature.slice(1);
  const wire = Object.entries(described.messages ?? {}).find(([, kind]) => kind === 'request')?.[0];
  const method = Object.entries(described.serverMethods ?? {}).find(([, kind]) => kind === 'request')?.[0];
  return raw && wire ? `${name} (a raw ${wire} request)` : `${name} (${method ?? wire ?? feature})`;
}

/** The request handler a call is in (through nested callbacks). */
function enclosingHandler(analysis: Analysis, node: ts.Node): HandlerSite | undefined {
  let current: ts.Node | undefined = node.parent;
  while (current) {
    if (ts.isFunctionLike(current)) {
      const site = handlerOf(analysis, current as ts.FunctionLikeDeclaration);
      if (site) return site;
    }
    current = current.parent;
  }
  return undefined;
}

/**
 * The request handler a call is in, for naming it: also SDK 1.x's schema form of the tool and list handlers
 * (`setRequestHandler(CallToolRequestSchema, …)`), which are no handler sites for the rewrites (the analysis reads a
 * low-level server's tools instead) but do run the call inside that request (sweep 35 AI2).
 */
function enclosingRequestHandler(analysis: Analysis, node: ts.Node): { method: string } | undefined {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (!isFunctionLike(current)) continue;
    let registration: ts.Node = current.parent;
    while (ts.isParenthesizedExpression(registration) || ts.isAsExpression(registration)) registration = registration.parent;
    const handler = ts.isCallExpression(registration) ? requestHandlerOf(analysis, registration) : undefined;
    if (handler && handler.fn === current) return { method: handler.method };
    // Registered by name (`setRequestHandler(CallToolRequestSchema, handleCall)`, review 43 S43-10).
    const named = registeredByName(analysis, current);
    if (named) return named;
  }
  return undefined;
}

/** The request handler registration a named function is handed to, by its name, in its own file. */
function registeredByName(analysis: Analysis, fn: ts.Node): { method: string } | undefined {
  const name = functionName(fn as ts.FunctionLikeDeclaration);
  if (!name) return undefined;
  const symbol = analysis.values.symbolOf(name);
  let found: { method: string } | undefined;
  forEachDescendant(fn.getSourceFile(), (node) => {
    if (found || !ts.isIdentifier(node) || node === name || node.text !== name.text || analysis.values.symbolOf(node) !== symbol) return;
    const call = node.parent;
    if (!ts.isCallExpression(call) || !call.arguments.includes(node)) return;
    const handler = requestHandlerOf(analysis, call);
    if (handler && handler.fn === fn) found = { method: handler.method };
  });
  return found;
}

function handlerOf(analysis: Analysis, fn: ts.FunctionLikeDeclaration): HandlerSite | undefined {
  const probe = fn.body;
  if (!probe) return undefined;
  const site = directHandler(analysis, firstChildIn(probe) ?? probe);
  return site && site.fn === fn ? site : undefined;
}

function firstChildIn(node: ts.Node): ts.Node | undefined {
  let child: ts.Node | undefined;
  ts.forEachChild(node, (c) => {
    child ??= c;
  });
  return child;
}

/** The file-level additions a rewritten handler needs: SDK imports, and the requestState codec. */
interface FileAdditions {
  codecFiles: Map<ts.SourceFile, { server?: ts.ObjectLiteralExpression }>;
  importsOf: Map<ts.SourceFile, { names: Set<string>; types: Set<string> }>;
}

/** A handler that can be rewritten: its one request, awaited into `const <name> = await <request>;` at the top of its body. */
interface EligibleHandler {
  site: InputRequestSite;
  body: ts.Block;
  statement: ts.VariableStatement;
  list: ts.VariableDeclarationList;
  decl: ts.VariableDeclaration & { name: ts.Identifier };
  /** The body's statements before and after the request. */
  before: readonly ts.Statement[];
  after: readonly ts.Statement[];
}

/** The handler's locals held across the request, and the server options where the codec's `verify` goes. */
interface HeldState {
  held: Held[];
  serverOptions?: ts.ObjectLiteralExpression;
}

/** The statements replacing the request, and what they need imported. */
interface GeneratedRound {
  text: string;
  validated: boolean;
  typeNames: string[];
}

/**
 * `rootsList`: the request is a helper call whose value is the roots list itself (roots-helper.ts), not
 * the `{ roots }` result of listRoots(); nothing of the call is kept, so neither are the markers an
 * earlier transform left on its statement (about the arguments the call passed).
 */
interface RoundForm {
  rootsList?: boolean;
}

function rewriteHandler(analysis: Analysis, handler: HandlerSite, sites: InputRequestSite[], additions: FileAdditions, form: RoundForm = {}): TextEdit[] {
  const eligible = eligibleHandler(analysis, handler, sites);
  const inlined = inlinedMessage(analysis, eligible.site, eligible.before);
  if (inlined) eligible.site = inlined.site;
  const { fn } = handler;
  const name = eligible.decl.name.text;
  if (usesName(fn, `${name}Response`)) throw new CannotRewrite(`the handler already uses the name \`${name}Response\``, eligible.decl.name);
  const ctx = contextParameter(handler, 'ctx');
  const flags = capabilityFlags(analysis, fn, eligible.site.feature, eligible.before, eligible.after);
  const state = heldState(analysis, handler, eligible, flags.symbols);
  const round = generateRound(handler, eligible, state, ctx.name, form);
  const sf = fn.getSourceFile();
  const edits: TextEdit[] = [...ctx.edits, ...(inlined?.edits ?? []), ...flags.edits, { file: sf.fileName, start: eligible.statement.getStart(sf), end: eligible.statement.end, text: round.text }];
  if (form.rootsList) edits.push(...leadingMarkerEdits(sf, eligible.statement));
  edits.push(...heldLocalEdits(sf, state.held, `${name}State`));
  const returnType = returnTypeEdit(handler);
  if (returnType) {
    edits.push(...returnType.edits);
    round.typeNames.push(...returnType.typeNames);
  }
  recordAdditions(additions, sf, state, round);
  return edits;
}

/** Whether the handler's shape allows the rewrite; throws CannotRewrite with the reason when it does not. */
function eligibleHandler(analysis: Analysis, handler: HandlerSite, sites: InputRequestSite[]): EligibleHandler {
  const { fn } = handler;
  if (sites.length > 1) throw new CannotRewrite(`the handler sends ${sites.length} requests to the client (each needs its own round, with what earlier rounds returned carried in requestState)`, sites[1]!.call);
  const site = sites[0]!;
  // A registerTool callback, or a low-level `setRequestHandler(CallToolRequestSchema, …)` dispatcher.
  const lowLevel = !handler.tool || handler.tool.api === 'low-level';
  // `tool.api` is the registration method (or `low-level`): the current one (`registerTool`), not v1's shorthand (`tool`).
  const registered = handler.tool && registrationOf(handler.tool.api);
  if (handler.method !== 'tools/call' || (handler.tool && !(registered?.kind === 'tool' && !registered.legacy) && !lowLevel)) {
    throw new CannotRewrite('only tools/call handlers (registerTool, or a low-level tools/call handler) are rewritten (inputRequired is also allowed from prompts/get and resources/read)', site.call);
  }
  if (!fn.body || !ts.isBlock(fn.body)) throw new CannotRewrite('the handler has an expression body', site.call);
  const body = fn.body;
  // `const v = await <request>;` as a statement of the handler body itself, or of one tool's branch of a
  // low-level dispatcher (`if (name === 'ask') { … }` at the top level of the handler).
  const awaited = site.call.parent;
  const decl = awaited && ts.isAwaitExpression(awaited) ? awaited.parent : undefined;
  const list = decl?.parent;
  const statement = list?.parent;
  const branch = lowLevel && statement ? dispatcherBranch(analysis, fn, body, statement) : undefined;
  const guarded = statement && !branch ? topLevelTry(body, statement) : undefined;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== awaited || !ts.isIdentifier(decl.name) || !list || !ts.isVariableDeclarationList(list) || list.declarations.length !== 1 || !statement || !ts.isVariableStatement(statement) || (statement.parent !== body && !branch && !guarded)) {
    throw new CannotRewrite(`the request is not awaited into a variable at the top level of the handler${lowLevel ? " or of one tool's branch of it" : ''} (\`const result = await …;\`)`, site.call);
  }
  // Also params named by a `const` (`params: elicitationParams`): inputRequired.elicit would send them as a form.
  if (site.feature === 'elicitation' && urlMode(analysis, site)) throw new CannotRewrite('URL-mode elicitation becomes inputRequired.elicitUrl({ message, url }) without elicitationId', site.call);
  if (site.feature !== 'roots' && !site.params) throw new CannotRewrite('the request params cannot be found', site.call);
  const paramsLiteral = site.params && unwrap(site.params);
  if (paramsLiteral && ts.isObjectLiteralExpression(paramsLiteral) && paramsLiteral.properties.some((p) => propertyNameText(p.name) === 'task')) {
    throw new CannotRewrite('the request is task-augmented (params.task): the experimental tasks API is gone in SDK v2 / 2026-07-28 (the Tasks extension replaces it); drop the task variant or return inputRequired with a plain request', site.call);
  }
  if (site.raw && site.call.arguments[1]) {
    const schema = unwrap(site.call.arguments[1]);
    if (!ts.isIdentifier(schema) || !RESULT_SCHEMAS.has(schema.text)) throw new CannotRewrite('the reply is parsed with a custom result schema, which the embedded response does not go through', site.call.arguments[1]);
  }
  let before: readonly ts.Statement[];
  let after: readonly ts.Statement[];
  if (branch) {
    // The retry runs the handler from the top again: what precedes the branch runs again (the other
    // tools' branches excepted: their condition is false for this tool), then the branch up to the request.
    const outer = body.statements.indexOf(branch.gate);
    const inner = branch.block.statements.indexOf(statement);
    before = [...body.statements.slice(0, outer).filter((s) => !branch.exclusive.has(s)), ...branch.block.statements.slice(0, inner)];
    // What follows the branch runs after the request only when the branch can fall through to it.
    const last = branch.block.statements[branch.block.statements.length - 1];
    const exits = !!last && (ts.isReturnStatement(last) || ts.isThrowStatement(last));
    after = [...branch.block.statements.slice(inner + 1), ...(exits ? [] : body.statements.slice(outer + 1))];
  } else if (guarded) {
    // `try { …; const v = await <request>; … } catch { … }` at the top level: the retry runs what
    // precedes the try, then the try block up to the request; the catch and finally may read what it held.
    const outer = body.statements.indexOf(guarded);
    const inner = guarded.tryBlock.statements.indexOf(statement);
    before = [...body.statements.slice(0, outer), ...guarded.tryBlock.statements.slice(0, inner)];
    after = [...guarded.tryBlock.statements.slice(inner + 1), ...(guarded.catchClause ? [guarded.catchClause.block] : []), ...(guarded.finallyBlock ? [guarded.finallyBlock] : []), ...body.statements.slice(outer + 1)];
  } else {
    const index = body.statements.indexOf(statement);
    before = body.statements.slice(0, index);
    after = body.statements.slice(index + 1);
  }
  for (const s of before) {
    const problem = sideEffect(s);
    if (problem) throw new CannotRewrite(`${problem} before the request runs again on the retry (perhaps on another instance)`, s);
  }
  return { site, body, statement, list, decl: decl as EligibleHandler['decl'], before, after };
}

/** The `try` statement at the top level of the handler body whose try block holds `statement` directly. */
function topLevelTry(body: ts.Block, statement: ts.Node): ts.TryStatement | undefined {
  const block = statement.parent;
  const tryStatement = block?.parent;
  return block && tryStatement && ts.isTryStatement(tryStatement) && tryStatement.tryBlock === block && tryStatement.parent === body ? tryStatement : undefined;
}

/** One tool's branch of a low-level tools/call dispatcher, and the other tools' branches before it. */
interface DispatcherBranch {
  /** The statement of the handler body the branch is in: an `if`, or a `switch` one of whose cases it is. */
  gate: ts.IfStatement | ts.SwitchStatement;
  block: ts.Block;
  /** Earlier top-level `if`s testing the same name against another tool: they never run for this one. */
  exclusive: Set<ts.Statement>;
}

/**
 * The branch `statement` sits in, directly in the handler body, where the tool is tested against a constant:
 * - `if (name === 'ask') { …; const v = await <request>; … }` with no `else`;
 * - `switch (name) { case 'ask': { …; const v = await <request>; … } … }`, the case's statements being that block
 *   (and perhaps a `break` after it), and no case that runs code falling through into it (sweep 32 AF5).
 * `name` is a `const`, or the request's own `params.name` (`request.params.name`).
 */
function dispatcherBranch(analysis: Analysis, fn: ts.FunctionLikeDeclaration, body: ts.Block, statement: ts.Node): DispatcherBranch | undefined {
  const block = statement.parent;
  if (!block || !ts.isBlock(block)) return undefined;
  const gate = block.parent;
  let test: ToolTest | undefined;
  let top: ts.IfStatement | ts.SwitchStatement | undefined;
  if (gate && ts.isIfStatement(gate) && gate.thenStatement === block && !gate.elseStatement && gate.parent === body) {
    test = toolTest(analysis, fn, gate.expression);
    top = gate;
  } else if (gate && ts.isCaseClause(gate) && gate.statements[0] === block && gate.statements.slice(1).every((s) => ts.isBreakStatement(s) && !s.label)) {
    const caseBlock = gate.parent;
    const sw = caseBlock.parent;
    if (sw.parent !== body) return undefined;
    const clauses = caseBlock.clauses;
    const at = clauses.indexOf(gate);
    // `case 'a': case 'b': { … }` shares the branch; the nearest clause above that runs code (past empty labels, a
    // `default:` too) must leave, or it runs into this one (review 41 S41-4).
    const above = clauses.slice(0, at).reverse().find((c) => c.statements.length > 0);
    if (above && !leaves(above.statements[above.statements.length - 1]!)) return undefined;
    const subject = toolSubject(analysis, fn, sw.expression);
    const value = constantValue(analysis, gate.expression);
    test = subject && value !== undefined ? { ...subject, value } : undefined;
    // Past the block, a case that does not leave runs on into the next one: not one tool's branch. Leaving the switch
    // (`break`, the last case's end) goes on after it, as an `if` branch's end does (review 41 S41-6).
    const last = block.statements[block.statements.length - 1];
    const leavesSwitch = gate.statements.length > 1 || at === clauses.length - 1 || (!!last && ts.isBreakStatement(last) && !last.label);
    if (!leavesSwitch && !(last && (ts.isReturnStatement(last) || ts.isThrowStatement(last)))) return undefined;
    top = sw;
  }
  if (!test || !top) return undefined;
  const exclusive = new Set<ts.Statement>();
  for (const s of body.statements) {
    if (s === top) break;
    if (!ts.isIfStatement(s) || s.elseStatement) continue;
    const other = toolTest(analysis, fn, s.expression);
    if (other && sameSubject(other, test) && other.value !== test.value) exclusive.add(s);
  }
  return { gate: top, block, exclusive };
}

/** A statement after which control does not go on to the next one: return, throw, break, continue. */
function leaves(statement: ts.Statement): boolean {
  return ts.isReturnStatement(statement) || ts.isThrowStatement(statement) || ts.isBreakStatement(statement) || ts.isContinueStatement(statement) || (ts.isBlock(statement) && statement.statements.length > 0 && leaves(statement.statements[statement.statements.length - 1]!));
}

/** What a dispatcher tests the tool by: a `const` (`symbol`), or the request parameter's `params.name` (`symbol` of the parameter, `path`). */
interface ToolSubject {
  symbol: ts.Symbol;
  path?: string;
}

interface ToolTest extends ToolSubject {
  value: string | number;
}

function sameSubject(a: ToolSubject, b: ToolSubject): boolean {
  return a.symbol === b.symbol && a.path === b.path;
}

/** `name === <constant>` (either side, `==` too), `name` a tool subject (`toolSubject`): the subject and the constant. */
function toolTest(analysis: Analysis, fn: ts.FunctionLikeDeclaration, condition: ts.Expression): ToolTest | undefined {
  const test = unwrap(condition);
  if (!ts.isBinaryExpression(test) || ![ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(test.operatorToken.kind)) return undefined;
  for (const [subject, constant] of [[test.left, test.right], [test.right, test.left]] as const) {
    const found = toolSubject(analysis, fn, subject);
    if (!found) continue;
    const value = constantValue(analysis, constant);
    if (value !== undefined) return { ...found, value };
  }
  return undefined;
}

/**
 * The tool name a dispatcher tests, when it cannot change between the test and the branch: a `const` (`const { name }
 * = request.params`), or `request.params.name` where `request` is the handler's own first parameter, never assigned.
 */
function toolSubject(analysis: Analysis, fn: ts.FunctionLikeDeclaration, expression: ts.Expression): ToolSubject | undefined {
  const inner = unwrap(expression);
  if (ts.isIdentifier(inner)) {
    const symbol = analysis.values.symbolOf(inner);
    let list: ts.Node | undefined = symbol?.valueDeclaration;
    while (list && (ts.isBindingElement(list) || ts.isObjectBindingPattern(list) || ts.isArrayBindingPattern(list) || ts.isVariableDeclaration(list))) list = list.parent;
    return symbol && list && ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const ? { symbol } : undefined;
  }
  if (!ts.isPropertyAccessExpression(inner) || inner.name.text !== 'name') return undefined;
  const destructured = destructuredParamsName(analysis, fn, inner);
  if (destructured) return destructured;
  const params = unwrap(inner.expression);
  if (!ts.isPropertyAccessExpression(params) || params.name.text !== 'params') return undefined;
  const root = unwrap(params.expression);
  const request = fn.parameters[0];
  if (!ts.isIdentifier(root) || !request || !ts.isIdentifier(request.name) || root.text !== request.name.text) return undefined;
  const symbol = analysis.values.symbolOf(root);
  if (!symbol || symbol.valueDeclaration !== request || assignedIn(fn, request.name.text)) return undefined;
  return { symbol, path: 'params.name' };
}

/** `params.name` where the handler's first parameter is destructured (`async ({ params }, ctx) => …`, review 41 S41-9). */
function destructuredParamsName(analysis: Analysis, fn: ts.FunctionLikeDeclaration, access: ts.PropertyAccessExpression): ToolSubject | undefined {
  const root = unwrap(access.expression);
  const pattern = fn.parameters[0]?.name;
  if (!ts.isIdentifier(root) || !pattern || !ts.isObjectBindingPattern(pattern)) return undefined;
  const symbol = analysis.values.symbolOf(root);
  const element = symbol?.valueDeclaration;
  if (!element || !ts.isBindingElement(element) || element.parent !== pattern || (propertyNameText(element.propertyName) ?? root.text) !== 'params' || assignedIn(fn, root.text)) return undefined;
  return { symbol: symbol!, path: 'name' };
}

/** Whether `name` (or a property path from it) is assigned anywhere in `fn`. */
function assignedIn(fn: ts.Node, name: string): boolean {
  let found = false;
  const rootOf = (node: ts.Node): ts.Node => {
    let current = unwrap(node);
    while (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) current = unwrap(current.expression);
    return current;
  };
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const root = rootOf(node.left);
      if (ts.isIdentifier(root) && root.text === name) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(fn);
  return found;
}

/** A string constant, or an enum member's literal value (`ToolName.ASK`). */
function constantValue(analysis: Analysis, node: ts.Expression): string | number | undefined {
  const direct = analysis.values.constantString(node);
  if (direct !== undefined) return direct;
  const inner = unwrap(node);
  if (!ts.isPropertyAccessExpression(inner)) return undefined;
  const member = analysis.values.symbolOf(inner.name)?.valueDeclaration;
  if (!member || !ts.isEnumMember(member) || !member.initializer) return undefined;
  const init = unwrap(member.initializer);
  return ts.isStringLiteralLike(init) ? init.text : ts.isNumericLiteral(init) ? Number(init.text) : undefined;
}

/** State held across the await: const locals declared before it and read after it, sealed into requestState. */
function heldState(analysis: Analysis, handler: HandlerSite, eligible: EligibleHandler, notHeld: ReadonlySet<ts.Symbol>): HeldState {
  const held = heldLocals(analysis, handler.fn, eligible.before, eligible.after, notHeld);
  // The state read back on the retry is declared in the block the request is in (a try block, a tool's
  // branch): a held local read past that block (in a catch, after the branch) would be out of its scope.
  const scope = eligible.statement.parent;
  const escaping = held.find((h) => h.usesAfter.some((use) => use.pos < scope.pos || use.end > scope.end));
  if (escaping) throw new CannotRewrite(`\`${escaping.name}\` is held across the request and read after the block it is in`, eligible.decl);
  const serverOptions = held.length ? serverOptionsOf(analysis, handler) : undefined;
  if (held.length && !serverOptions) {
    // Built here without an options argument (`new McpServer({ name, version })`): say so, and how to give it one (sweep 37 AK6).
    const why = builtWithoutOptions(analysis, handler) ? "the server is built without an options argument, where requestState.verify goes (give it one, `new McpServer(info, {})`, and run apply again)" : "the server's options (where requestState.verify goes) are not an object literal in this file";
    throw new CannotRewrite(`the handler holds ${held.map((h) => `\`${h.name}\``).join(', ')} across the request, and ${why}`, eligible.decl);
  }
  return { held, serverOptions };
}

/** The two-phase form of the request: ask with inputRequired on the first round, read the input response on the retry. */
function generateRound(handler: HandlerSite, eligible: EligibleHandler, state: HeldState, ctxName: string, form: RoundForm): GeneratedRound {
  const { fn } = handler;
  const { site, statement, list } = eligible;
  const { held } = state;
  const sf = fn.getSourceFile();
  const name = eligible.decl.name.text;
  const responseName = `${name}Response`;
  const typeNames: string[] = [];
  const stateName = `${name}State`;
  const unit = indentUnit(sf.text);
  const indent = indentAt(sf.text, statement.getStart(sf));
  const paramsText = site.feature === 'roots' ? '' : site.paramsText ?? site.params!.getText(sf);
  const key = name;
  const requestStateText = held.length ? `\n${indent}${unit}${unit}requestState: await requestStateCodec.mint({ ${held.map((h) => h.name).join(', ')} }, ${ctxName}),` : '';
  const inner = `${indent}${unit}${unit}${unit}`;
  const flavour = flavourOf(sf);
  // A form elicitation's schema validates the answer on the retry (the SDK does not): it is hoisted
  // into a Standard Schema that both asks (inputRequired.elicit) and checks (acceptedContent).
  const lines: string[] = [];
  let sentParams = site.params && !site.paramsText ? reindent(paramsText, indentAt(sf.text, site.params.getStart(sf)), inner) : paramsText;
  const literal = site.feature === 'elicitation' && site.params && !site.paramsText && ts.isObjectLiteralExpression(unwrap(site.params)) ? (unwrap(site.params) as ts.ObjectLiteralExpression) : undefined;
  const schemaProp = literal?.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'requestedSchema');
  const schemaName = `${name}Schema`;
  const requestedName = `${name}RequestedSchema`;
  const validated = !!schemaProp && literal === site.params && !usesName(fn, schemaName) && !usesName(fn, requestedName);
  if (validated) {
    const init = schemaProp!.initializer;
    const schemaText = reindent(init.getText(sf), indentAt(sf.text, init.getStart(sf)), indent);
    // The literal is typed as what it was, an elicitation's requestedSchema (which allows the legacy
    // `enumNames`); passed to fromJsonSchema as a fresh literal it would be checked against plain JSON
    // Schema instead, and fail to compile (TS2353) on those properties.
    if (flavour === 'ts') {
      lines.push(`const ${requestedName}: ElicitRequestFormParams['requestedSchema'] = ${schemaText};`);
      lines.push(`const ${schemaName} = fromJsonSchema<Record<string, unknown>>(${requestedName});`);
      typeNames.push('ElicitRequestFormParams');
    } else {
      lines.push(`/** @type {import('${SDK}').ElicitRequestFormParams['requestedSchema']} */`);
      lines.push(`const ${requestedName} = ${schemaText};`);
      lines.push(`const ${schemaName} = /** @type {import('${SDK}').StandardSchemaWithJSON<Record<string, unknown>>} */ (fromJsonSchema(${requestedName}));`);
    }
    const paramsStart = site.params!.getStart(sf);
    const raw = site.params!.getText(sf);
    const replaced = raw.slice(0, init.getStart(sf) - paramsStart) + schemaName + raw.slice(init.end - paramsStart);
    sentParams = reindent(replaced, indentAt(sf.text, paramsStart), inner);
  }
  const requestsText = `inputRequests: {\n${inner}${key}: inputRequired.${BUILDER(site.feature)}(${sentParams}),\n${indent}${unit}${unit}}`;
  const expected = describedFeature(site.feature).inputRequest!.responseKind;
  lines.push(`const ${responseName} = inputResponse(${ctxName}.mcpReq.inputResponses, '${key}');`);
  if (held.length) {
    const type = `{ ${held.map((h) => `${h.name}: ${h.type}`).join('; ')} }`;
    lines.push(flavour === 'ts' ? `const ${stateName} = ${ctxName}.mcpReq.requestState<${type}>();` : `const ${stateName} = /** @type {${type} | undefined} */ (${ctxName}.mcpReq.requestState());`);
    lines.push(`if (${responseName}.kind === 'missing' || !${stateName}) {`);
  } else {
    lines.push(`if (${responseName}.kind === 'missing') {`);
  }
  lines.push(`${unit}return inputRequired({\n${indent}${unit}${unit}${requestsText},${requestStateText}\n${indent}${unit}});`);
  lines.push('}');
  lines.push(`if (${responseName}.kind !== '${expected}') {`);
  lines.push(`${unit}return { content: [{ type: 'text'${flavour === 'ts' ? ' as const' : ''}, text: \`Expected ${expected === 'elicit' ? 'an elicitation' : expected === 'sampling' ? 'a sampling' : 'a roots'} response for "${key}", got "\${${responseName}.kind}".\` }], isError: true };`);
  lines.push('}');
  // Without `tools` in its params, createMessage resolved to a CreateMessageResult (single content block).
  const withTools = site.feature === 'sampling' && !(site.params && ts.isObjectLiteralExpression(unwrap(site.params)) && !(unwrap(site.params) as ts.ObjectLiteralExpression).properties.some((p) => ts.isSpreadAssignment(p) || propertyNameText(p.name) === 'tools'));
  const sampled = withTools ? `${responseName}.result` : flavour === 'ts' ? `${responseName}.result as CreateMessageResult` : `/** @type {import('${SDK}').CreateMessageResult} */ (${responseName}.result)`;
  if (site.feature === 'sampling' && !withTools && flavour === 'ts') typeNames.push('CreateMessageResult');
  const elicited = validated
    ? `${responseName}.action === 'accept' ? { action: ${responseName}.action, content: acceptedContent(${ctxName}.mcpReq.inputResponses, '${key}', ${schemaName}) } : ${responseName}`
    : responseName;
  const value = site.feature === 'sampling' ? sampled : site.feature === 'roots' ? (form.rootsList ? `${responseName}.roots` : `{ roots: ${responseName}.roots }`) : elicited;
  lines.push(`${list.flags & ts.NodeFlags.Let ? 'let' : 'const'} ${name} = ${value};`);
  return { text: lines.join(`\n${indent}`), validated, typeNames };
}

/** The `@mcp-migrate-todo` comment lines directly above `statement`: removed with the code they were about. */
function leadingMarkerEdits(sf: ts.SourceFile, statement: ts.Statement): TextEdit[] {
  const ranges = ts.getLeadingCommentRanges(sf.text, statement.getFullStart()) ?? [];
  return ranges
    .filter((r) => r.kind === ts.SyntaxKind.SingleLineCommentTrivia && /^\/\/\s*@mcp-migrate-todo\(/.test(sf.text.slice(r.pos, r.end)))
    .map((r) => ({ file: sf.fileName, start: sf.text.lastIndexOf('\n', r.pos - 1) + 1, end: sf.text.indexOf('\n', r.end) + 1, text: '' }));
}

/** After the await, held locals read what the user saw: the values sealed in requestState. */
function heldLocalEdits(sf: ts.SourceFile, held: readonly Held[], stateName: string): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const h of held) {
    for (const use of h.usesAfter) {
      const parent = use.parent;
      if (parent && ts.isShorthandPropertyAssignment(parent)) edits.push({ file: sf.fileName, start: use.getStart(sf), end: use.end, text: `${h.name}: ${stateName}.${h.name}` });
      else edits.push({ file: sf.fileName, start: use.getStart(sf), end: use.end, text: `${stateName}.${h.name}` });
    }
  }
  return edits;
}

/** The handler may now return an InputRequiredResult: a declared `Promise<…>` return type says so. */
function returnTypeEdit(handler: HandlerSite): { edits: TextEdit[]; typeNames: string[] } | undefined {
  const sf = handler.fn.getSourceFile();
  // JS: a JSDoc `@returns {Promise<…>}` says the same, in the SDK's import() type form.
  const jsDoc = !handler.fn.type ? ts.getJSDocReturnTag(handler.fn)?.typeExpression?.type : undefined;
  if (jsDoc) {
    if (!ts.isTypeReferenceNode(jsDoc) || jsDoc.typeName.getText(sf) !== 'Promise' || jsDoc.typeArguments?.length !== 1) throw new CannotRewrite('the handler documents a return type that is not Promise<…>', jsDoc);
    const inner = jsDoc.typeArguments[0]!;
    return { edits: /\bInputRequiredResult\b/.test(inner.getText(sf)) ? [] : [{ file: sf.fileName, start: inner.end, end: inner.end, text: ` | import('${SDK}').InputRequiredResult` }], typeNames: [] };
  }
  const returnType = handler.fn.type;
  if (!returnType) return undefined;
  if (!ts.isTypeReferenceNode(returnType) || returnType.typeName.getText(sf) !== 'Promise' || returnType.typeArguments?.length !== 1) {
    throw new CannotRewrite('the handler declares a return type that is not Promise<…>', returnType);
  }
  const inner = returnType.typeArguments[0]!;
  const edits = /\bInputRequiredResult\b/.test(inner.getText(sf)) ? [] : [{ file: sf.fileName, start: inner.end, end: inner.end, text: ' | InputRequiredResult' }];
  return { edits, typeNames: ['InputRequiredResult'] };
}

/** The imports the rewritten handler uses, and the codec its file declares when it holds state. */
function recordAdditions(additions: FileAdditions, sf: ts.SourceFile, state: HeldState, round: GeneratedRound): void {
  const imports = additions.importsOf.get(sf) ?? { names: new Set<string>(), types: new Set<string>() };
  for (const n of ['inputRequired', 'inputResponse', ...(state.held.length ? ['createRequestStateCodec'] : []), ...(round.validated ? ['fromJsonSchema', 'acceptedContent'] : [])]) imports.names.add(n);
  for (const n of round.typeNames) imports.types.add(n);
  additions.importsOf.set(sf, imports);
  if (state.held.length && !additions.codecFiles.has(sf)) additions.codecFiles.set(sf, { server: state.serverOptions });
}

/** Moves a multi-line expression from the block indented `from` to one indented `to` (the lines of a string's value kept as they are). */
function reindent(text: string, from: string, to: string): string {
  const inString = stringLineStarts(text);
  let offset = 0;
  return text
    .split('\n')
    .map((line, i) => {
      const start = offset;
      offset += line.length + 1;
      return i > 0 && !inString.has(start) && line.startsWith(from) ? to + line.slice(from.length) : line;
    })
    .join('\n');
}

/** Why a statement before the request is not a read (undefined when it is). */
function sideEffect(statement: ts.Statement): string | undefined {
  if (ts.isVariableStatement(statement)) return undefined;
  if (ts.isIfStatement(statement)) {
    const exits = (s: ts.Statement | undefined): boolean => !s || ts.isReturnStatement(s) || ts.isThrowStatement(s) || (ts.isBlock(s) && s.statements.length > 0 && s.statements.every((x) => ts.isReturnStatement(x) || ts.isThrowStatement(x) || ts.isVariableStatement(x)));
    return exits(statement.thenStatement) && exits(statement.elseStatement) ? undefined : 'a branch with effects';
  }
  if (ts.isEmptyStatement(statement) || ts.isFunctionDeclaration(statement)) return undefined;
  if (ts.isExpressionStatement(statement)) return 'a statement with side effects';
  if (ts.isIterationStatement(statement, false)) return 'a loop';
  return `a \`${ts.SyntaxKind[statement.kind]}\``;
}

interface Held {
  name: string;
  type: string;
  usesAfter: ts.Identifier[];
}

function heldLocals(analysis: Analysis, fn: ts.FunctionLikeDeclaration, before: readonly ts.Statement[], after: readonly ts.Statement[], notHeld: ReadonlySet<ts.Symbol>): Held[] {
  const checker = analysis.values.checker;
  const out: Held[] = [];
  for (const statement of before) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      // A constant, or a read of the handler's own parameters: the retry computes it again, the same
      // (the client resends the call's arguments; a read of the context describes the retry itself).
      if (statement.declarationList.flags & ts.NodeFlags.Const && decl.initializer && recomputable(analysis, fn, decl.initializer)) continue;
      if (!ts.isIdentifier(decl.name)) {
        if (after.some((s) => boundNames(decl.name).some((n) => usesName(s, n)))) throw new CannotRewrite('a destructured local is used on both sides of the request', decl);
        continue;
      }
      const symbol = checker.getSymbolAtLocation(decl.name);
      if (symbol && notHeld.has(symbol)) continue;
      const uses: ts.Identifier[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isIdentifier(node) && node.text === (decl.name as ts.Identifier).text) {
          const parent = node.parent;
          const isName = parent && ((ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node));
          const target = parent && ts.isShorthandPropertyAssignment(parent) ? checker.getShorthandAssignmentValueSymbol(parent) : checker.getSymbolAtLocation(node);
          if (!isName && target === symbol) uses.push(node);
        }
        ts.forEachChild(node, visit);
      };
      after.forEach(visit);
      if (uses.length === 0) continue;
      if (!(statement.declarationList.flags & ts.NodeFlags.Const)) throw new CannotRewrite(`\`${decl.name.text}\` is a \`let\` used on both sides of the request`, decl);
      // The analysis has no lib or SDK types: JSON-unsafe values are refused where they show (a
      // function, `new Map()`/`new Date()`/any class instance); the type travels as `typeof <name>`.
      const init = decl.initializer && unwrap(decl.initializer);
      const type = checker.getTypeAtLocation(decl.name);
      if ((init && (ts.isNewExpression(init) || ts.isFunctionLike(init) || ts.isClassExpression(init) || isGlobalCall(analysis, init, 'BigInt'))) || type.getCallSignatures().length > 0 || !jsonSafe(checker, type, 0)) {
        throw new CannotRewrite(`\`${decl.name.text}\` (used after the request) does not survive JSON in requestState`, decl);
      }
      // Untyped (JavaScript, or a type from a package the analysis does not load): a method of its own called after the
      // request shows a live object (a wallet account holding its key, a client). Sealed in requestState it would travel
      // to the client readable (signed, not encrypted) and come back as data, without its methods.
      const untyped = !!(type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) && !(init && isJsonByConstruction(init));
      const method = untyped ? ownMethodCalled(uses) : undefined;
      if (method) {
        throw new CannotRewrite(`\`${decl.name.text}\` is a live object (\`${method}(…)\` is called after the request), which requestState cannot carry: it holds only JSON, signed but not encrypted (never a secret). Compute it again after the request (the retry runs the handler from the top), or hold only its JSON parts`, decl);
      }
      // What an untyped project function returns (`await openAccount(chain)`) is such an object however it is used after
      // (handed to a helper, `account.signer.sign(…)`, review 44 S44-1) when it builds one: an object with methods, a `new`.
      const made = untyped && init ? liveObjectMaker(analysis, init, 0) : undefined;
      if (made) {
        throw new CannotRewrite(`\`${decl.name.text}\` (used after the request) is what \`${made}(…)\` returns, an object with methods: a live object (a client, an account holding a key), which requestState cannot carry: it holds only JSON, signed but not encrypted (never a secret). Compute it again after the request (the retry runs the handler from the top), or hold only its JSON parts`, decl);
      }
      out.push({ name: decl.name.text, type: `typeof ${decl.name.text}`, usesAfter: uses });
    }
  }
  return out;
}

/**
 * A literal, a constant, a chain of property reads rooted at one of `fn`'s parameters (no call), a template of those, or a
 * conversion of one by a global (`BigInt(value)`, `Number(amount)`: a pure function of its argument).
 */
function recomputable(analysis: Analysis, fn: ts.FunctionLikeDeclaration, expression: ts.Expression): boolean {
  const node = unwrap(expression);
  if (isPlainLiteral(node)) return true;
  if (analysis.values.constantString(expression) !== undefined) return true;
  if (ts.isTemplateExpression(node)) return node.templateSpans.every((span) => recomputable(analysis, fn, span.expression));
  if (ts.isCallExpression(node) && PURE_CONVERSIONS.some((name) => isGlobalCall(analysis, node, name))) return node.arguments.every((a) => !ts.isSpreadElement(a) && recomputable(analysis, fn, a));
  let root: ts.Node = node;
  while (ts.isPropertyAccessExpression(root) || ts.isNonNullExpression(root)) root = root.expression;
  if (!ts.isIdentifier(root)) return false;
  // A parameter, or a name destructured from one (`async ({ chain, value }) => …`): the client resends the arguments.
  let decl: ts.Node | undefined = analysis.values.symbolOf(root)?.valueDeclaration;
  // Not past a default (`{ at = Date.now() }`), which the retry may compute differently.
  while (decl && ts.isBindingElement(decl) && !decl.dotDotDotToken && (!decl.initializer || isPlainLiteral(unwrap(decl.initializer)))) decl = decl.parent.parent;
  return !!decl && ts.isParameter(decl) && decl.parent === fn;
}

/** Globals that convert their argument and do nothing else. */
const PURE_CONVERSIONS = ['BigInt', 'Number', 'String', 'Boolean', 'parseInt', 'parseFloat'];

/** A call of the global `name` (not a project function of that name). */
function isGlobalCall(analysis: Analysis, node: ts.Node, name: string): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== name) return false;
  const decl = analysis.values.symbolOf(node.expression)?.valueDeclaration;
  return !decl || decl.getSourceFile().isDeclarationFile;
}

/** `JSON.parse(…)` or `await response.json()`: a value made from JSON, whatever methods are called on it. */
function isJsonByConstruction(node: ts.Node): boolean {
  const call = ts.isAwaitExpression(node) ? unwrap(node.expression) : node;
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return false;
  const { expression: receiver, name } = call.expression;
  if (ts.isIdentifier(receiver) && receiver.text === 'JSON' && name.text === 'parse') return true;
  return ts.isAwaitExpression(node) && name.text === 'json' && call.arguments.length === 0;
}

/**
 * The project function (its name) whose call `init` is, awaited or not, when what it returns is built with methods: an
 * object literal with a method or a function-valued member (at any depth), or a `new` of a class (`openAccount` returning
 * `{ key, async send() {…} }`). A function of a package is not read: what it returns is unknown, not live.
 */
function liveObjectMaker(analysis: Analysis, init: ts.Node, depth: number): string | undefined {
  const inner = ts.isAwaitExpression(init) ? unwrap(init.expression) : unwrap(init);
  if (!ts.isCallExpression(inner) || depth > 2) return undefined;
  const fn = analysis.values.calls.functionOfCall(inner);
  if (!fn?.body || fn.getSourceFile().isDeclarationFile) return undefined;
  const body = fn.body;
  const returned: ts.Node[] = ts.isBlock(body) ? [] : [body];
  const collect = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
    if (!isFunctionLike(node)) ts.forEachChild(node, collect);
  };
  if (ts.isBlock(body)) ts.forEachChild(body, collect);
  const hasMethods = (node: ts.Node, hops = 0): boolean => {
    const value = ts.isAwaitExpression(node) ? unwrap(node.expression) : unwrap(node);
    if (ts.isNewExpression(value)) return true;
    // `const account = { …, send() {} }; return account` (review 44b S44b-1): the local's initializer.
    if (ts.isIdentifier(value) && hops < 2) {
      const local = analysis.values.symbolOf(value)?.valueDeclaration;
      if (local && ts.isVariableDeclaration(local) && local.initializer && isInside(local, fn)) return hasMethods(local.initializer, hops + 1);
    }
    if (ts.isCallExpression(value)) return liveObjectMaker(analysis, value, depth + 1) !== undefined || cachedLiveObject(value, hops);
    if (!ts.isObjectLiteralExpression(value)) return false;
    return value.properties.some((p) => ts.isMethodDeclaration(p) || ts.isGetAccessor(p) || (ts.isPropertyAssignment(p) && (isFunctionLike(unwrap(p.initializer)) || hasMethods(p.initializer, hops))));
  };
  // `return accounts.get(chain)` from a cache the module fills with `accounts.set(chain, new Account(…))` (review 44b S44b-1).
  function cachedLiveObject(call: ts.CallExpression, hops: number): boolean {
    if (hops >= 2 || !ts.isPropertyAccessExpression(call.expression) || call.expression.name.text !== 'get' || !ts.isIdentifier(call.expression.expression)) return false;
    const cache = analysis.values.symbolOf(call.expression.expression);
    if (!cache) return false;
    let live = false;
    forEachDescendant(call.getSourceFile(), (node) => {
      if (live || !ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== 'set' || !ts.isIdentifier(node.expression.expression)) return;
      if (analysis.values.symbolOf(node.expression.expression) !== cache || !node.arguments[1]) return;
      live = hasMethods(node.arguments[1], hops + 1);
    });
    return live;
  }
  return returned.some((node) => hasMethods(node)) ? unwrap(inner.expression).getText() : undefined;
}

/** Methods JSON data has (arrays, strings, numbers, any object): calling one says nothing about what the value is. */
const DATA_METHODS = new Set(
  [Array.prototype, String.prototype, Number.prototype, Object.prototype].flatMap((proto) => Object.getOwnPropertyNames(proto).filter((name) => typeof (proto as Record<string, unknown>)[name] === 'function')),
);

/** `name.method` of the first use called as a method that JSON data does not have (`account.send(…)`). */
function ownMethodCalled(uses: readonly ts.Identifier[]): string | undefined {
  for (const use of uses) {
    const access = use.parent;
    if (!ts.isPropertyAccessExpression(access) || access.expression !== use || !ts.isCallExpression(access.parent) || access.parent.expression !== access) continue;
    if (!DATA_METHODS.has(access.name.text)) return `${use.text}.${access.name.text}`;
  }
  return undefined;
}

function jsonSafe(checker: ts.TypeChecker, type: ts.Type, depth: number): boolean {
  if (depth > 4) return true;
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
  if (flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.Null)) return true;
  if (type.isUnion()) return type.types.every((t) => jsonSafe(checker, t, depth + 1));
  if (checker.isArrayType(type)) return jsonSafe(checker, checker.getTypeArguments(type as ts.TypeReference)[0]!, depth + 1);
  if (flags & ts.TypeFlags.Object) {
    if (type.getCallSignatures().length || type.getConstructSignatures().length) return false;
    const name = type.getSymbol()?.getName();
    if (name && ['Date', 'Map', 'Set', 'Promise', 'RegExp'].includes(name)) return false;
    if (type.getSymbol()?.valueDeclaration && ts.isClassLike(type.getSymbol()!.valueDeclaration!)) return false;
    return checker.getPropertiesOfType(type).every((p) => {
      const decl = p.valueDeclaration ?? p.declarations?.[0];
      return decl ? jsonSafe(checker, checker.getTypeOfSymbolAtLocation(p, decl), depth + 1) : true;
    });
  }
  return !(flags & (ts.TypeFlags.ESSymbolLike | ts.TypeFlags.BigIntLike | ts.TypeFlags.Undefined | ts.TypeFlags.Void));
}

/** The options object of `new McpServer(info, { … })` / `new Server(…)` the handler is registered on, when it is in the same file. */
function serverOptionsOf(analysis: Analysis, handler: HandlerSite): ts.ObjectLiteralExpression | undefined {
  const init = serverConstruction(analysis, handler);
  const options = init?.arguments?.[1] && unwrap(init.arguments[1]);
  return options && ts.isObjectLiteralExpression(options) ? options : undefined;
}

/** Whether the handler's server is built in its file with its info alone (no options argument). */
function builtWithoutOptions(analysis: Analysis, handler: HandlerSite): boolean {
  const init = serverConstruction(analysis, handler);
  return !!init && (init.arguments?.length ?? 0) < 2;
}

/** The `new McpServer(…)` in the handler's file that builds the server the handler is registered on. */
function serverConstruction(analysis: Analysis, handler: HandlerSite): ts.NewExpression | undefined {
  let registration: ts.Node | undefined = handler.fn.parent;
  while (registration && (ts.isParenthesizedExpression(registration) || ts.isAsExpression(registration))) registration = registration.parent;
  const call = handler.tool?.call ?? (registration && ts.isCallExpression(registration) ? registration : undefined);
  const receiver = call && calleeParts(call).receiver;
  if (!receiver) return undefined;
  const decl = analysis.values.symbolOf(unwrap(receiver))?.valueDeclaration;
  const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
  if (!init || !ts.isNewExpression(init) || init.getSourceFile() !== handler.fn.getSourceFile()) return undefined;
  return init;
}

/** The codec declaration after the imports, and `requestState: { verify }` on the server options. */
function codecEdits(sf: ts.SourceFile, options: ts.ObjectLiteralExpression | undefined): TextEdit[] {
  const edits: TextEdit[] = [];
  if (!/\bconst requestStateCodec\b/.test(sf.text)) {
    const at = afterImports(sf);
    const ts_ = flavourOf(sf) === 'ts';
    const decl = [
      '',
      `// Seals what a handler holds between the rounds of a multi-round-trip call. Every instance must share the key: set ${REQUEST_STATE_ENV} (at least 32 bytes).`,
      `const requestStateKey = process.env.${REQUEST_STATE_ENV};`,
      `if (!requestStateKey) throw new Error('${REQUEST_STATE_ENV} is not set: it seals requestState across instances (use at least 32 random bytes, the same on every instance)');`,
      `const requestStateCodec = createRequestStateCodec({ key: requestStateKey, ttlSeconds: 600, bind: (ctx) => \`\${ctx.mcpReq.method}\\0\${ctx.http?.authInfo?.clientId ?? ''}\` });`,
    ].join('\n');
    void ts_;
    edits.push({ file: sf.fileName, start: at.offset, end: at.offset, text: at.offset === 0 ? `${decl.trimStart()}\n` : `\n${decl}` });
  }
  if (options) {
    const has = options.properties.some((p) => propertyNameText(p.name) === 'requestState');
    if (!has) {
      const last = options.properties[options.properties.length - 1];
      if (last) edits.push({ file: sf.fileName, start: last.end, end: last.end, text: `, requestState: { verify: requestStateCodec.verify }` });
      else edits.push({ file: sf.fileName, start: options.getStart(sf) + 1, end: options.getStart(sf) + 1, text: ` requestState: { verify: requestStateCodec.verify } ` });
    }
  }
  return edits;
}

