/**
 * `session-state-to-handles`: hidden session state becomes an explicit handle argument.
 *
 * For each session-keyed application store and every tool that reaches it (analysis model):
 * - the session id at each read becomes the handle: in a tool handler the new argument, in a
 *   helper the helper's context parameter turned into a handle parameter — through every caller;
 * - each such tool gets a required `<noun>_id` in its schema and checks it against the caller
 *   first thing (`<noun>Handles.check`), returning a tool error that names the minting tool;
 * - a `create_<noun>` tool mints handles (optional idempotency key; lifetime in its description);
 * - session-lifecycle cleanup of the store becomes handle expiry;
 * - a generated `mcp-handles` module holds the registry.
 * All edits of one store are computed before any is kept: a store with any site we cannot rewrite
 * safely gets a marker and a report entry instead, never half a migration.
 */
import path from 'node:path';
import { RULE_ID } from '../../rule-ids.js';
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, isInside, outermostWrapper, propertyNameText, unwrap, statementOf } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { StoreModel } from '../../analysis/reach.js';
import { functionNames } from '../../analysis/call-index.js';
import type { SessionRead, SessionStore, Sink } from '../../analysis/session-flow.js';
import type { ToolRegistration } from '../../analysis/tools.js';
import { holdsCredentials } from '../../analysis/credentials.js';
import { legacySseEndpoint } from '../../analysis/legacy-sse.js';
import { sessionAuthBindings } from '../../analysis/session-auth.js';
import { guessableSources, type GuessableSource } from '../../analysis/handles.js';
import { holdsTimers } from './timers.js';
import { cachesClientRoots, clientRootsAdvice } from './client-roots.js';
import { expiresIdleSessions, idleExpiryAdvice } from './idle-expiry.js';
import { markerInsertion } from '../../markers.js';
import type { TextEdit } from '../kit/edits.js';
import type { HandleNames, StoreOutcome, TransformOptions, TransformPlan } from '../kit/plan.js';
import { describeDuration } from '../kit/duration.js';
import { andList } from '../kit/prose.js';
import { CannotRewrite } from '../kit/handler-sites.js';
import { planTelemetryIds } from './telemetry-ids.js';
import { perSessionObjects } from './per-session-objects.js';
import { keptStoreReads } from './kept-store-reads.js';
import { listRoutingAdvice, listRoutingSites } from './list-routing-markers.js';
import { keptSseRegistryAdvice } from './kept-registries.js';
import { injectedIdSites } from './injected-ids.js';
import { handedTransportIds } from './handed-transport-ids.js';
import { marksCallsAcrossRetries, recordsSessionTimes, retryMarksAdvice, sessionTimesAdvice } from './session-bookkeeping.js';
import { handleNames, nounOf, styleOf } from './naming.js';
import { handleModuleFileName, handleModuleSource } from './runtime.js';
import { handleArgumentJsonSchema, handleArgumentZod, idempotencyKeyJsonSchema, idempotencyKeyZod, lifetimeText, quote } from './schema-text.js';
import { afterImports, flavourOf, importSpecifier, importStatement, indentAt, indentUnit, zodName, type ModuleFlavour } from '../kit/source-style.js';
import { handlerContextOf, sdkMajorOfFile } from '../../analysis/sdk-modules.js';

/** The member of a v1 handler context holding its transport's session id (`extra.sessionId`); v2's context has none. */
const V1_CONTEXT_SESSION_ID = handlerContextOf(1).sessionId!;

export type HandlesOptions = Pick<TransformOptions, 'ttlMs' | 'maxAgeMs'>;

interface HandlesPlan extends TransformPlan {
  stores: StoreOutcome[];
  telemetry: Array<{ file: string; line: number }>;
}

export function planHandles(result: AnalysisResult, options: HandlesOptions): HandlesPlan {
  const plan: HandlesPlan = { edits: [], newFiles: new Map(), markers: [], stores: [], telemetry: [] };
  const { analysis } = result;
  /** `store`: the outcome of the store the marker is about, so the report lists the store once, by its marker. */
  /** The statement each store's marker stands above (`markedAt`, as a node), for the markers that point at it. */
  const markedStatements = new Map<StoreOutcome, ts.Node>();
  const marker = (node: ts.Node, ruleId: string, message: string, store?: StoreOutcome): void => {
    const sf = node.getSourceFile();
    const statement = statementOf(node);
    const insertion = markerInsertion(sf.text, statement.getStart(sf), ruleId, message);
    const line = sf.getLineAndCharacterOfPosition(statement.getStart(sf)).line + 1;
    plan.markers.push({ file: sf.fileName, line, ruleId, message });
    if (store) {
      store.markedAt = { file: sf.fileName, line };
      markedStatements.set(store, statement);
    }
    if (insertion) plan.edits.push({ file: sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
  };

  let moduleTarget: { path: string; flavour: ModuleFlavour } | undefined;
  const moduleFor = (sf: ts.SourceFile): { path: string; flavour: ModuleFlavour } => {
    if (!moduleTarget) {
      const flavour = flavourOf(sf);
      moduleTarget = { path: path.join(path.dirname(sf.fileName), handleModuleFileName(flavour)), flavour };
    }
    return moduleTarget;
  };

  const toolNames = new Set(analysis.tools.map((t) => t.name));
  const grouped = groupClientStores(analysis.stores);
  /** Each analysis store's outcome (the members of a grouped client store share the group's). */
  const outcomes = new Map<SessionStore, StoreOutcome>();
  /** Client stores (no declaration: scan reports each keyed call) with their outcome, for `otherKeyedCalls`. */
  const clientStores: Array<{ model: StoreModel; outcome: StoreOutcome }> = [];
  for (const model of grouped) {
    const site = model.store.declaration ?? model.accesses[0]?.sink.node;
    if (!site) continue;
    const sf = site.getSourceFile();
    // A registry of the file's HTTP+SSE endpoint goes with the one decision stateless-serving records for that endpoint.
    if (model.store.kind === 'transport' && legacySseEndpoint(analysis, sf)?.registries.some((r) => r.declaration === model.store.declaration)) continue;
    const outcome: StoreOutcome = {
      store: model.store.name,
      file: sf.fileName,
      line: sf.getLineAndCharacterOfPosition(site.getStart(sf)).line + 1,
      status: 'marked',
      tools: model.tools.map((t) => t.name),
      inProcess: !!model.store.declaration,
    };
    plan.stores.push(outcome);
    if (!model.store.declaration) clientStores.push({ model, outcome });
    for (const member of analysis.stores) if (member.store === model.store || (!member.store.declaration && member.store.accesses.some((a) => model.store.accesses.includes(a)))) outcomes.set(member.store, outcome);
    if (model.store.kind === 'session') {
      outcome.reason = 'session registry of the HTTP layer: serving plumbing, not application state';
      marker(site, RULE_ID.transportRegistry, 'a record per session kept by the HTTP layer: remove it with the session routing (2026-07-28 has no sessions to validate or expire) and bind identity per request.', outcome);
      continue;
    }
    if (model.store.kind === 'transport') {
      outcome.reason = 'transport registry: serving plumbing, not application state';
      const kept = keptSseRegistryAdvice(analysis, model.store, sf);
      marker(site, RULE_ID.transportRegistry, kept ?? 'serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).', outcome);
      continue;
    }
    if (model.store.kind === 'server') {
      outcome.reason = 'per-session server instances: their closures may hold state';
      marker(site, RULE_ID.perSessionServer, 'one server per session: build a server per request from a factory, and move any state its closures hold behind explicit handles.', outcome);
      continue;
    }
    if (expiresIdleSessions(model.store, analysis.values)) {
      outcome.reason = 'idle-session expiry: bookkeeping of the serving layer, not state a tool reads back';
      marker(site, RULE_ID.keyedStore, idleExpiryAdvice(model.store.name), outcome);
      continue;
    }
    if (holdsTimers(model, analysis.values.checker)) {
      outcome.reason = 'timers per session: bookkeeping of the connection, not state a tool reads back';
      marker(site, RULE_ID.keyedStore, `\`${model.store.name}\` holds a timer per session: bookkeeping of the connection, not state a tool reads back, so it needs no handle. 2026-07-28 has no connection to push to: stop the timer when the work it serves ends (its request, or a subscriptions/listen stream for what it sends), and drop the map.`, outcome);
      continue;
    }
    if (cachesClientRoots(model, analysis.values)) {
      outcome.reason = "the client's roots per session: a cache of what the client said, not state a tool created";
      marker(site, RULE_ID.keyedStore, clientRootsAdvice(model.store.name), outcome);
      continue;
    }
    if (recordsSessionTimes(model, analysis.values)) {
      outcome.reason = 'a time per session (when it began or was last used): bookkeeping of the session, not state a tool reads back';
      marker(site, RULE_ID.keyedStore, sessionTimesAdvice(model.store.name), outcome);
      continue;
    }
    if (marksCallsAcrossRetries(model, isSetStore(model.store.declaration), analysis.values)) {
      outcome.reason = "marks of a call's first round keyed by the session id and the call's arguments: state between the rounds of one call (requestState), not a handle";
      marker(site, RULE_ID.keyedStore, retryMarksAdvice(model.store.name), outcome);
      continue;
    }
    if (isSetStore(model.store.declaration)) {
      outcome.reason = 'a set of session ids: membership per connection, not state a tool reads back';
      marker(site, RULE_ID.keyedStore, sessionSetAdvice(model.store.name), outcome);
      continue;
    }
    if (holdsCredentials(model.store.name)) {
      outcome.reason = 'credentials per session: identity must come from the verified token on every request, not from a handle';
      marker(site, RULE_ID.keyedStore, 'credentials kept per session: authenticate every request (authInfo from the bearer token) instead of remembering a login per session.', outcome);
      continue;
    }
    if (model.tools.length === 0) {
      outcome.reason = 'no tool reaches this store: bookkeeping of the serving layer or of non-tool handlers, no tool can carry a handle for it';
      marker(site, RULE_ID.keyedStore, unreachedStoreAdvice(model.store.name), outcome);
      continue;
    }
    try {
      const rewrite = new StoreRewrite(result, model, options, moduleFor);
      const edits = rewrite.run();
      // Two stores with one noun, or a tool of that name already there: registering it twice would throw at start-up.
      if (rewrite.minting === 'new-tool' && toolNames.has(rewrite.names.mintTool)) {
        throw new CannotRewrite(`a tool named ${rewrite.names.mintTool} already exists, so the minting tool needs another name`, site);
      }
      toolNames.add(rewrite.names.mintTool);
      plan.edits.push(...edits);
      outcome.status = 'rewritten';
      outcome.names = rewrite.names;
      outcome.tools = rewrite.toolNames();
      outcome.minting = rewrite.minting;
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
      outcome.reason = error.message;
      marker(error.node, RULE_ID.keyedStore, `not rewritten automatically: ${error.message}. Re-key \`${model.store.name}\` by an explicit handle minted by a create tool and checked against the caller.`, outcome);
    }
  }

  for (const { model, outcome } of clientStores) {
    const marked = markedStatements.get(outcome);
    if (!marked) continue;
    for (const statement of otherKeyedCalls(model, outcome, marked)) {
      marker(statement, RULE_ID.keyedStore, seeStoreMarker(model.store.name, marked, statement));
    }
  }

  for (const site of perSessionObjects(result)) {
    marker(site.at, RULE_ID.perSessionServer, site.advice);
  }
  for (const table of listRoutingSites(result)) {
    marker(table.declaration, RULE_ID.perSessionServer, listRoutingAdvice(table));
  }
  const carried = carriedIntoProjectObjects(analysis.sessions.reads);
  for (const read of carried) {
    marker(read.node, RULE_ID.sessionIdRead, CARRIED_ID_ADVICE);
  }
  const kept = keptStoreReads(analysis.sessions, outcomes, new Set(carried));
  for (const read of kept) {
    marker(read.statement, RULE_ID.sessionIdRead, read.message);
  }
  const keptStatements = new Set(kept.map((k) => k.statement));
  const skip = new Set([...carried, ...analysis.sessions.reads.filter((r) => keptStatements.has(statementOf(r.node)))]);
  for (const site of injectedIdSites(analysis.sessions, skip)) {
    marker(site.statement, RULE_ID.sessionIdRead, site.message);
  }
  for (const site of handedTransportIds(analysis.sessions, analysis.values, outcomes, markedStatements)) {
    marker(site.statement, site.ruleId, site.message);
  }
  for (const binding of sessionAuthBindings(analysis.values, analysis.sessions)) {
    marker(binding.call, RULE_ID.sessionAuth, SESSION_AUTH_ADVICE[binding.kind]);
  }
  for (const [statement, sources] of byStatement(guessableSources(analysis.handles))) {
    marker(statement, RULE_ID.guessableHandle, guessableAdvice(sources));
  }
  planTelemetryIds(result, plan, marker);
  if (moduleTarget && plan.stores.some((s) => s.status === 'rewritten')) {
    plan.newFiles.set(moduleTarget.path, handleModuleSource(moduleTarget.flavour));
  }
  return plan;
}

/** What to do about identity bound to the session (`session-state/session-auth`): the project's own authorization decision. */
const SESSION_AUTH_ADVICE = {
  check: 'the caller is checked against the owner recorded for the session: authenticate every request on its own (authInfo from its bearer token) and check the principal against what the request names (a handle bound to its owner), not against a session.',
  record: 'the caller\'s identity is recorded per session for later requests: read it from every request\'s authInfo instead, and bind what must outlive the request to the principal or to a handle checked against it.',
} as const;

/**
 * Session ids a handler reads and hands on into the project's own objects (a framework's request context, as in
 * cyanheads/mcp-ts-template's handler factories): no store to re-key and no log line to rename, and the object
 * is the project's API, so nothing is rewritten; each such read gets the advice a person needs to decide.
 */
function carriedIntoProjectObjects(reads: readonly SessionRead[]): SessionRead[] {
  return reads.filter((read) => read.origin === 'context' && !read.guard && read.sinks.length > 0 && read.sinks.every((s) => s.kind === 'other') && read.sinks.some((s) => s.description === 'stored in an object'));
}

const CARRIED_ID_ADVICE =
  "the session id is carried into the project's own objects: a 2026-07-28 request has none, so there it is undefined (2025-era clients served through stdio or server-legacy still have one). Nothing may key state or identity by it: state that spans calls travels as an explicit handle a tool returns, identity comes from authInfo, and log lines correlate by the request id.";

interface ToolEdits {
  tool: ToolRegistration;
  /** The expression that denotes the handle inside this tool's handler. */
  handle: string;
}

class StoreRewrite {
  names: HandleNames;
  /** An existing tool that creates the state (`open_browser`): it mints the handle instead of a new `create_<noun>`. */
  private creator: ToolRegistration | undefined;
  minting: 'new-tool' | 'existing-tool' = 'new-tool';
  private readonly edits: TextEdit[] = [];
  private readonly tools = new Map<ToolRegistration, ToolEdits>();
  private readonly converted = new Set<string>();
  /** Context patterns whose `sessionId` binding now holds the caller's identity (or went beside it). */
  private readonly destructured = new Set<ts.ObjectBindingPattern | ts.ArrayBindingPattern>();
  private readonly byHandler = new Map<ts.FunctionLikeDeclaration, ToolRegistration[]>();
  private readonly ttlMs: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly result: AnalysisResult,
    private readonly model: StoreModel,
    options: HandlesOptions,
    private readonly moduleFor: (sf: ts.SourceFile) => { path: string; flavour: ModuleFlavour },
  ) {
    for (const tool of result.analysis.tools) {
      if (!tool.handler) continue;
      this.byHandler.set(tool.handler, [...(this.byHandler.get(tool.handler) ?? []), tool]);
    }
    this.ttlMs = options.ttlMs;
    this.maxAgeMs = options.maxAgeMs;
    const anchor = model.tools[0];
    this.names = handleNames(nounOf(keyPrefix(model) || model.store.name), styleOf(anchor ? this.toolsInFile(anchor.call.getSourceFile()).map((t) => t.name) : []));
  }

  toolNames(): string[] {
    return [...this.tools.keys()].map((t) => t.name);
  }

  /** The tools that take the handle (everything but the creator). */
  private userNames(): string[] {
    return [...this.tools.keys()].filter((t) => t !== this.creator).map((t) => t.name);
  }

  /** The one tool named like a creator (`open_`, `create_`, `start…`) that alone writes the store, if any. */
  private findCreator(): ToolRegistration | undefined {
    // A write only that tool reaches: a get-or-create helper every tool calls creates lazily, not by name.
    const writers = new Set<ToolRegistration>();
    for (const access of this.model.accesses) {
      if (!isWrite(access.sink)) continue;
      const tools = new Set(access.paths.map((p) => p.tool));
      if (tools.size === 1) writers.add([...tools][0]!);
    }
    const candidates = [...writers].filter((t) => CREATOR_NAME.test(t.name));
    return candidates.length === 1 ? candidates[0] : undefined;
  }

  run(): TextEdit[] {
    this.creator = this.findCreator();
    if (this.creator) {
      this.names = { ...this.names, mintTool: this.creator.name };
      this.minting = 'existing-tool';
    }
    const { store, accesses } = this.model;
    if (this.model.tools.length === 0) throw new CannotRewrite('no tool reaches this store', this.site());
    for (const access of accesses) {
      if (access.paths.length === 0 && !this.isLifecycleCleanup(access.sink)) {
        throw new CannotRewrite('the store is also used outside tool handlers', access.sink.node);
      }
      if (access.sink.derivedKey && !isTemplateKey(access.sink)) {
        throw new CannotRewrite('the key is computed from the session id in a way the handle cannot replace', access.sink.node);
      }
    }
    this.checkOtherUses();
    for (const read of store.reads) this.rewriteRead(read);
    if (this.tools.size === 0) throw new CannotRewrite('no session id read inside a tool could be replaced', this.site());
    for (const access of accesses) if (access.paths.length === 0) this.removeCleanup(access.sink);
    for (const entry of this.tools.values()) {
      if (entry.tool === this.creator) this.rewriteCreator(entry);
      else this.rewriteTool(entry);
    }
    this.addRegistry();
    if (!this.creator) this.addMintingTool();
    return this.edits;
  }

  /**
   * Every other use of a declared store must be in code that tools reach: an admin route or a
   * timer reading it by the old key would silently stop finding anything once it is re-keyed.
   */
  private checkOtherUses(): void {
    const decl = this.model.store.declaration;
    const name = decl && (decl as { name?: ts.Node }).name;
    if (!name || !ts.isIdentifier(name)) return;
    const accessNodes = this.model.accesses.map((a) => a.sink.node);
    for (const ref of this.result.analysis.sessions.referencesOf(name)) {
      if (accessNodes.some((node) => node.pos <= ref.pos && ref.end <= node.end && node.getSourceFile() === ref.getSourceFile())) continue;
      if (this.result.analysis.reach.toolsReaching(ref).length > 0) continue;
      throw new CannotRewrite('the store is also used outside tool handlers', ref);
    }
  }

  private site(): ts.Node {
    return this.model.store.declaration ?? this.model.accesses[0]!.sink.node;
  }

  private toolsInFile(sf: ts.SourceFile): ToolRegistration[] {
    return this.result.analysis.tools.filter((t) => t.call.getSourceFile() === sf);
  }

  private edit(node: ts.Node, text: string, start = node.getStart(node.getSourceFile()), end = node.end): void {
    this.edits.push({ file: node.getSourceFile().fileName, start, end, text });
  }

  private insert(sf: ts.SourceFile, offset: number, text: string): void {
    this.edits.push({ file: sf.fileName, start: offset, end: offset, text });
  }

  /** Lifecycle cleanup: a delete of the store in session-close code that no tool reaches. */
  private isLifecycleCleanup(sink: Sink): boolean {
    const call = sink.node;
    const method = ts.isCallExpression(call) ? calleeParts(call).name : undefined;
    const isDelete = method === 'delete' || method === 'del' || method === 'remove' || (ts.isElementAccessExpression(call) && ts.isDeleteExpression(outermostWrapper(call).parent ?? call));
    return isDelete && ts.isExpressionStatement(statementOf(call));
  }

  private removeCleanup(sink: Sink): void {
    const statement = statementOf(sink.node);
    const sf = statement.getSourceFile();
    this.edit(statement, `// ${this.names.argument} handles expire after ${describeDuration(this.ttlMs)} idle (mcp-migrate): no per-session cleanup of ${this.model.store.name}.`, statement.getStart(sf), statement.end);
  }

  /** The session id at `read` becomes the handle. */
  private rewriteRead(read: SessionRead): void {
    if (read.guard) return;
    const storeSinks = read.sinks.filter((s) => this.model.store.accesses.includes(s));
    if (storeSinks.length === 0) return;
    if (read.origin !== 'context') {
      if (storeSinks.every((s) => this.isLifecycleCleanup(s) && this.model.accesses.find((a) => a.sink === s)?.paths.length === 0)) return;
      throw new CannotRewrite(`the key comes from the ${read.origin === 'header' ? 'mcp-session-id header' : read.origin === 'injected' ? 'session id the project copies into the request `_meta`' : 'transport'}, outside any tool`, read.node);
    }
    const access = read.node.parent;
    if (access && ts.isPropertyAccessExpression(access) && access.name === read.node) {
      this.replaceContextRead(access, unwrap(access.expression));
      return;
    }
    if (ts.isBindingElement(read.node.parent) || ts.isBindingElement(read.node)) {
      this.replaceDestructuredRead((ts.isBindingElement(read.node) ? read.node : read.node.parent) as ts.BindingElement);
      return;
    }
    throw new CannotRewrite('unrecognised session id read', read.node);
  }

  /**
   * `async ({ sku }, { sessionId }) =>` in a tool handler: every use of the binding becomes the
   * handle, and the binding itself becomes the caller's identity the check needs (`authInfo` in v1,
   * `http` in v2) or goes when the pattern already has it.
   */
  private replaceDestructuredRead(element: ts.BindingElement): void {
    const pattern = element.parent;
    const param = pattern.parent;
    const fn = ts.isParameter(param) ? param.parent : undefined;
    const tools = fn && ts.isObjectBindingPattern(pattern) && ts.isFunctionLike(fn) ? this.handlerTools(fn as ts.FunctionLikeDeclaration) : undefined;
    if (!tools || !ts.isIdentifier(element.name) || element.dotDotDotToken) throw new CannotRewrite('the session id is destructured from a context that is not a tool handler\'s parameter', element);
    if (this.destructured.has(pattern) || !ts.isObjectBindingPattern(pattern)) return;
    const sf = element.getSourceFile();
    const handle = this.toolHandle(tools, element);
    for (const ref of this.result.analysis.sessions.referencesOf(element.name)) {
      const parent = outermostWrapper(ref).parent;
      if (parent && (ts.isBinaryExpression(parent) && parent.left === outermostWrapper(ref) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken)) {
        throw new CannotRewrite('the destructured session id is assigned to', ref);
      }
      if (ts.isShorthandPropertyAssignment(ref.parent)) this.edit(ref, `${ref.text}: ${handle}`);
      else this.edit(withFallback(ref), handle, withFallback(ref).getStart(sf), withFallback(ref).end);
    }
    const major = sdkMajorOfFile(sf) ?? this.projectMajor();
    const identity = major === 2 ? 'http' : 'authInfo';
    const elements = pattern.elements;
    const hasIdentity = elements.some((e) => propertyNameText(e.propertyName ?? (e.name as ts.Identifier)) === identity);
    this.destructured.add(pattern);
    if (!hasIdentity) {
      this.edit(element, identity);
      return;
    }
    const index = elements.indexOf(element);
    const next = elements[index + 1];
    if (next) this.edit(element, '', element.getStart(sf), next.getStart(sf));
    else this.edit(element, '', elements[index - 1]!.end, element.end);
  }

  /** `extra.sessionId` (optionally `?? fallback`) → the handle in scope. */
  private replaceContextRead(access: ts.Expression, object: ts.Node): void {
    const fn = enclosingFunction(access);
    if (!fn) throw new CannotRewrite('session id read outside a function', access);
    const handle = this.handleInFunction(fn, object, access);
    this.edit(withFallback(access), handle, withFallback(access).getStart(access.getSourceFile()), withFallback(access).end);
  }

  /**
   * The handle expression inside `fn`, where `object` is the context the id was read from: the
   * tool's argument in a handler; in a helper, the helper's context parameter becomes the handle.
   */
  private handleInFunction(fn: ts.FunctionLikeDeclaration, object: ts.Node, at: ts.Node): string {
    const tools = this.handlerTools(fn);
    if (tools) return this.toolHandle(tools, at);
    if (!ts.isIdentifier(object)) throw new CannotRewrite('the context is not a parameter of the helper', at);
    const decl = this.result.analysis.values.symbolOf(object)?.valueDeclaration;
    if (!decl || !ts.isParameter(decl) || decl.parent !== fn) throw new CannotRewrite('the context is not a parameter of the helper', at);
    this.convertParameter(fn, fn.parameters.indexOf(decl));
    return this.names.argument;
  }

  private handlerTools(fn: ts.FunctionLikeDeclaration): ToolRegistration[] | undefined {
    return this.byHandler.get(fn);
  }

  /** The handle inside a tool handler; the tool is recorded for schema and check edits. */
  private toolHandle(tools: readonly ToolRegistration[], at: ts.Node): string {
    const inBranch = tools.filter((t) => t.branch && t.branch.pos <= at.pos && at.end <= t.branch.end);
    const chosen = inBranch.length ? inBranch : tools;
    let handle = '';
    for (const tool of chosen) {
      const entry = this.tools.get(tool) ?? { tool, handle: this.handleExpression(tool) };
      this.tools.set(tool, entry);
      handle = entry.handle;
    }
    return handle;
  }

  /** How the handler reads the new argument: destructured, `args.<arg>`, or from a low-level request. */
  private handleExpression(tool: ToolRegistration): string {
    const handler = tool.handler!;
    const arg = this.names.argument;
    if (tool === this.creator) return arg; // the const it mints first thing
    if (tool.api === 'low-level') {
      const request = handler.parameters[0];
      if (!request || !ts.isIdentifier(request.name)) throw new CannotRewrite('the tools/call handler does not name its request parameter', handler);
      return `String(${request.name.text}.params.arguments?.${arg} ?? '')`;
    }
    if (tool.schema.kind === 'opaque') throw new CannotRewrite(`the input schema of '${tool.name}' is not written in place`, tool.nameNode);
    if (tool.schema.kind === 'none') return arg;
    const args = handler.parameters[0];
    if (!args) throw new CannotRewrite(`the handler of '${tool.name}' takes no arguments`, handler);
    if (ts.isObjectBindingPattern(args.name)) return arg;
    if (ts.isIdentifier(args.name)) return `${args.name.text}.${arg}`;
    throw new CannotRewrite(`the arguments of '${tool.name}' are destructured in a way we cannot extend`, args);
  }

  /** A helper's context parameter becomes the handle parameter, through every caller. */
  private convertParameter(fn: ts.FunctionLikeDeclaration, index: number): void {
    const key = `${fn.getSourceFile().fileName}:${fn.pos}:${index}`;
    if (this.converted.has(key)) return;
    this.converted.add(key);
    const param = fn.parameters[index]!;
    if (!ts.isIdentifier(param.name)) throw new CannotRewrite('the helper destructures its context parameter', param);
    const { values } = this.result.analysis;
    const sessions = this.result.analysis.sessions;
    // Every use of the parameter must be the id read or a hand-over to another helper.
    for (const ref of sessions.referencesOf(param.name)) {
      const outer = outermostWrapper(ref);
      const parent = outer.parent;
      if (parent && ts.isPropertyAccessExpression(parent) && parent.expression === outer && parent.name.text === V1_CONTEXT_SESSION_ID) {
        this.edit(withFallback(parent), this.names.argument, withFallback(parent).getStart(parent.getSourceFile()), withFallback(parent).end);
        continue;
      }
      if (parent && ts.isCallExpression(parent) && parent.arguments.includes(outer as ts.Expression)) {
        const callee = values.calls.functionOfCall(parent);
        if (!callee) throw new CannotRewrite(`the context is handed to ${parent.expression.getText()}(), which we cannot follow`, parent);
        this.convertParameter(callee, parent.arguments.indexOf(outer as ts.Expression));
        this.edit(ref, this.names.argument);
        continue;
      }
      throw new CannotRewrite(`the helper uses its context \`${param.name.text}\` for more than the session id`, ref);
    }
    const sf = fn.getSourceFile();
    const typed = flavourOf(sf) === 'ts' ? `${this.names.argument}: string` : this.names.argument;
    this.edit(param, typed, param.getStart(sf), param.end);
    // Every caller now passes the handle.
    const calls = values.calls.callsOf(fn);
    for (const call of calls) {
      const arg = call.arguments[index];
      if (!arg) throw new CannotRewrite(`a call of ${call.expression.getText()}() passes no context`, call);
      const caller = enclosingFunction(call);
      if (!caller) throw new CannotRewrite('a helper is called outside any function', call);
      const tools = this.handlerTools(caller);
      if (tools) {
        this.edit(arg, this.toolHandle(tools, call));
        this.dropStaleCodemodComment(call);
        continue;
      }
      const inner = unwrap(arg);
      const decl = ts.isIdentifier(inner) ? values.symbolOf(inner)?.valueDeclaration : undefined;
      if (!decl || !ts.isParameter(decl) || decl.parent !== caller) throw new CannotRewrite(`${caller.name?.getText() ?? 'a function'} passes a context that is not its parameter`, call);
      this.convertParameter(caller, caller.parameters.indexOf(decl));
    }
  }

  /**
   * The official codemod (sdk-v2) asks a person to check a context handed to a helper; once the
   * helper takes the handle instead, that comment is stale: remove it with its line.
   */
  private dropStaleCodemodComment(call: ts.CallExpression): void {
    const statement = statementOf(call);
    const sf = statement.getSourceFile();
    const callee = calleeParts(call).name ?? '';
    for (const range of ts.getLeadingCommentRanges(sf.text, statement.getFullStart()) ?? []) {
      const comment = sf.text.slice(range.pos, range.end);
      if (!comment.startsWith('/* @mcp-codemod-error') || !comment.includes(`forwarded to ${callee}(`)) continue;
      const lineStart = sf.text.lastIndexOf('\n', range.pos - 1) + 1;
      const lineEnd = sf.text.indexOf('\n', range.end);
      const alone = sf.text.slice(lineStart, range.pos).trim() === '' && sf.text.slice(range.end, lineEnd < 0 ? undefined : lineEnd).trim() === '';
      if (alone) this.edits.push({ file: sf.fileName, start: lineStart, end: lineEnd < 0 ? range.end : lineEnd + 1, text: '' });
      else this.edits.push({ file: sf.fileName, start: range.pos, end: range.end, text: '' });
    }
  }

  /** Schema, arguments and the caller check of one tool. */
  private rewriteTool(entry: ToolEdits): void {
    const { tool } = entry;
    const handler = tool.handler!;
    const sf = handler.getSourceFile();
    const text = sf.text;
    const arg = this.names.argument;
    const major = sdkMajorOfFile(tool.call.getSourceFile()) ?? this.projectMajor();
    const zodProperty = (): string => `${arg}: ${handleArgumentZod(this.zod(tool.call.getSourceFile()), this.names)}`;

    // 1. The schema.
    switch (tool.schema.kind) {
      case 'zod-raw-shape':
      case 'z-object':
        this.addProperty(tool.schema.node!, zodProperty());
        break;
      case 'json-schema':
        this.addJsonSchemaProperty(tool.schema.node!, arg, handleArgumentJsonSchema(this.names));
        break;
      case 'none':
        if (tool.api === 'tool') {
          const cb = tool.call.arguments[tool.call.arguments.length - 1]!;
          this.insert(sf, cb.getStart(sf), `{ ${zodProperty()} }, `);
        } else if (tool.config) {
          const property = zodProperty();
          const shape = major === 2 ? `${this.zod(tool.call.getSourceFile())}.object({ ${property} })` : `{ ${property} }`;
          this.addProperty(tool.config, `inputSchema: ${shape}`);
        } else throw new CannotRewrite(`the config of '${tool.name}' is not written in place`, tool.call);
        break;
      default:
        throw new CannotRewrite(`the input schema of '${tool.name}' is not written in place`, tool.nameNode);
    }

    // 2. The handler's parameters: the argument, and a context to check the caller with.
    let contextName: string;
    if (tool.api === 'low-level') {
      contextName = this.contextParameter(handler, 1, major);
    } else if (tool.schema.kind === 'none') {
      const first = handler.parameters[0];
      // A handler declared apart from its registration gets no contextual type: annotate it (TS).
      const argsParam = this.annotated(tool) ? `{ ${arg} }: { ${arg}: string }` : `{ ${arg} }`;
      if (first) this.insert(sf, first.getStart(sf), `${argsParam}, `);
      contextName = this.contextParameter(handler, 0, major, argsParam);
    } else {
      const args = handler.parameters[0]!;
      if (ts.isObjectBindingPattern(args.name)) this.addBindingElement(args.name, arg);
      if (args.type) this.addTypeMember(args.type, arg);
      contextName = this.contextParameter(handler, 1, major);
    }

    // 3. The check, first thing in the handler (or in the tool's branch of a low-level handler).
    const denied = `${this.names.noun}Denied`;
    const check = [`const ${denied} = ${this.registryRef(sf)}.check(${entry.handle}, ${contextName});`, `if (${denied}) return ${denied};`];
    const body = tool.branch ? branchBlock(tool.branch) : handler.body;
    if (!body) throw new CannotRewrite(`the handler of '${tool.name}' has no body`, handler);
    if (ts.isBlock(body)) {
      const firstStatement = body.statements[0];
      const indent = firstStatement ? indentAt(text, firstStatement.getStart(sf)) : indentAt(text, body.getStart(sf)) + indentUnit(text);
      this.insert(sf, body.getStart(sf) + 1, check.map((line) => `\n${indent}${line}`).join(''));
    } else if (ts.isCaseClause(body)) {
      const firstStatement = body.statements[0];
      const indent = firstStatement ? indentAt(text, firstStatement.getStart(sf)) : indentAt(text, body.getStart(sf)) + indentUnit(text);
      this.insert(sf, body.expression.end + 1, check.map((line) => `\n${indent}${line}`).join(''));
    } else {
      // Two insertions around the expression, so edits inside it (a helper's argument) still apply.
      const indent = indentAt(text, handler.getStart(sf)) + indentUnit(text);
      const expression = ts.isParenthesizedExpression(body) && ts.isObjectLiteralExpression(body.expression) ? body.expression : body;
      const opening = `{\n${check.map((line) => `${indent}${line}`).join('\n')}\n${indent}return `;
      const arrow = ts.isArrowFunction(handler) ? handler.equalsGreaterThanToken.end : body.getStart(sf);
      // `=>\n    expr` (body on its own line): the brace goes after the arrow, the line break into the block.
      if (/\n/.test(text.slice(arrow, body.getStart(sf)))) this.edit(body, ` ${opening}`, arrow, body.getStart(sf));
      else this.insert(sf, body.getStart(sf), opening);
      if (expression !== body) {
        this.edit(body, '', body.getStart(sf), expression.getStart(sf));
        this.edit(body, '', expression.end, body.end);
      }
      this.insert(sf, body.end, `;\n${indentAt(text, handler.getStart(sf))}}`);
    }
  }

  /**
   * The tool that creates the state mints the handle: an optional idempotency key, the handle as a
   * const first thing, every result carrying it (`withHandle`), and the lifetime in its description.
   */
  private rewriteCreator(entry: ToolEdits): void {
    const { tool } = entry;
    const handler = tool.handler!;
    const sf = handler.getSourceFile();
    const text = sf.text;
    const { names } = this;
    if (tool.api === 'low-level') throw new CannotRewrite(`'${tool.name}' creates the state in a low-level handler: mint the handle there by hand`, tool.nameNode);
    const major = sdkMajorOfFile(tool.call.getSourceFile()) ?? this.projectMajor();
    const keyProperty = (): string => `${names.idempotencyKey}: ${idempotencyKeyZod(this.zod(sf), names)}`;
    let key: string;
    switch (tool.schema.kind) {
      case 'zod-raw-shape':
      case 'z-object': {
        this.addProperty(tool.schema.node!, keyProperty());
        const args = handler.parameters[0];
        if (args && ts.isObjectBindingPattern(args.name)) {
          this.addBindingElement(args.name, names.idempotencyKey);
          key = names.idempotencyKey;
        } else if (args && ts.isIdentifier(args.name)) key = `${args.name.text}.${names.idempotencyKey}`;
        else throw new CannotRewrite(`the arguments of '${tool.name}' are destructured in a way we cannot extend`, handler);
        break;
      }
      case 'none': {
        if (tool.api === 'tool') this.insert(sf, tool.call.arguments[tool.call.arguments.length - 1]!.getStart(sf), `{ ${keyProperty()} }, `);
        else if (tool.config) this.addProperty(tool.config, `inputSchema: ${major === 2 ? `${this.zod(sf)}.object({ ${keyProperty()} })` : `{ ${keyProperty()} }`}`);
        else throw new CannotRewrite(`the config of '${tool.name}' is not written in place`, tool.call);
        const first = handler.parameters[0];
        if (first) this.insert(sf, first.getStart(sf), `{ ${names.idempotencyKey} }, `);
        key = names.idempotencyKey;
        break;
      }
      default:
        throw new CannotRewrite(`the input schema of '${tool.name}' is not written in place`, tool.nameNode);
    }
    const contextName = this.contextParameter(handler, tool.schema.kind === 'none' ? 0 : 1, major, tool.schema.kind === 'none' ? `{ ${names.idempotencyKey} }` : undefined);
    const mint = `const ${names.argument} = ${this.registryRef(sf)}.mint(${contextName}, ${key});`;
    const body = handler.body;
    if (!body || !ts.isBlock(body)) throw new CannotRewrite(`'${tool.name}' has an expression body: mint the handle there by hand`, handler);
    const firstStatement = body.statements[0];
    const indent = firstStatement ? indentAt(text, firstStatement.getStart(sf)) : indentAt(text, body.getStart(sf)) + indentUnit(text);
    this.insert(sf, body.getStart(sf) + 1, `\n${indent}${mint}`);
    const withHandle = this.withHandleRef(sf);
    for (const statement of returnsOf(body)) {
      if (!statement.expression) throw new CannotRewrite(`'${tool.name}' returns nothing on some path`, statement);
      this.insert(sf, statement.expression.getStart(sf), `${withHandle}(`);
      this.insert(sf, statement.expression.end, `, { ${names.argument} })`);
    }
    const users = this.userNames();
    const lifetime = ` Returns a ${names.argument}${users.length ? `: pass it to ${andList(users)}` : ''}. ${lifetimeText(names, this.ttlMs, this.maxAgeMs)}`;
    const description = this.descriptionLiteral(tool);
    if (description) this.insert(sf, description.end - 1, lifetime.replace(/'/g, "\\'"));
  }

  /** The description string literal of a tool, when written in place. */
  private descriptionLiteral(tool: ToolRegistration): ts.StringLiteral | undefined {
    if (tool.config) {
      const prop = tool.config.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'description');
      return prop && ts.isStringLiteral(prop.initializer) ? prop.initializer : undefined;
    }
    const second = tool.api === 'tool' ? tool.call.arguments[1] : undefined;
    return second && ts.isStringLiteral(second) && tool.call.arguments.length > 2 ? second : undefined;
  }

  /** `withHandle` in `sf`: imported next to the registry's import, or from the generated module. */
  private withHandleRef(sf: ts.SourceFile): string {
    if (sf !== this.registryHome()) {
      const key = `withHandle:${sf.fileName}`;
      if (!this.converted.has(key)) {
        this.converted.add(key);
        const flavour = flavourOf(sf);
        const at = afterImports(sf);
        this.insert(sf, at.offset, at.text(importStatement(['withHandle'], importSpecifier(sf, this.moduleFor(sf).path, flavour), flavour)));
      }
    }
    return 'withHandle';
  }

  /** The name of the handler's context parameter at `index`, added when missing; `{ authInfo }` for a destructured one. */
  private contextParameter(handler: ts.FunctionLikeDeclaration, index: number, major: 1 | 2, argsPlaceholder?: string): string {
    const sf = handler.getSourceFile();
    const param = handler.parameters[index];
    const identity = major === 2 ? 'http' : 'authInfo';
    if (param && ts.isIdentifier(param.name)) return param.name.text;
    if (param && ts.isObjectBindingPattern(param.name)) {
      const bound = param.name.elements.find((e) => !e.dotDotDotToken && propertyNameText(e.propertyName ?? (e.name as ts.Identifier)) === identity);
      // `{ authInfo: auth }`: the identity is in scope under the name the handler gave it.
      if (bound && ts.isIdentifier(bound.name) && bound.name.text !== identity) return `{ ${identity}: ${bound.name.text} }`;
      if (bound && !ts.isIdentifier(bound.name)) throw new CannotRewrite(`the handler destructures \`${identity}\` further, so the handle check cannot pass it on`, bound);
      if (!bound && !this.destructured.has(param.name)) this.addBindingElement(param.name, identity);
      return `{ ${identity} }`;
    }
    const name = major === 2 ? 'ctx' : 'extra';
    // No context parameter yet: `async () =>` or `async (args) =>`.
    if (argsPlaceholder && handler.parameters.length === 0) {
      const open = openParen(handler);
      this.insert(sf, open + 1, `${argsPlaceholder}, ${name}`);
    } else if (handler.parameters.length === index) {
      const last = handler.parameters[handler.parameters.length - 1];
      if (last) this.insert(sf, last.end, `, ${name}`);
      else this.insert(sf, openParen(handler) + 1, name);
    } else throw new CannotRewrite('the handler has no usable context parameter', handler);
    return name;
  }

  /** Whether the handler needs explicit parameter types: TypeScript, and not written inline in the registration. */
  private annotated(tool: ToolRegistration): boolean {
    const handler = tool.handler!;
    return flavourOf(handler.getSourceFile()) === 'ts' && !tool.call.arguments.some((a) => unwrap(a) === handler);
  }

  /** `{ ticker: string }` → `{ ticker: string; watchlist_id: string }`; a named type gets `& { watchlist_id: string }`. */
  private addTypeMember(type: ts.TypeNode, name: string): void {
    const sf = type.getSourceFile();
    if (ts.isTypeLiteralNode(type)) {
      const last = type.members[type.members.length - 1];
      if (!last) this.edit(type, `{ ${name}: string }`);
      else if (/[;,]$/.test(last.getText(sf))) this.insert(sf, last.end, ` ${name}: string;`);
      else this.insert(sf, last.end, `; ${name}: string`);
      return;
    }
    this.insert(sf, type.end, ` & { ${name}: string }`);
  }

  private addBindingElement(pattern: ts.ObjectBindingPattern, name: string): void {
    if (pattern.elements.some((e) => ts.isIdentifier(e.name) && e.name.text === name)) return;
    const sf = pattern.getSourceFile();
    const last = pattern.elements[pattern.elements.length - 1];
    if (!last) this.edit(pattern, `{ ${name} }`);
    else if (last.dotDotDotToken) this.insert(sf, last.getStart(sf), `${name}, `);
    else this.insert(sf, last.end, `, ${name}`);
  }

  /** Adds `property` to an object literal, keeping its one-line or multi-line layout. */
  private addProperty(object: ts.ObjectLiteralExpression, property: string): void {
    const sf = object.getSourceFile();
    const text = sf.text;
    const last = object.properties[object.properties.length - 1];
    if (!last) {
      this.edit(object, `{ ${property} }`);
      return;
    }
    const multiline = text.slice(object.getStart(sf), object.end).includes('\n');
    const trailingComma = object.properties.hasTrailingComma;
    if (multiline) {
      const indent = indentAt(text, last.getStart(sf));
      this.insert(sf, trailingComma ? text.indexOf(',', last.end) + 1 : last.end, `${trailingComma ? '' : ','}\n${indent}${property}${trailingComma ? ',' : ''}`);
    } else {
      this.insert(sf, last.end, `, ${property}`);
    }
  }

  private addJsonSchemaProperty(schema: ts.ObjectLiteralExpression, arg: string, argSchema: string): void {
    const prop = (name: string) => schema.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === name);
    const properties = prop('properties');
    const entry = `${arg}: ${argSchema}`;
    if (properties && ts.isObjectLiteralExpression(unwrap(properties.initializer))) this.addProperty(unwrap(properties.initializer) as ts.ObjectLiteralExpression, entry);
    else if (!properties) this.addProperty(schema, `properties: { ${entry} }`);
    else throw new CannotRewrite('the JSON Schema properties are not written in place', properties);
    const required = prop('required');
    if (required && ts.isArrayLiteralExpression(unwrap(required.initializer))) {
      const array = unwrap(required.initializer) as ts.ArrayLiteralExpression;
      const lastElement = array.elements[array.elements.length - 1];
      if (lastElement) this.insert(schema.getSourceFile(), lastElement.end, `, '${arg}'`);
      else this.edit(array, `['${arg}']`);
    } else if (!required) this.addProperty(schema, `required: ['${arg}']`);
    else throw new CannotRewrite('the JSON Schema required list is not written in place', required);
  }

  private projectMajor(): 1 | 2 {
    return this.result.sourceFiles.some((sf) => sdkMajorOfFile(sf) === 1) ? 1 : 2;
  }

  /** zod's local name in `sf`, importing it when the file has none. */
  private zod(sf: ts.SourceFile): string {
    const existing = zodName(sf);
    if (existing) return existing;
    const key = `zod:${sf.fileName}`;
    if (!this.converted.has(key)) {
      this.converted.add(key);
      const at = afterImports(sf);
      this.insert(sf, at.offset, at.text(flavourOf(sf) === 'cjs' ? "const { z } = require('zod');" : "import { z } from 'zod';"));
    }
    return 'z';
  }

  /** The registry is declared in the store's file (or the first tool's); other files import it. */
  private registryHome(): ts.SourceFile {
    return (this.model.store.declaration ?? this.model.tools[0]!.call).getSourceFile();
  }

  /** A store that is a class field gets its registry as a field beside it (`this.boardHandles`). */
  private storeClass(): ts.ClassLikeDeclaration | undefined {
    const decl = this.model.store.declaration;
    return decl && ts.isPropertyDeclaration(decl) && ts.isClassLike(decl.parent) ? decl.parent : undefined;
  }

  private registryRef(sf: ts.SourceFile): string {
    const owner = this.storeClass();
    if (owner) return `this.${this.names.registry}`;
    const home = this.registryHome();
    if (sf !== home) {
      const key = `import:${sf.fileName}`;
      if (!this.converted.has(key)) {
        this.converted.add(key);
        const flavour = flavourOf(sf);
        const at = afterImports(sf);
        this.insert(sf, at.offset, at.text(importStatement([this.names.registry], importSpecifier(sf, home.fileName, flavour), flavour)));
      }
    }
    return this.names.registry;
  }

  private addRegistry(): void {
    const home = this.registryHome();
    const flavour = flavourOf(home);
    const target = this.moduleFor(home);
    const { names } = this;
    const exported = [...this.tools.keys()].some((t) => t.call.getSourceFile() !== home) || this.mintingFile() !== home;
    const at = afterImports(home);
    const imported = ['createHandleRegistry', ...(this.creator?.call.getSourceFile() === home ? ['withHandle'] : [])];
    this.insert(home, at.offset, at.text(importStatement(imported, importSpecifier(home, target.path, flavour), flavour)));
    const decl = this.model.store.declaration;
    const onExpire = decl ? expiryCallback(decl, this.model.store.name) : undefined;
    const registry = [
      `/** ${names.argument} handles (mcp-migrate): minted by ${names.mintTool}, bound to the caller, expire after ${describeDuration(this.ttlMs)} idle or ${describeDuration(this.maxAgeMs)} after minting, at most ${MAX_PER_CALLER} live per caller. */`,
      `${exported && flavour !== 'cjs' ? 'export ' : ''}const ${names.registry} = createHandleRegistry({`,
      `  prefix: '${names.noun}',`,
      `  argument: '${names.argument}',`,
      `  mintTool: '${names.mintTool}',`,
      `  ttlMs: ${ttlExpression(this.ttlMs)},`,
      `  maxAgeMs: ${ttlExpression(this.maxAgeMs)},`,
      `  maxPerCaller: ${MAX_PER_CALLER},`,
      ...(onExpire ? [`  onExpire: ${onExpire},`] : []),
      `});`,
      ...(exported && flavour === 'cjs' ? [`module.exports.${names.registry} = ${names.registry};`] : []),
    ].join('\n');
    const owner = this.storeClass();
    if (owner && decl) {
      // `this` in the handlers must be the instance: they are arrow functions inside the class.
      for (const tool of this.tools.keys()) {
        const handler = tool.handler!;
        if (!ts.isArrowFunction(handler) || handler.pos < owner.pos || handler.end > owner.end) {
          throw new CannotRewrite(`the tool '${tool.name}' is not an arrow function inside the class that owns \`${this.model.store.name}\``, tool.nameNode);
        }
      }
      const indent = indentAt(home.text, decl.getStart(home));
      const unit = indentUnit(home.text);
      const field = registry
        .replace(/^(export )?const (\w+) = /m, 'private readonly $2 = ')
        .split('\n')
        .map((line) => (line.startsWith('  ') ? `${indent}${unit}${line.slice(2)}` : `${indent}${line}`))
        .join('\n');
      const followedByBlank = /^[ \t]*\r?\n[ \t]*\r?\n/.test(home.text.slice(decl.end));
      this.insert(home, decl.end, `\n\n${field}${followedByBlank ? '' : '\n'}`);
      return;
    }
    const statement = decl ? topLevelStatement(decl) : undefined;
    if (statement) {
      // A blank line on both sides, whatever followed the store's declaration.
      const followedByBlank = /^[ \t]*\r?\n[ \t]*\r?\n/.test(home.text.slice(statement.end)) || home.text.slice(statement.end).trim() === '';
      this.insert(home, statement.end, `\n\n${registry}${followedByBlank ? '' : '\n'}`);
    }
    else this.insert(home, at.offset, at.text(`\n${registry}`));
  }

  private mintingFile(): ts.SourceFile {
    return this.model.tools[0]!.call.getSourceFile();
  }

  /** `create_<noun>`: mints a handle bound to the caller; registered next to the tools that use it. */
  private addMintingTool(): void {
    const anchor = [...this.tools.keys()].filter((t) => t.call.getSourceFile() === this.mintingFile()).at(-1) ?? this.model.tools[0]!;
    const sf = anchor.call.getSourceFile();
    const text = sf.text;
    const { names } = this;
    const unit = indentUnit(text);
    const major = sdkMajorOfFile(sf) ?? this.projectMajor();
    const registry = this.registryRef(sf);
    const users = this.userNames();
    const description = `Create a new ${names.noun} and return its ${names.argument}. Pass the ${names.argument} to ${andList(users)}. ${lifetimeText(names, this.ttlMs, this.maxAgeMs)}`;
    const result = `{ content: [{ type: 'text'${flavourOf(sf) === 'ts' ? ' as const' : ''}, text: \`${names.argument}: \${${names.argument}}\` }], structuredContent: { ${names.argument} } }`;
    const ctx = major === 2 ? 'ctx' : 'extra';

    if (anchor.api === 'low-level') {
      this.addLowLevelMintingTool(anchor, description, result);
      return;
    }
    const receiver = calleeParts(anchor.call).receiver?.getText(sf);
    const statement = statementOf(anchor.call);
    const indent = indentAt(text, statement.getStart(sf));
    const z = this.zod(sf);
    const keyProperty = `${names.idempotencyKey}: ${idempotencyKeyZod(z, names)}`;
    const schema = major === 2 ? `${z}.object({ ${keyProperty} })` : `{ ${keyProperty} }`;
    const body = [
      `async ({ ${names.idempotencyKey} }, ${ctx}) => {`,
      `${unit}const ${names.argument} = ${registry}.mint(${ctx}, ${names.idempotencyKey});`,
      `${unit}return ${result};`,
      `}`,
    ];
    const lines = [
      `${receiver}.registerTool(`,
      `${unit}'${names.mintTool}',`,
      `${unit}{`,
      `${unit}${unit}description: ${quote(description)},`,
      `${unit}${unit}inputSchema: ${schema},`,
      `${unit}},`,
      ...body.map((line, i) => `${unit}${line}${i === body.length - 1 ? ',' : ''}`),
      `);`,
    ];
    this.insert(sf, statement.end, `\n\n${lines.map((line) => `${indent}${line}`).join('\n')}`);
  }

  private addLowLevelMintingTool(anchor: ToolRegistration, description: string, result: string): void {
    const { names } = this;
    const sf = anchor.call.getSourceFile();
    const text = sf.text;
    const listEntry = anchor.schema.node?.parent;
    const listObject = listEntry && ts.isPropertyAssignment(listEntry) ? listEntry.parent : undefined;
    const list = listObject?.parent;
    if (!listObject || !list || !ts.isArrayLiteralExpression(list)) throw new CannotRewrite('the tools/list result is not an array literal', anchor.call);
    const entryIndent = indentAt(text, listObject.getStart(sf));
    const entry = `{ name: '${names.mintTool}', description: ${quote(description)}, inputSchema: { type: 'object', properties: { ${names.idempotencyKey}: ${idempotencyKeyJsonSchema(names)} } } }`;
    this.insert(sf, listObject.getStart(sf), `${entry},\n${entryIndent}`);
    const handler = anchor.handler!;
    const request = handler.parameters[0]!.name.getText(sf);
    const ctx = this.contextParameter(handler, 1, 1);
    const body = handler.body as ts.Block;
    const firstStatement = body.statements[0]!;
    const indent = indentAt(text, firstStatement.getStart(sf));
    const unit = indentUnit(text);
    const branch = [
      `if (${request}.params.name === '${names.mintTool}') {`,
      `${unit}const key = ${request}.params.arguments?.${names.idempotencyKey};`,
      // A low-level handler's throw is a protocol error, not a tool error: the refusal is returned.
      `${unit}const ${names.argument} = ${names.registry}.mintOrRefuse(${ctx}, typeof key === 'string' ? key : undefined);`,
      `${unit}if (typeof ${names.argument} !== 'string') return ${names.argument};`,
      `${unit}return ${result};`,
      `}`,
    ];
    this.insert(sf, firstStatement.getStart(sf), `${branch.map((line, i) => `${i === 0 ? '' : indent}${line}`).join('\n')}\n\n${indent}`);
  }
}

/** `extra.sessionId ?? 'local'` / `|| 'local'`: the fallback goes with the id (the handle is required). */
function withFallback(access: ts.Expression): ts.Expression {
  const outer = outermostWrapper(access) as ts.Expression;
  const parent = outer.parent;
  if (parent && ts.isBinaryExpression(parent) && parent.left === outer && (parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || parent.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return parent;
  }
  return outer;
}

function isTemplateKey(sink: Sink): boolean {
  return !!sink.key && (ts.isTemplateExpression(unwrap(sink.key)) || ts.isBinaryExpression(unwrap(sink.key)));
}

function topLevelStatement(node: ts.Node): ts.Statement | undefined {
  let current: ts.Node = node;
  while (current.parent && !ts.isSourceFile(current.parent)) current = current.parent;
  return ts.isSourceFile(current.parent) && !ts.isClassDeclaration(current) ? (current as ts.Statement) : undefined;
}

/** How the registry drops expired state from the user's store: `carts.delete(id)` for a Map, `delete carts[id]` for an object. */
function expiryCallback(decl: ts.Node, name: string): string | undefined {
  const isField = ts.isPropertyDeclaration(decl) && ts.isClassLike(decl.parent);
  if (!isField && (!ts.isVariableDeclaration(decl) || !ts.isSourceFile(topLevelStatement(decl)?.parent ?? decl))) return undefined;
  const initializer = (decl as ts.VariableDeclaration | ts.PropertyDeclaration).initializer;
  if (!initializer) return undefined;
  if (isField && !name.startsWith('this.')) name = `this.${name}`;
  const init = unwrap(initializer);
  if (ts.isNewExpression(init) && ts.isIdentifier(init.expression) && ['Map', 'WeakMap', 'LRUCache'].includes(init.expression.text)) return `(id) => ${name}.delete(id)`;
  if (ts.isObjectLiteralExpression(init)) return `(id) => delete ${name}[id]`;
  return undefined;
}

function branchBlock(branch: ts.Node): ts.Node | undefined {
  if (ts.isCaseClause(branch)) return branch.statements.length === 1 && ts.isBlock(branch.statements[0]!) ? branch.statements[0] : branch;
  if (ts.isIfStatement(branch)) return ts.isBlock(branch.thenStatement) ? branch.thenStatement : undefined;
  return undefined;
}

function openParen(fn: ts.FunctionLikeDeclaration): number {
  const sf = fn.getSourceFile();
  const start = fn.getStart(sf);
  const index = sf.text.indexOf('(', start);
  if (index < 0 || (fn.body && index > fn.body.getStart(sf))) throw new CannotRewrite('cannot find the parameter list', fn);
  return index;
}



/** The cap written into a generated registry (the mcp-handles default): the user's to change. */
const MAX_PER_CALLER = 100;

/** `24 * 60 * 60 * 1000` reads better than `86400000` in the user's code. */
function ttlExpression(ms: number): string {
  if (ms % 86_400_000 === 0 && ms > 86_400_000) return `${ms / 86_400_000} * 24 * 60 * 60 * 1000`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} * 60 * 60 * 1000`;
  if (ms % 60_000 === 0) return `${ms / 60_000} * 60 * 1000`;
  if (ms % 1_000 === 0) return `${ms / 1_000} * 1000`;
  return String(ms);
}

/**
 * A client store (Redis, KV) has no declaration: the analysis sees one store per keyed call. Calls
 * on the same client with the same key prefix (`cart:${sid}`) are one logical store.
 */
function groupClientStores(models: readonly StoreModel[]): StoreModel[] {
  const out: StoreModel[] = [];
  const groups = new Map<string, StoreModel>();
  for (const model of models) {
    if (model.store.declaration) {
      out.push(model);
      continue;
    }
    const key = `${model.store.kind}\0${model.store.name}\0${keyPrefix(model)}`;
    const group = groups.get(key);
    if (!group) {
      const copy: StoreModel = { store: { ...model.store, accesses: [...model.store.accesses], reads: [...model.store.reads] }, accesses: [...model.accesses], tools: [...model.tools] };
      groups.set(key, copy);
      out.push(copy);
      continue;
    }
    group.store.accesses.push(...model.store.accesses);
    for (const read of model.store.reads) if (!group.store.reads.includes(read)) group.store.reads.push(read);
    group.accesses.push(...model.accesses);
    for (const tool of model.tools) if (!group.tools.includes(tool)) group.tools.push(tool);
  }
  return out;
}

/**
 * The static parts of a client store's key, the id replaced by `*`: `session:*:prefs` for both
 * `` `session:${sid}:prefs` `` and `'session:' + sid + ':prefs'`; '' for a key that is only a variable.
 */
function keyPrefix(model: StoreModel): string {
  const key = model.accesses[0]?.sink.key;
  const inner = key && unwrap(key);
  if (!inner) return '';
  if (ts.isTemplateExpression(inner)) return [inner.head.text, ...inner.templateSpans.map((span) => span.literal.text)].join('*');
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const parts: string[] = [];
    const walk = (node: ts.Expression): void => {
      const n = unwrap(node) as ts.Expression;
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        walk(n.left);
        walk(n.right);
      } else parts.push(ts.isStringLiteralLike(n) ? n.text : '*');
    };
    walk(inner);
    return parts.join('').replace(/\*+/g, '*');
  }
  return '';
}

const CREATOR_NAME = /^(create|open|start|new|launch|connect|begin|init)(_|[A-Z])/;
const WRITE_METHODS = new Set(['set', 'put', 'hset', 'setex', 'hmset', 'add']);

function isWrite(sink: Sink): boolean {
  if (sink.written) return true;
  return ts.isCallExpression(sink.node) && WRITE_METHODS.has((calleeParts(sink.node).name ?? '').toLowerCase());
}

/** The return statements of a function body, not of functions nested in it. */
function returnsOf(body: ts.Block): ts.ReturnStatement[] {
  const out: ts.ReturnStatement[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) out.push(node);
    if (ts.isFunctionLike(node)) return;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return out;
}

/**
 * The statements of a marked client store's keyed calls, but the one its marker stands above. Scan reports a client
 * store (Redis, a KV wrapper) at every keyed call, not at a declaration, and a marker stands only for the statement
 * below it: without one at each call, the other calls would stay reported with nothing said about them (example-remote-server's
 * `session:<id>:owner`, set in one helper and read in another).
 */
function otherKeyedCalls(model: StoreModel, outcome: StoreOutcome, marked: ts.Node): ts.Node[] {
  // Only application state: a registry's or a per-session server's calls are the serving decision's, reported under their own rules.
  if (model.store.kind !== 'state' || outcome.status !== 'marked') return [];
  const others: ts.Node[] = [];
  for (const access of model.accesses) {
    const statement = statementOf(access.sink.node);
    if (statement !== marked && !others.includes(statement)) others.push(statement);
  }
  return others;
}

/**
 * Points from `here` at the store's marker, above `marked`: by the function it is in when that tells it apart (a
 * line number would be stale once markers are inserted above it), else by the statement's first line. The marker
 * need not be at a keyed call (a rewrite that stopped at a tool's `return;` is marked there).
 */
function seeStoreMarker(name: string, marked: ts.Node, here: ts.Node): string {
  const markedFile = marked.getSourceFile();
  const file = markedFile === here.getSourceFile() ? '' : ` in ${path.basename(markedFile.fileName)}`;
  const fn = enclosingFunction(marked);
  const fnName = fn && functionNames(fn)[0];
  let where: string;
  if (fnName && !(file === '' && isInside(here, fn))) where = `in \`${fnName}()\`${file}`;
  else {
    const firstLine = marked.getText().split('\n')[0]!.trim();
    // An anonymous handler is told by its registration: `return;` alone could be any function's.
    const registration = fn && !fnName && ts.isCallExpression(fn.parent) ? fn.parent : undefined;
    const registered = registration && registration.arguments[0] && ts.isStringLiteral(registration.arguments[0]) ? registration.arguments[0] : undefined;
    const inHandler = registration && registered && !isInside(here, fn!) ? ` in the handler of \`${calleeParts(registration).name ?? 'a call'}(${registered.getText()}, …)\`` : '';
    where = `above \`${firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine}\`${inHandler}${file}`;
  }
  return `\`${name}\` is keyed by the session id here too: one store, marked with what to do about it ${where}. Resolve this call together with that marker.`;
}

/**
 * Membership per session (`clients.add(sessionId)`) records which connections asked for something: to push to
 * them later (everything's toggle tools) or to act once per connection. A handle cannot stand for a connection;
 * what the set serves works only while 2025-era clients, which have sessions, are served.
 */
function sessionSetAdvice(name: string): string {
  return `\`${name}\` is a set of session ids: it records which connections asked for something (to push to them later, or to act once per connection), not state a tool reads back, so it needs no handle. Only 2025-era clients (stdio, server-legacy) have a session id; a 2026-07-28 request has none and no connection to push on: do the work within the request (ctx.mcpReq.notify) or through subscriptions/listen, and drop the set once 2025-era clients are no longer served.`;
}

/**
 * A session-keyed store no tool reaches (metamcp's pools of upstream connections and their timestamps): no tool
 * could take a handle for it, so "re-key it by a handle" would be advice nobody can follow.
 */
function unreachedStoreAdvice(name: string): string {
  return `\`${name}\` is keyed by the session id, but no tool reaches it, so no tool can carry a handle for it. If it is bookkeeping of the serving layer (a connection, server or timestamp per session), it goes with the sessions when serving becomes stateless: 2026-07-28 has no session to key it by, so key what must outlive a request by what that layer still has (the caller's identity from authInfo, a tenant or namespace) or make it per request. If a resource or prompt handler reads it, pass what the handler needs in that request (its URI or arguments) instead of the session id.`;
}

function isSetStore(decl: ts.Node | undefined): boolean {
  if (!decl || !(ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl))) return false;
  const type = decl.type;
  if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && /^(Weak)?Set$/.test(type.typeName.text)) return true;
  const init = decl.initializer && unwrap(decl.initializer);
  return !!init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && /^(Weak)?Set$/.test(init.expression.text);
}

const GUESSABLE_ORIGIN: Record<GuessableSource['kind'], string> = {
  counter: 'a counter',
  time: 'the clock',
  random: '`Math.random()`',
  input: "the tool's own arguments",
};

/** The guessable sources of minted handles, one group per statement (a marker each). */
function byStatement(sources: readonly GuessableSource[]): Map<ts.Node, GuessableSource[]> {
  const out = new Map<ts.Node, GuessableSource[]>();
  for (const source of sources) {
    const statement = statementOf(source.node);
    out.set(statement, [...(out.get(statement) ?? []), source]);
  }
  return out;
}

/**
 * Advice for a handle minted from guessable parts. Not rewritten: the project's code may read the id's shape
 * (a counter prefix, a timestamp it sorts by), so swapping the mint is the maintainer's change.
 */
function guessableAdvice(sources: readonly GuessableSource[]): string {
  const { family, mint } = sources[0]!;
  const origins = [...new Set(sources.map((s) => GUESSABLE_ORIGIN[s.kind]))].join(' and ');
  return `the \`${family.argument}\` handle minted by \`${mint.tool.name}\` comes from ${origins}: a caller can guess or name another caller's handle. Mint it with \`crypto.randomUUID()\` (or \`randomBytes(16)\`) unless code reads the id's shape.`;
}

