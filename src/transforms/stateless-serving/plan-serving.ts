/**
 * `stateless-serving`: sessionful serving becomes stateless serving.
 *
 * - Streamable HTTP on express or plain node:http (transport registry, `isInitializeRequest` routing, `mcp-session-id`
 *   reads, `onsession*` registry bookkeeping, GET/DELETE session routes, `eventStore`), and the v1
 *   stateless idiom (a `sessionIdGenerator: undefined` transport and a server per POST):
 *   - `--target 2026-07-28`: `createMcpHandler(factory)` mounted with `toNodeHandler` on `app.all`;
 *     the factory is the function the route built its server with;
 *   - `--target stateless-v1`: SDK 1.x, a new server and a `sessionIdGenerator: undefined` transport
 *     per POST; GET/DELETE answer 405.
 * - The same serving written as a class (class-routes.ts): handler methods or function fields mounted with
 *   `this.app.post('/mcp', this.handlePost)` (or `.bind(this)`), the registry a field, the server from a
 *   function or `this.createServer()`; the methods, their self-binding and the field go with the routes.
 * - `server.connect(new StdioServerTransport())` → `serveStdio(factory)` (2026-07-28 only); a server
 *   built at module level is extracted into a factory function.
 * A file the sdk-v2 step left on SDK 1.x serves Streamable HTTP in the SDK 1.x idiom on either target (left-on-v1.ts).
 * By default the SDK's legacy modes keep serving 2025-era clients; `--modern-only` passes
 * `legacy: 'reject'`. What cannot be rewritten safely (custom routing logic, custom session
 * lifecycle work, servers built as bundles, SSE, CORS naming the session header, other routers)
 * gets a marker with the replacement, never half a rewrite.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, isInside, outermostWrapper, propertyNameText, unwrap, statementOf } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { enclosingRoute, mountsOf, routesAt, routesOf, type Route, type RouteFramework } from '../../analysis/routes.js';
import { CONNECT_METHOD, SSE_TRANSPORTS, STDIO_TRANSPORTS, STREAMABLE_HTTP_TRANSPORTS, TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { SESSION_HEADER, isHeaderWrite } from '../../analysis/http-requests.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { markerInsertion } from '../../markers.js';
import type { TextEdit } from '../kit/edits.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { flavourOf, indentAt, indentUnit } from '../kit/source-style.js';
import { servingEntryAdvice } from './advice.js';
import { gatewayRefusal, perSessionUpstream, stdioRelayNote } from './gateway.js';
import { ImportEdits } from './imports.js';
import { planLegacySse } from './legacy-sse.js';
import { isSsePost } from '../../analysis/legacy-sse.js';
import { planFactorySplits, type FactorySplit } from './factory-split.js';
import { planFrameworkSse } from './framework-sse.js';
import { corsListEdit, isCorsHeaderList, planCorsSessionHeader, servesStatelessOnly } from './cors-session-header.js';
import { dottedReferences, registriesUsedIn, registryReferences, registryRemovals } from './registries.js';
import { eraRouting, eraRoutingAdvice } from './era-routing.js';
import { planEraModernOnly } from './era-modern-only.js';
import { transportRelay, type TransportRelay } from './relay.js';
import { helperConnection, helperConnectionReason } from './connect-helper.js';
import { rewriteHelperRegistry, type ServingSite } from './session-registry.js';
import { memberOfFunction, thisMemberName } from '../../analysis/class-members.js';
import { customMemberUse, fieldNames, memberMountedOnlyBy, memberRoute, mountedMember, type MountedMember } from './class-routes.js';
import { projectEventBus } from '../server-push-markers/event-bus.js';
import { inlineStdioHelper } from './stdio-helper.js';
import { httpServingOptions, leftOnSdkV1, leftOnV1Note } from './left-on-v1.js';
import { sessionResumption } from './resumed-sessions.js';
import { keptSessionCorsMessage, sessionOwnedTaskStore, taskOwnershipReason } from './kept-sessions.js';
import { builtElsewhereReason, escapingFlow, factoryBlock, fieldTransportConnect, functionLabel, usesOfDeclared } from './stdio-block.js';
import { freeNames, isAsync, localNames, loggerNames, referencesByName, reindent, removalRange, withBlankLineAbove } from './text.js';
import { RULE_ID, type RuleId } from '../../rule-ids.js';
import { andList } from '../kit/prose.js';

export type ServingOptions = Pick<TransformOptions, 'target' | 'modernOnly'>;

class CannotRewrite extends Error {
  constructor(
    message: string,
    readonly node: ts.Node,
    readonly ruleId: RuleId = RULE_ID.sessionIdGenerator,
    /** The router the endpoint is on, when known: the advice names how that router mounts the handler. */
    readonly framework?: RouteFramework,
    /** The factory expression the advice names, when known (`buildServer` otherwise). */
    readonly factory?: string,
  ) {
    super(message);
  }
}

/** A refusal whose message is the whole advice (a gateway's): the generic serving entry is not appended. */
class AdvisedRefusal extends CannotRewrite {}

/** Globals and SDK plumbing a boilerplate route may use without being "custom logic". */
const BOILERPLATE_GLOBALS = new Set(['console', 'randomUUID', 'crypto', 'JSON', 'Error', 'undefined', 'String', 'Number', 'Object', 'Array', 'Promise', 'Date', 'Boolean']);

const SERVER_MODULE = '@modelcontextprotocol/server';
const NODE_MODULE = '@modelcontextprotocol/node';
const STDIO_MODULE = '@modelcontextprotocol/server/stdio';

export function planServing(result: AnalysisResult, options: ServingOptions): TransformPlan {
  const plan: TransformPlan = { edits: [], newFiles: new Map(), markers: [], notes: [] };
  // On 2026-07-28 a factory returning { server, cleanup } is split first, so the entries can take it.
  const splits = options.target === '2026-07-28' ? planFactorySplits(result) : [];
  for (const split of splits) plan.notes!.push(...split.notes);
  // A project that mints no session id anywhere has its CORS lists edited once, project-wide (planCorsSessionHeader).
  const corsProjectWide = servesStatelessOnly(result);
  const files = result.sourceFiles.map((sf) => new FileServing(result, sf, options, plan, splits, corsProjectWide));
  for (const file of files) file.run();
  // Sessions this run keeps (an endpoint it marked instead of rewriting): the CORS lists of the other files (a
  // router mounting the endpoint, the app's CORS set-up) keep naming Mcp-Session-Id for it, with a marker.
  const kept = files.filter((f) => f.keptSessions.length > 0);
  if (!corsProjectWide && kept.length > 0) {
    const where = kept.flatMap((f) => f.keptSessions).slice(0, 3);
    for (const file of files) if (!file.servesHttp) file.markCorsOfKeptSessions(where);
  }
  planFrameworkSse(result, options, plan);
  planCorsSessionHeader(result, plan);
  // In the order of the files and lines they are on (the CORS markers of a second pass come between the others).
  plan.markers.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return plan;
}

/** The session map a routing helper is handed: its parameter, that parameter's position, the caller's declaration. */
interface RoutingHelperRegistry {
  param: string;
  index: number;
  statement: ts.VariableStatement;
}

interface Range {
  start: number;
  end: number;
}

/** How the rewritten code builds servers: `expression` is handed to the serving entry, `call` builds one server. */
interface Factory {
  expression: string;
  call: string;
  /** The names the factory uses (the function and its arguments): not custom logic in the route. */
  names: string[];
}

class FileServing {
  private readonly edits: TextEdit[] = [];
  private readonly replaced: Range[] = [];
  private readonly imports: ImportEdits;
  private readonly text: string;
  private readonly unit: string;
  private readonly quote: string;
  private readonly sdkNames: Set<string>;
  private readonly markedStatements = new Set<ts.Node>();
  /** Registries the rewrites remove, removed together at the end: two properties of one object going leave no empty object. */
  private readonly goneRegistries: SessionStore[] = [];
  /** `transports.streamable`-like references of the registries being replaced: the registry, not a use of its holder. */
  private registryAccesses: ts.Node[] = [];
  /** Where this file keeps minting session ids after this run (`file:line` of each sessionful endpoint it did not rewrite). */
  /** The sessionful endpoints this run keeps in this file (file name, line), for the CORS markers of other files. */
  readonly keptSessions: Array<{ file: string; line: number }> = [];
  /** Whether this file creates SDK Streamable HTTP transports (its CORS lists are this file's own decision, `markCors`). */
  servesHttp = false;

  /** The options being planned with: `requested`, or SDK 1.x's while this file's Streamable HTTP is planned (left-on-v1.ts). */
  private options: ServingOptions;
  /**
   * The route being planned serves SDK 1.x's stateless idiom already, in a file left on SDK 1.x: it is planned with the
   * requested options so that its checks still mark what its move to SDK v2 needs, but no v2 entry is written (the
   * file has no `createMcpHandler`), as `--target stateless-v1` leaves that idiom.
   */
  private v1Idiom = false;

  constructor(
    private readonly result: AnalysisResult,
    private readonly sf: ts.SourceFile,
    private readonly requested: ServingOptions,
    private readonly plan: TransformPlan,
    private readonly splits: readonly FactorySplit[] = [],
    private readonly corsProjectWide = false,
  ) {
    this.options = requested;
    this.imports = new ImportEdits(sf, flavourOf(sf));
    this.text = sf.text;
    this.unit = indentUnit(sf.text);
    this.quote = /^\s*import[^;]*?from\s+"/m.test(sf.text) || /require\("/.test(sf.text) ? '"' : "'";
    this.sdkNames = sdkImportedNames(sf);
  }

  private get values() {
    return this.result.analysis.values;
  }

  /** `bus: <the project's change-event bus>` (server-push-markers' generated module), so listen streams receive what the project publishes. */
  private busOption(options: string[]): void {
    const bus = projectEventBus(this.result, this.sf, flavourOf(this.sf));
    if (!bus) return;
    options.push(`bus: ${bus.name}`);
    if (bus.specifier) this.imports.add(bus.specifier, bus.name);
  }

  private q(text: string): string {
    return `${this.quote}${text}${this.quote}`;
  }

  run(): void {
    const http: ts.NewExpression[] = [];
    const stdio: ts.NewExpression[] = [];
    const sse: ts.NewExpression[] = [];
    forEachDescendant(this.sf, (node) => {
      if (!ts.isNewExpression(node)) return;
      const ref = this.result.analysis.sdk.exportOf(node.expression);
      if (!ref) return;
      if (STREAMABLE_HTTP_TRANSPORTS.has(ref.name)) http.push(node);
      else if (STDIO_TRANSPORTS.has(ref.name)) stdio.push(node);
      else if (SSE_TRANSPORTS.has(ref.name)) {
        sse.push(node);
      }
    });
    const byRoute = new Map<ts.Node | undefined, ts.NewExpression[]>();
    for (const node of http) {
      const route = enclosingRoute(node, this.values);
      const key = route?.call ?? route?.node;
      byRoute.set(key, [...(byRoute.get(key) ?? []), node]);
    }
    this.servesHttp = http.length > 0;
    let rewrote = sse.length > 0 && planLegacySse(this.site(), http.length > 0);
    let httpRewritten = 0;
    // A file the sdk-v2 step left on SDK 1.x serves Streamable HTTP in SDK 1.x's idiom: its sessionful serving is planned so
    // (serving already in that idiom keeps the advice for its move to SDK v2, as before).
    const httpOptions = httpServingOptions(this.sf, this.requested);
    for (const [, transports] of byRoute) {
      const idiom = this.isStatelessIdiom(transports);
      this.options = idiom ? this.requested : httpOptions;
      this.v1Idiom = idiom && httpOptions !== this.requested;
      const done = this.attempt(() => this.planHttp(transports));
      // A route already serving without sessions (a `sessionIdGenerator: undefined` transport, no registry) mints no id either.
      if (done || this.isStatelessIdiom(transports)) httpRewritten++;
      else this.keptSessions.push({ file: this.sf.fileName, line: this.line(transports[0]!) });
      rewrote = done || rewrote;
    }
    this.options = httpOptions;
    this.v1Idiom = false;
    if (http.length === 0 && sse.length === 0) this.markSessionHeaderMinting();
    if (http.length > 0 && !this.corsProjectWide) rewrote = this.markCors(httpRewritten === byRoute.size) || rewrote;
    for (const range of registryRemovals([...new Set(this.goneRegistries)], this.sf)) this.edit(range.start, range.end, '');
    this.options = this.requested;
    if (this.options.target === '2026-07-28') for (const node of stdio) rewrote = this.attempt(() => this.planStdio(node), true) || rewrote;
    rewrote = this.applySplits() || rewrote;
    if (!rewrote) return;
    this.removeDeadDeclarations();
    this.plan.edits.push(...mergeAdjacentRemovals(this.text, this.edits), ...this.imports.edits(this.replaced, this.edits.map((e) => e.text)));
  }

  /**
   * This file's part of the factory splits: what the serving rewrite replaced already (the destructuring
   * in a route it rewrote) is not edited twice; the cleanup is imported where a call of it remains.
   */
  private applySplits(): boolean {
    let applied = false;
    for (const split of this.splits) {
      const mine = split.files.get(this.sf.fileName);
      if (!mine) continue;
      const overlaps = (e: { start: number; end: number }) => this.replaced.some((r) => e.start < r.end && r.start < e.end);
      const kept = mine.edits.filter((e) => !overlaps(e));
      // A cleanup call inside the sessionful code the entry replaced ran when a session closed: no session closes now.
      for (const e of mine.edits.filter((edit) => edit.usesCleanup && overlaps(edit))) {
        this.plan.notes!.push(`serving: ${this.relative()}:${this.sf.getLineAndCharacterOfPosition(e.start).line + 1} — the session cleanup called here when a session closed is no longer called: a stateless entry has no session to close (state kept per session needs a handle, with expiry)`);
      }
      for (const e of kept) this.edit(e.start, e.end, e.text);
      for (const m of mine.markers) this.marker(m.node, m.ruleId, m.message);
      if (mine.importFrom && kept.some((e) => e.usesCleanup)) this.imports.add(mine.importFrom, split.cleanupName);
      applied = applied || kept.length > 0;
    }
    return applied;
  }

  /**
   * Top-level classes and functions of this file that only the replaced code used (a local
   * `InMemoryEventStore` passed as `eventStore`, a session-id helper) go with it.
   */
  private removeDeadDeclarations(): void {
    const generated = new Set(this.edits.flatMap((e) => e.text.match(/[A-Za-z_$][\w$]*/g) ?? []));
    for (const statement of this.sf.statements) {
      if (!(ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) || !statement.name) continue;
      if (ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      if (this.replaced.some((r) => statement.getStart(this.sf) >= r.start && statement.end <= r.end)) continue;
      const name = statement.name.text;
      if (generated.has(name)) continue;
      const refs = referencesByName(this.sf, name).filter((r) => !isInside(r, statement));
      if (refs.length === 0 || !refs.every((r) => this.replaced.some((range) => r.getStart(this.sf) >= range.start && r.end <= range.end))) continue;
      this.remove(statement);
      this.plan.notes!.push(`serving: ${this.relative()} — removed \`${name}\`, used only by the sessionful serving code`);
    }
  }

  /** Runs one rewrite; its edits are kept only when it completes (never half a rewrite). */
  private attempt(rewrite: () => void, stdio = false): boolean {
    const edits = this.edits.length;
    const replaced = this.replaced.length;
    const gone = this.goneRegistries.length;
    this.registryAccesses = [];
    try {
      rewrite();
      return this.edits.length > edits;
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
      this.edits.length = edits;
      this.replaced.length = replaced;
      this.goneRegistries.length = gone;
      // Every marker names the replacement, in the idiom of the target (SDK 1.x has no createMcpHandler).
      if (error instanceof AdvisedRefusal) {
        // No message: left as it is, on purpose (a note says why).
        if (error.message) this.marker(error.node, error.ruleId, error.message);
        return false;
      }
      const advice = servingEntryAdvice({ kind: stdio ? 'stdio' : 'http', target: this.options.target, framework: error.framework, factory: error.factory });
      const v1 = !stdio && this.options.target !== this.requested.target ? ` ${leftOnV1Note(this.requested)}` : '';
      this.marker(error.node, error.ruleId, `${error.message}${v1} ${advice}`);
      return false;
    }
  }

  private marker(node: ts.Node, ruleId: string, message: string): void {
    const statement = statementOf(node);
    if (this.markedStatements.has(statement)) return;
    this.markedStatements.add(statement);
    const start = statement.getStart(this.sf);
    const insertion = markerInsertion(this.text, start, ruleId, message);
    this.plan.markers.push({ file: this.sf.fileName, line: this.sf.getLineAndCharacterOfPosition(start).line + 1, ruleId, message });
    if (insertion) this.plan.edits.push({ file: this.sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
  }

  private edit(start: number, end: number, text: string): void {
    this.edits.push({ file: this.sf.fileName, start, end, text });
    this.replaced.push({ start, end });
  }

  private remove(statement: ts.Node): void {
    const range = removalRange(this.sf, statement);
    this.edit(range.start, range.end, '');
  }

  /**
   * The transport and server registries the code in `roots` uses (a registry of an SSE endpoint kept for
   * 2025-era clients is not among them). Their `holder.kind` accesses then read as the registry.
   */
  private registriesOf(roots: readonly ts.Node[]): SessionStore[] {
    const registries = registriesUsedIn(this.result, this.sf, roots);
    this.registryAccesses = dottedReferences(registries, this.sf, this.values);
    return registries;
  }

  /** The functions of this file that serve HTTP+SSE (create an SSE transport or hand it a POST): kept code. */
  private sseCode(): ts.Node[] {
    const out = new Set<ts.Node>();
    forEachDescendant(this.sf, (node) => {
      const sse = ts.isNewExpression(node) && SSE_TRANSPORTS.has(this.result.analysis.sdk.exportOf(node.expression)?.name ?? '');
      const post = ts.isCallExpression(node) && isSsePost(this.result.analysis, node);
      const fn = (sse || post) && enclosingFunction(node);
      if (fn) out.add(fn);
    });
    return [...out];
  }

  /**
   * A registry shared with the kept HTTP+SSE routes stays for them; the Streamable HTTP transport type leaves
   * its declared union (`Record<string, NodeStreamableHTTPServerTransport | SSEServerTransport>`).
   */
  private narrowSharedRegistry(registry: SessionStore): void {
    forEachDescendant(registry.declaration!, (node) => {
      if (!ts.isUnionTypeNode(node)) return;
      const streamable = node.types.filter((t) => ts.isTypeReferenceNode(t) && STREAMABLE_HTTP_TRANSPORTS.has(this.result.analysis.sdk.exportOf(t.typeName)?.name ?? ''));
      if (streamable.length === 0 || streamable.length === node.types.length) return;
      for (const t of streamable) {
        const i = node.types.indexOf(t);
        // The member and the `|` joining it to its neighbour (the one after it, or before it when last).
        const start = i < node.types.length - 1 ? t.getStart(this.sf) : node.types[i - 1]!.end;
        const end = i < node.types.length - 1 ? node.types[i + 1]!.getStart(this.sf) : t.end;
        this.edit(start, end, '');
      }
    });
  }

  private removeRegistries(registries: readonly SessionStore[]): void {
    this.goneRegistries.push(...registries);
  }

  private line(node: ts.Node): number {
    return this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1;
  }

  private relative(): string {
    return this.result.relative(this.sf.fileName);
  }

  /** This file's plan as session-registry.ts sees it (refusals there are reasons, not exceptions). */
  private site(): ServingSite {
    const refusal = (error: unknown): string => {
      if (error instanceof CannotRewrite) return error.message;
      throw error;
    };
    return {
      sf: this.sf,
      result: this.result,
      options: this.options,
      unit: this.unit,
      sdkNames: this.sdkNames,
      q: (text) => this.q(text),
      edit: (start, end, text) => this.edit(start, end, text),
      remove: (statement) => this.remove(statement),
      removeRegistries: (registries) => this.removeRegistries(registries),
      marker: (node, ruleId, message) => {
        const sf = node.getSourceFile();
        if (sf === this.sf) return this.marker(node, ruleId, message);
        // Another file (a caller passing an option that no longer does anything): its marker goes straight to the plan.
        const start = statementOf(node).getStart(sf);
        const insertion = markerInsertion(sf.text, start, ruleId, message);
        this.plan.markers.push({ file: sf.fileName, line: sf.getLineAndCharacterOfPosition(start).line + 1, ruleId, message });
        if (insertion) this.plan.edits.push({ file: sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
      },
      addImport: (module, name) => this.imports.add(module, name),
      note: (text) => this.plan.notes!.push(text),
      freshName: (base) => this.freshName(base),
      factoryOf: (scope, transport) => {
        try {
          return this.factoryOf(scope, transport);
        } catch (error) {
          return refusal(error);
        }
      },
      transportOptions: (created) => {
        try {
          return this.transportOptions(created);
        } catch (error) {
          return refusal(error);
        }
      },
    };
  }

  // ---- Streamable HTTP ------------------------------------------------------------------------

  private planHttp(transports: ts.NewExpression[]): void {
    const first = transports[0]!;
    this.refuseGateway(first);
    let route = enclosingRoute(first, this.values);
    // A `req.method === 'POST'` test inside a registered route's inline handler (`app.all('/mcp', async (req, res) => …)`): the registration is the route.
    const registered = route && !route.call && route.method === 'post' ? enclosingFunction(route.node) : undefined;
    const outer = registered && enclosingRoute(registered, this.values);
    if (outer?.call && outer.handlers.includes(registered!) && (outer.method === 'all' || outer.method === 'post')) route = outer;
    // A class's handler method mounted on one route (`this.app.post('/mcp', this.handlePost)`): that route.
    if (!route?.call) route = memberRoute(first, this.values) ?? route;
    if (route && !route.call && route.framework === 'node-http') {
      this.planNodeHttp(route, transports);
      return;
    }
    const dispatcher = !route?.call ? enclosingFunction(first) : undefined;
    const mounts = dispatcher && mountsOf(dispatcher, this.values);
    if (dispatcher && mounts) {
      if (memberMountedOnlyBy(dispatcher, mounts.flatMap((m) => (m.call ? [m.call] : [])), this.values)) {
        throw new CannotRewrite('the class mounts its handler method on several methods and tells them apart itself: replace the method and its routes by one stateless endpoint by hand.', mounts[0]!.call!, undefined, mounts[0]!.framework);
      }
      this.planMountedDispatcher(dispatcher, mounts, route, transports);
      return;
    }
    if (!route || !route.call) {
      // On SDK 1.x a helper already serving the stateless idiom (a second run over its own rewrite) is done.
      if (this.options.target === 'stateless-v1' && this.isStatelessIdiom(transports)) return;
      // Transports a helper makes and a registry keeps (qmd's node:http dispatcher): session-registry.ts.
      const outcome = route ? undefined : rewriteHelperRegistry(this.site(), transports);
      if (outcome === true) return;
      throw this.unrecognisedPlace(first, outcome);
    }
    // Both eras on one endpoint, by the maintainer's choice: the sessionful path is the 2025-era one.
    const era = eraRouting(this.result, route.handlers.find((h) => isInside(first, h)) ?? route.call);
    if (era && this.options.modernOnly && this.options.target === '2026-07-28') {
      // No 2025-era client is served: the sessionful path goes, every request to the stateless entry (era-modern-only.ts).
      const outcome = planEraModernOnly(this.site(), route, route.handlers.find((h) => isInside(first, h)) ?? route.call, era.discriminator, first);
      if (outcome === true) return;
      throw new AdvisedRefusal(`${eraRoutingAdvice(era, this.options.target)} With --modern-only it is not removed automatically: ${outcome}`, first, RULE_ID.sessionIdGenerator, route.framework);
    }
    if (era) throw new AdvisedRefusal(eraRoutingAdvice(era, this.options.target), first, RULE_ID.sessionIdGenerator, route.framework);
    if (route.framework !== 'express' && route.framework !== 'hono' && route.framework !== 'fastify') {
      throw new CannotRewrite(`sessionful serving on ${route.framework === 'unknown' ? 'an unrecognised router' : route.framework} is not rewritten automatically: replace the transport registry, its routing and the GET/DELETE session routes by hand.`, route.call, undefined, route.framework);
    }
    // hono's `app.on('POST', …)` and fastify's `route({ … })` name the method elsewhere: only `app.post(path, handler)` is rewritten.
    if (route.framework !== 'express' && calleeParts(route.call).name !== route.method) {
      throw new CannotRewrite(`the ${route.framework} route is not declared as \`${route.method}(path, handler)\`: replace it with one \`all(path, …)\` route by hand.`, route.call, undefined, route.framework);
    }
    if (route.method !== 'post' && route.method !== 'all') throw new CannotRewrite(`the transport is created in a ${route.method.toUpperCase()} route: only POST carries MCP requests in stateless serving.`, route.call, undefined, route.framework);
    if (transports.length > 1) throw new CannotRewrite('the route creates more than one transport (custom routing around the transport): replace it with one stateless endpoint by hand.', route.call, undefined, route.framework);
    const handler = route.handlers.find((h) => isInside(first, h));
    if (!handler || !isFunctionLike(handler) || !handler.body || !ts.isBlock(handler.body)) throw new CannotRewrite('the route handler is not a function with a block body.', route.call);
    const handlerArg = route.call.arguments[route.call.arguments.length - 1]!;
    const inline = unwrap(handlerArg) === handler;
    const member = inline ? undefined : memberMountedOnlyBy(handler, [route.call], this.values);
    if (!inline && !member && !(ts.isIdentifier(unwrap(handlerArg)) && this.onlyUsedBy(unwrap(handlerArg) as ts.Identifier, [route.call]))) {
      throw new CannotRewrite('the POST handler is shared with other code: replace it by hand.', route.call, undefined, route.framework);
    }

    const transportOptions = this.transportOptions(first);
    const sessionful = !!transportOptions.sessionIdGenerator && !this.values.isUndefinedValue(transportOptions.sessionIdGenerator);
    // Other routes on the same path: GET/DELETE session routes (and 405 answers of the stateless idiom).
    const siblingRoutes = routesOf(this.sf, this.values).filter((r) => r.call && r.call !== route.call && r.path === route.path && (r.method === 'get' || r.method === 'delete'));
    const registries = this.registriesOf([handler, ...siblingRoutes.filter((r) => r.framework === route.framework).flatMap((r) => r.handlers)]);
    if (this.options.target === 'stateless-v1' && !sessionful && registries.length === 0) return; // already the v1 stateless idiom
    this.checkTransportOptions(transportOptions, route.framework);

    const factory = this.factoryOf(handler, first);
    const registryNames = new Set(registries.map((r) => r.name));
    const allowed = new Set([...BOILERPLATE_GLOBALS, ...registryNames, ...fieldNames(registries.map((r) => r.declaration)), ...this.sdkNames, ...factory.names, ...this.newedInEventStore(transportOptions)]);
    this.checkBoilerplate(handler, allowed, 'the MCP route');

    const removedCalls = new Set<ts.CallExpression>();
    for (const sibling of siblingRoutes) {
      if (sibling.framework !== route.framework) continue;
      for (const h of sibling.handlers) this.checkBoilerplate(h, allowed, `the ${sibling.method.toUpperCase()} ${route.path ?? ''} route`.replace('  ', ' '));
      removedCalls.add(sibling.call!);
    }
    // fastify refuses a second route for a method `all` covers (`app.options('/mcp', …)` for CORS): the server would not start.
    const clash = route.framework === 'fastify' ? routesOf(this.sf, this.values).find((r) => r.call && r.call !== route.call && !removedCalls.has(r.call) && r.framework === 'fastify' && r.path === route.path) : undefined;
    if (clash) {
      throw new CannotRewrite(`the ${clash.method.toUpperCase()} ${route.path ?? ''} route stays, and fastify refuses \`all(path, …)\` beside another route on the same path: replace the session routes on this path by POST, GET and DELETE routes that hand the request to one stateless handler, by hand.`.replace('  ', ' '), route.call, undefined, route.framework);
    }
    // Handlers passed by name to those routes (only there) go with them; so do handler methods of a class (`this.handlePost`).
    const removedDeclarations = new Set<ts.Node>();
    const removedMembers: MountedMember[] = [];
    for (const call of [route.call, ...removedCalls]) {
      const mounted = mountedMember(call, [route.call, ...removedCalls], this.values);
      if (mounted && !removedMembers.some((m) => m.fn === mounted.fn)) removedMembers.push(mounted);
      const arg = unwrap(call.arguments[call.arguments.length - 1]!);
      if (!ts.isIdentifier(arg)) continue;
      const decl = this.values.symbolOf(arg)?.valueDeclaration;
      if (!decl) continue;
      const statement = statementOf(decl);
      if (!ts.isSourceFile(statement.parent)) continue;
      if (this.onlyUsedBy(arg, [route.call, ...removedCalls])) removedDeclarations.add(statement);
    }

    // A registry the kept HTTP+SSE routes share (`Record<string, StreamableHTTP… | SSEServerTransport>`) stays for them.
    const sseCode = this.sseCode();
    const shared = registries.filter((r) => registryReferences(r, this.sf, this.values).some((ref) => sseCode.some((code) => isInside(ref, code))));
    // Every other use of a registry must be shutdown bookkeeping (a loop closing its transports).
    const shutdownLoops = this.shutdownLoops(registries, [route.call, ...removedCalls, ...removedDeclarations, ...removedMembers.map((m) => m.fn), ...sseCode], allowed);
    const closesShared = (loop: ts.Node) => shared.some((r) => registryReferences(r, this.sf, this.values).some((ref) => isInside(ref, loop)));

    const routeStatement = statementOf(route.call);
    const indent = indentAt(this.text, routeStatement.getStart(this.sf));
    if (this.options.target === 'stateless-v1') {
      if (route.framework !== 'express') throw new CannotRewrite(`--target stateless-v1 rewrites express routes only: on ${route.framework}, create a server and a \`sessionIdGenerator: undefined\` transport per POST by hand (GET/DELETE answer 405).`, route.call);
      // An `all` route would hand GET/DELETE to the per-POST transport: they answer 405 first.
      this.statelessV1(handler, factory, first, transportOptions, removedCalls, route.method === 'all' ? this.v1DispatcherPrelude(handler, []) : []);
      this.removeRegistries(registries.filter((r) => !shared.includes(r)));
      for (const r of shared) this.narrowSharedRegistry(r);
      for (const loop of shutdownLoops) if (!closesShared(loop)) this.remove(loop);
      for (const decl of removedDeclarations) if (!this.isDeclarationOf(decl, handlerArg)) this.replaceWith405Declaration(decl);
      // A class keeps its handler methods (and their mounts): the GET/DELETE ones answer 405.
      for (const m of removedMembers) if (m.fn !== handler) this.replaceWith405(m.fn);
      this.plan.notes!.push(`serving: ${this.relative()} — sessionful Streamable HTTP → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST; GET/DELETE answer 405 (SDK 1.x, 2025-era clients only)`);
      return;
    }

    if (this.v1Idiom) return; // SDK 1.x's idiom already, in a file left on SDK 1.x: no v2 entry here (left-on-v1.ts)
    const options: string[] = [];
    if (this.options.modernOnly) options.push(`legacy: ${this.q('reject')}`);
    const json = transportOptions.enableJsonResponse;
    if (json && unwrap(json).kind === ts.SyntaxKind.TrueKeyword) options.push(`responseMode: ${this.q('json')}`);
    this.busOption(options);
    const onerror = this.errorLogging(handler);
    if (onerror) options.push(`onerror: ${onerror}`);
    const handlerName = this.freshName('mcpHandler');
    const nodeHandlerName = this.freshName('mcpNodeHandler');
    const receiver = calleeParts(route.call).receiver!.getText(this.sf);
    const args = route.call.arguments.slice(0, -1).map((a) => a.getText(this.sf));
    const parsesBody = /\b(?:express|bodyParser)\.(?:json|urlencoded|text|raw)\(|['"]body-parser['"]/.test(this.text) || handsParsedBody(handler);
    const oneLine = `const ${handlerName} = createMcpHandler(${factory.expression}${options.length ? `, { ${options.join(', ')} }` : ''});`;
    const lines = [oneLine.length + indent.length <= 100 ? oneLine : `const ${handlerName} = createMcpHandler(${factory.expression}, {\n${options.map((o) => `${indent}${this.unit}${o},`).join('\n')}\n${indent}});`];
    if (route.framework === 'hono') {
      // hono speaks web-standard Request/Response: the handler's own face.
      lines.push(`${receiver}.all(${[...args, `(c) => ${handlerName}.fetch(c.req.raw)`].join(', ')});`);
    } else if (route.framework === 'fastify') {
      // fastify has parsed the body; the reply is handed to the node handler (hijacked, so fastify does not answer too).
      lines.push(`const ${nodeHandlerName} = toNodeHandler(${handlerName});`);
      const mount = [`async (request, reply) => {`, `${this.unit}reply.hijack();`, `${this.unit}await ${nodeHandlerName}(request.raw, reply.raw, request.body);`, `}`].join(`\n${indent}`);
      lines.push(`${receiver}.all(${[...args, mount].join(', ')});`);
    } else if (parsesBody) {
      // express.json() has consumed the body stream: hand the parsed body over.
      lines.push(`const ${nodeHandlerName} = toNodeHandler(${handlerName});`);
      lines.push(`${receiver}.all(${[...args, `(req, res) => ${nodeHandlerName}(req, res, req.body)`].join(', ')});`);
    } else {
      lines.push(`${receiver}.all(${[...args, `toNodeHandler(${handlerName})`].join(', ')});`);
    }
    this.edit(routeStatement.getStart(this.sf), routeStatement.end, lines.join(`\n${indent}`));
    for (const call of removedCalls) this.remove(statementOf(call));
    for (const decl of removedDeclarations) this.remove(decl);
    for (const m of removedMembers) for (const node of [m.member.declaration, ...m.binds]) this.remove(node);
    this.removeRegistries(registries.filter((r) => !shared.includes(r)));
    for (const r of shared) this.narrowSharedRegistry(r);
    for (const loop of shutdownLoops) {
      const fn = enclosingFunction(loop);
      const start = loop.getStart(this.sf);
      const close = `${fn && isAsync(fn) ? 'await' : 'void'} ${handlerName}.close();`;
      // A loop over a shared registry still closes the HTTP+SSE transports: the handler closes first.
      if (closesShared(loop)) this.edits.push({ file: this.sf.fileName, start, end: start, text: `${close}\n${indentAt(this.text, start)}` });
      else this.edit(start, loop.end, close);
    }
    this.imports.add(SERVER_MODULE, 'createMcpHandler');
    if (route.framework !== 'hono') this.imports.add(NODE_MODULE, 'toNodeHandler');
    const legacy = this.options.modernOnly ? 'modern-only (legacy: \'reject\')' : '2025-era clients still served statelessly';
    this.plan.notes!.push(`serving: ${this.relative()} — ${sessionful ? 'sessionful' : 'stateless-idiom'} Streamable HTTP → createMcpHandler(${factory.expression}) on ${receiver}.all(${args[0] ?? ''}) via ${route.framework === 'hono' ? `${handlerName}.fetch` : 'toNodeHandler'} (${legacy})${transportOptions.eventStore ? '; eventStore dropped (2026-07-28 has no resumability)' : ''}`);
  }

  /**
   * Every use of a registry outside its declaration and the `replaced` code: each must be a shutdown
   * loop closing its transports (those are returned), or the code depends on sessions.
   */
  private shutdownLoops(registries: readonly SessionStore[], replaced: readonly ts.Node[], allowed: Set<string>): Set<ts.Node> {
    // `replaced` also holds code that stays and may use a registry (the HTTP+SSE routes of a shared one).
    const loops = new Set<ts.Node>();
    for (const registry of registries) {
      const decl = registry.declaration!;
      const declStatement = statementOf(decl);
      const refs = registryReferences(registry, this.sf, this.values);
      for (const ref of refs) {
        if (isInside(ref, declStatement) || isInside(ref, decl) || replaced.some((r) => isInside(ref, r))) continue;
        const loop = shutdownLoop(ref, refs);
        if (loop) {
          this.checkBoilerplate(loop, allowed, 'the shutdown loop');
          loops.add(loop);
          continue;
        }
        throw new CannotRewrite(`\`${registry.name}\` (the session registry) is also used at line ${this.line(ref)}: that code depends on sessions; remove it.`, ref, RULE_ID.transportRegistry);
      }
    }
    return loops;
  }

  /**
   * The route's `catch (error) { logger.error(…error…) }` becomes the handler's `onerror` (errors stay
   * logged): the first logging statement of the catch block that reads the caught error and nothing else of
   * the route, with the caught name renamed to `error`. Continuation lines are indented for `indent`.
   */
  private errorLogging(handler: ts.Node, indent = ''): string | undefined {
    const loggers = loggerNames(handler);
    const routeLocals = localNames(handler);
    let out: string | undefined;
    forEachDescendant(handler, (node) => {
      if (out || !ts.isCatchClause(node) || !node.variableDeclaration || !ts.isIdentifier(node.variableDeclaration.name)) return;
      const caught = node.variableDeclaration.name.text;
      for (const statement of node.block.statements) {
        const call = ts.isExpressionStatement(statement) ? unwrap(statement.expression) : undefined;
        if (!call || !ts.isCallExpression(call)) continue;
        const receiver = calleeParts(call).receiver;
        const logger = receiver && unwrap(receiver);
        if (!logger || !ts.isIdentifier(logger) || !(logger.text === 'console' || loggers.has(logger.text))) continue;
        const names = [...freeNames(call).keys()];
        if (!names.includes(caught) || names.some((n) => n !== caught && (routeLocals.has(n) || n === 'error'))) continue;
        out = `(error) => ${this.renamed(call, caught, 'error', indent)}`;
        return;
      }
    });
    return out;
  }

  /** `node`'s text with references to `from` named `to`, its continuation lines re-indented for `indent`. */
  private renamed(node: ts.Node, from: string, to: string, indent: string): string {
    const start = node.getStart(this.sf);
    const ids: ts.Identifier[] = [];
    forEachDescendant(node, (n) => {
      if (ts.isIdentifier(n) && n.text === from && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n)) ids.push(n);
    });
    let text = node.getText(this.sf);
    for (const id of ids.reverse()) text = text.slice(0, id.getStart(this.sf) - start) + to + text.slice(id.end - start);
    const [head, ...rest] = text.split('\n');
    return [head, ...rest.map((line) => reindent(line, indentAt(this.text, statementOf(node).getStart(this.sf)), indent))].join('\n');
  }

  /**
   * One named handler mounted on several methods of one path (`app.post('/mcp', mcpHandler)`, `app.get(…)`,
   * `app.delete(…)`) that tells the methods apart itself and creates the transport in its
   * `if (req.method === 'POST' && !sessionId && isInitializeRequest(req.body))` branch. The handler and its
   * mounts become one `all` route serving `createMcpHandler(factory)`. A branch answering another method with
   * the application's own logic (a GET describing the server) is not session plumbing: it stays, as a route
   * of its own ahead of the `all` route.
   */
  private planMountedDispatcher(fn: ts.FunctionLikeDeclaration, mounts: Route[], branch: Route | undefined, transports: ts.NewExpression[]): void {
    const first = transports[0]!;
    const mount = mounts[0]!;
    const framework = mount.framework;
    const receiver = calleeParts(mount.call!).receiver!.getText(this.sf);
    if (framework !== 'express') throw new CannotRewrite(`the ${framework} handler mounted on several methods is not rewritten automatically: replace it and its routes by hand.`, mount.call!, undefined, framework);
    const registries = this.registriesOf([fn]);
    const transportOptions = this.transportOptions(first);
    const sessionful = !!transportOptions.sessionIdGenerator && !this.values.isUndefinedValue(transportOptions.sessionIdGenerator);
    if (this.options.target === 'stateless-v1' && !sessionful && registries.length === 0) return; // already the v1 stateless idiom, however it is mounted
    // The middleware in front of the handler (`router.post('/mcp', cors(opts), auth, handler)`), the same on every mount: it stays in front.
    const middleware = mountMiddleware(mount.call!, this.sf);
    const sameEndpoint = (m: Route) =>
      m.framework === framework &&
      m.path !== undefined &&
      m.path === mount.path &&
      calleeParts(m.call!).receiver!.getText(this.sf) === receiver &&
      mountMiddleware(m.call!, this.sf).join('\0') === middleware.join('\0') &&
      ['post', 'get', 'delete', 'all'].includes(m.method);
    if (!mounts.every(sameEndpoint) || !mounts.some((m) => m.method === 'post' || m.method === 'all')) {
      throw new CannotRewrite('the handler is mounted on other paths, routers or methods, or behind different middleware on each: replace it and its routes by hand.', mount.call!, undefined, framework);
    }
    // Already stateless (a server and a `sessionIdGenerator: undefined` transport for every request, no registry): what
    // createMcpHandler does on every method, so no POST branch is needed.
    const statelessEverywhere = !branch && !sessionful && registries.length === 0;
    if (!branch && !statelessEverywhere) throw new CannotRewrite('the handler mounted on several methods creates its transport outside a `req.method === \'POST\'` branch: replace it and its routes by hand.', first, undefined, framework);
    if (branch && branch.method !== 'post') throw new CannotRewrite(`the transport is created in a ${branch.method.toUpperCase()} branch: only POST carries MCP requests in stateless serving.`, first, undefined, framework);
    if (transports.length > 1) throw new CannotRewrite('the handler creates more than one transport (custom routing around the transport): replace it by hand.', first, undefined, framework);
    const [reqParam, resParam] = fn.parameters;
    if (!fn.body || !ts.isBlock(fn.body) || !reqParam || !resParam || !ts.isIdentifier(reqParam.name) || !ts.isIdentifier(resParam.name)) {
      throw new CannotRewrite('the handler is not a function of (req, res) with a block body.', mount.call!, undefined, framework);
    }
    this.checkTransportOptions(transportOptions, framework);
    const factory = this.factoryOf(fn, first);
    const allowed = new Set([...BOILERPLATE_GLOBALS, ...registries.map((r) => r.name), ...this.sdkNames, ...factory.names, ...this.newedInEventStore(transportOptions)]);
    const kept = this.ownMethodBranches(fn, first, allowed);
    this.checkBoilerplate(fn, allowed, 'the MCP handler', kept);
    const mountCalls = mounts.map((m) => m.call!);
    const shutdownLoops = this.shutdownLoops(registries, [fn, ...mountCalls], allowed);
    if (this.options.target === 'stateless-v1') {
      // SDK 1.x: the handler and its mounts stay; its body becomes the own GET answers, 405 for other methods, then a server and transport per POST.
      this.statelessV1(fn, factory, first, transportOptions, new Set(), this.v1DispatcherPrelude(fn, kept));
      this.removeRegistries(registries);
      for (const loop of shutdownLoops) this.remove(loop);
      this.plan.notes!.push(`serving: ${this.relative()} — a handler mounted on ${mounts.map((m) => m.method.toUpperCase()).join('/')} ${mount.path} → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST; other methods answer 405${kept.length ? ' (its own GET answer first)' : ''} (SDK 1.x)`);
      return;
    }

    if (this.v1Idiom) return; // SDK 1.x's idiom already, in a file left on SDK 1.x: no v2 entry here (left-on-v1.ts)
    const declaration = statementOf(fn);
    const mountStatement = statementOf(mount.call!);
    const declIndent = indentAt(this.text, declaration.getStart(this.sf));
    const mountIndent = indentAt(this.text, mountStatement.getStart(this.sf));
    const u = this.unit;
    const options: string[] = [];
    if (this.options.modernOnly) options.push(`legacy: ${this.q('reject')}`);
    const json = transportOptions.enableJsonResponse;
    if (json && unwrap(json).kind === ts.SyntaxKind.TrueKeyword) options.push(`responseMode: ${this.q('json')}`);
    this.busOption(options);
    const onerror = this.errorLogging(fn, declIndent + u);
    if (onerror) options.push(`onerror: ${onerror}`);
    // The handler's own name is free once its declaration goes.
    const ownName = ts.isVariableDeclaration(outermostWrapper(fn).parent) ? ((outermostWrapper(fn).parent as ts.VariableDeclaration).name as ts.Identifier).text : fn.name?.getText(this.sf);
    const handlerName = ownName === 'mcpHandler' ? ownName : this.freshName('mcpHandler');
    const nodeHandlerName = this.freshName('mcpNodeHandler');
    const oneLine = `const ${handlerName} = createMcpHandler(${factory.expression}${options.length ? `, { ${options.join(', ')} }` : ''});`;
    const create = oneLine.length + declIndent.length <= 100 && !oneLine.includes('\n') ? oneLine : `const ${handlerName} = createMcpHandler(${factory.expression}, {\n${options.map((o) => `${declIndent}${u}${o},`).join('\n')}\n${declIndent}});`;
    const parsesBody = /\b(?:express|bodyParser)\.(?:json|urlencoded|text|raw)\(|['"]body-parser['"]/.test(this.text) || handsParsedBody(fn);
    this.edit(declaration.getStart(this.sf), declaration.end, parsesBody ? `${create}\n${declIndent}const ${nodeHandlerName} = toNodeHandler(${handlerName});` : create);
    const pathText = mount.call!.arguments[0]!.getText(this.sf);
    const params = fn.parameters.map((p) => p.getText(this.sf)).join(', ');
    const routes = kept.map((branchIf) => {
      const block = branchIf.thenStatement;
      const body = reindent(block.getText(this.sf), indentAt(this.text, branchIf.getStart(this.sf)), mountIndent);
      // The branch's own comments say what the route is for.
      const comments = (ts.getLeadingCommentRanges(this.text, branchIf.getFullStart()) ?? []).map((c) => `${reindent(this.text.slice(c.pos, c.end), indentAt(this.text, branchIf.getStart(this.sf)), mountIndent).trimStart()}\n${mountIndent}`);
      return `${comments.join('')}${receiver}.get(${[pathText, ...middleware].join(', ')}, ${isAsync(fn) ? 'async ' : ''}(${params}) => ${body.trimStart()});`;
    });
    // express.json() has consumed the body stream: hand the parsed body over.
    routes.push(`${receiver}.all(${[pathText, ...middleware].join(', ')}, ${parsesBody ? `(req, res) => ${nodeHandlerName}(req, res, req.body)` : `toNodeHandler(${handlerName})`});`);
    this.edit(mountStatement.getStart(this.sf), mountStatement.end, routes.join(`\n${mountIndent}`));
    for (const call of mountCalls.slice(1)) this.remove(statementOf(call));
    this.removeRegistries(registries);
    for (const loop of shutdownLoops) {
      const enclosing = enclosingFunction(loop);
      this.edit(loop.getStart(this.sf), loop.end, `${enclosing && isAsync(enclosing) ? 'await' : 'void'} ${handlerName}.close();`);
    }
    this.imports.add(SERVER_MODULE, 'createMcpHandler');
    this.imports.add(NODE_MODULE, 'toNodeHandler');
    const legacy = this.options.modernOnly ? 'modern-only (legacy: \'reject\')' : '2025-era clients still served statelessly';
    this.plan.notes!.push(`serving: ${this.relative()} — a handler mounted on ${mounts.map((m) => m.method.toUpperCase()).join('/')} ${mount.path} → createMcpHandler(${factory.expression}) on ${receiver}.all via toNodeHandler (${legacy})${kept.length ? `; its own GET answer kept as ${receiver}.get` : ''}`);
  }

  /** The start of a v1 dispatcher's body: its own GET answers (each ending in `return;`), then 405 for anything but POST. */
  private v1DispatcherPrelude(fn: ts.FunctionLikeDeclaration, kept: ts.IfStatement[]): string[] {
    const [reqParam, resParam] = fn.parameters;
    const req = (reqParam!.name as ts.Identifier).text;
    const res = (resParam!.name as ts.Identifier).text;
    const u = this.unit;
    const q = (t: string) => this.q(t);
    const lines: string[] = [];
    for (const branch of kept) {
      const block = branch.thenStatement as ts.Block;
      const from = indentAt(this.text, branch.getStart(this.sf));
      const last = block.statements[block.statements.length - 1];
      const text = reindent(branch.getText(this.sf), from, '').split('\n');
      // The branch fell through to the session checks before; now it would reach the 405.
      if (!last || !ts.isReturnStatement(last)) text.splice(text.length - 1, 0, `${u}return;`);
      lines.push(...(ts.getLeadingCommentRanges(this.text, branch.getFullStart()) ?? []).map((c) => this.text.slice(c.pos, c.end)), ...text);
    }
    lines.push(
      `if (${req}.method !== ${q('POST')}) {`,
      `${u}${res}.status(405).set(${q('Allow')}, ${q('POST')}).json({ jsonrpc: ${q('2.0')}, error: { code: -32000, message: ${q('Method not allowed.')} }, id: null });`,
      `${u}return;`,
      `}`,
    );
    return lines;
  }

  /**
   * The `if (req.method === 'GET') { … }` branches of a dispatcher that run the application's own logic
   * (anything but session plumbing) and can stand as a route of their own: the condition is the method test
   * alone, and the branch reads no local of the handler besides its parameters. Plumbing branches go; any
   * other branch with own logic cannot be rewritten.
   */
  private ownMethodBranches(fn: ts.FunctionLikeDeclaration, transport: ts.Node, allowed: Set<string>): ts.IfStatement[] {
    const kept: ts.IfStatement[] = [];
    const params = new Set(fn.parameters.flatMap((p) => declaredNamesOfBinding(p.name)));
    const locals = [...localNames(fn)].filter((n) => !params.has(n));
    forEachDescendant(fn, (node) => {
      if (!ts.isIfStatement(node) || enclosingFunction(node) !== fn || isInside(transport, node)) return;
      const route = routesOfCondition(node, this.values);
      if (!route) return;
      try {
        this.checkBoilerplate(node.thenStatement, allowed, `the ${route.method.toUpperCase()} branch`);
      } catch (error) {
        const alone = ts.isBinaryExpression(unwrap(node.expression)) && routesAt(unwrap(node.expression), this.values).length === 1;
        const free = [...freeNames(node.thenStatement).keys()];
        if (!(error instanceof CannotRewrite) || route.method !== 'get' || !alone || node.elseStatement || !ts.isBlock(node.thenStatement) || free.some((n) => locals.includes(n))) throw error;
        kept.push(node);
      }
    });
    return kept;
  }

  /**
   * Plain `node:http`: the transport is created in the `if (req.method === 'POST' …)` branch of a request
   * listener. That branch (and the GET/DELETE branches of the same listener) hand the request to
   * `toNodeHandler(createMcpHandler(factory))`; the listener's other routing stays as written.
   */
  private planNodeHttp(route: Route, transports: ts.NewExpression[]): void {
    const first = transports[0]!;
    const branch = route.handlers[0];
    if (!branch || !ts.isBlock(branch) || route.method !== 'post') throw new CannotRewrite('the transport is not created in the block of an `if (req.method === \'POST\')` branch.', first);
    if (transports.length > 1) throw new CannotRewrite('the branch creates more than one transport (custom routing around the transport): replace it by hand.', first);
    const listener = enclosingFunction(branch);
    const [reqParam, resParam] = listener?.parameters ?? [];
    if (!listener || !reqParam || !resParam || !ts.isIdentifier(reqParam.name) || !ts.isIdentifier(resParam.name)) throw new CannotRewrite('the request listener does not name its request and response parameters.', first);
    const req = reqParam.name.text;
    const res = resParam.name.text;
    const transportOptions = this.transportOptions(first);
    const sessionful = !!transportOptions.sessionIdGenerator && !this.values.isUndefinedValue(transportOptions.sessionIdGenerator);
    const registries = this.registriesOf([listener]);
    if (this.options.target === 'stateless-v1' && !sessionful && registries.length === 0) return;
    if (registries.length === 0 && ts.isFunctionDeclaration(listener) && this.planRoutingHelper(listener, branch, first, transportOptions)) return;
    const factory = this.factoryOf(branch, first);
    // A body read before the branch (the stream is consumed) is handed over; one read inside goes with the branch.
    let body: string | undefined;
    forEachDescendant(branch, (node) => {
      if (body !== undefined || !ts.isCallExpression(node) || calleeParts(node).name !== TRANSPORT_MEMBERS.requestMethod || node.arguments.length < 3) return;
      const arg = unwrap(node.arguments[2]!);
      const decl = ts.isIdentifier(arg) ? this.values.symbolOf(arg)?.valueDeclaration : undefined;
      body = decl && isInside(decl, branch) ? '' : node.arguments[2]!.getText(this.sf);
    });
    const bodyName = body && /^[A-Za-z_$][\w$]*$/.test(body) ? [body] : [];
    const allowed = new Set([...BOILERPLATE_GLOBALS, ...registries.map((r) => r.name), ...this.sdkNames, ...factory.names, req, res, ...bodyName, ...this.newedInEventStore(transportOptions)]);
    this.checkBoilerplate(branch, allowed, 'the MCP POST branch');
    const siblings = routesOf(this.sf, this.values).filter((r) => !r.call && r.framework === 'node-http' && (r.method === 'get' || r.method === 'delete') && r.handlers[0] && ts.isBlock(r.handlers[0]) && isInside(r.handlers[0], listener) && r.path === route.path);
    for (const sibling of siblings) this.checkBoilerplate(sibling.handlers[0]!, allowed, `the ${sibling.method.toUpperCase()} branch`);
    const blocks = [...new Set([branch, ...siblings.map((r) => r.handlers[0] as ts.Block)])];
    const shutdownLoops = this.shutdownLoops(registries, blocks, allowed);
    const u = this.unit;
    const blockIndent = (b: ts.Block) => indentAt(this.text, b.getStart(this.sf)).length >= indentAt(this.text, b.parent.getStart(this.sf)).length ? indentAt(this.text, b.parent.getStart(this.sf)) : indentAt(this.text, b.getStart(this.sf));
    const q = (t: string) => this.q(t);
    if (this.options.target === 'stateless-v1') {
      if (!isAsync(listener)) throw new CannotRewrite('the request listener is not async.', listener);
      const cls = first.expression.getText(this.sf);
      const json = transportOptions.enableJsonResponse ? `, enableJsonResponse: ${transportOptions.enableJsonResponse.getText(this.sf)}` : '';
      const base = blockIndent(branch);
      const lines = [...perRequestV1Lines({ factoryCall: factory.call, transportClass: cls, json, req, res, body, unit: u, q }), `return;`];
      this.edit(branch.getStart(this.sf), branch.end, `{\n${lines.map((l) => `${base}${u}${l}`).join('\n')}\n${base}}`);
      for (const b of blocks.slice(1)) {
        const bi = blockIndent(b);
        const answer = `${res}.writeHead(405, { Allow: ${q('POST')}, ${q('Content-Type')}: ${q('application/json')} }).end(JSON.stringify({ jsonrpc: ${q('2.0')}, error: { code: -32000, message: ${q('Method not allowed.')} }, id: null }));`;
        this.edit(b.getStart(this.sf), b.end, `{\n${bi}${u}${answer}\n${bi}${u}return;\n${bi}}`);
      }
      this.removeRegistries(registries);
      for (const loop of shutdownLoops) this.remove(loop);
      this.plan.notes!.push(`serving: ${this.relative()} — sessionful Streamable HTTP (node:http) → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST; GET/DELETE answer 405 (SDK 1.x)`);
      return;
    }
    if (this.v1Idiom) return; // SDK 1.x's idiom already, in a file left on SDK 1.x: no v2 entry here (left-on-v1.ts)
    const options: string[] = [];
    if (this.options.modernOnly) options.push(`legacy: ${q('reject')}`);
    const jsonMode = transportOptions.enableJsonResponse;
    if (jsonMode && unwrap(jsonMode).kind === ts.SyntaxKind.TrueKeyword) options.push(`responseMode: ${q('json')}`);
    this.busOption(options);
    const onerror = this.errorLogging(branch);
    if (onerror) options.push(`onerror: ${onerror}`);
    const handlerName = this.freshName('mcpHandler');
    const nodeHandlerName = this.freshName('mcpNodeHandler');
    const top = statementOf(listener);
    let topLevel: ts.Node = top;
    while (!ts.isSourceFile(topLevel.parent)) topLevel = statementOf(topLevel.parent);
    const indent = indentAt(this.text, topLevel.getStart(this.sf));
    const oneLine = `const ${handlerName} = createMcpHandler(${factory.expression}${options.length ? `, { ${options.join(', ')} }` : ''});`;
    const create = oneLine.length <= 100 ? oneLine : `const ${handlerName} = createMcpHandler(${factory.expression}, {\n${options.map((o) => `${indent}${u}${o},`).join('\n')}\n${indent}});`;
    const lineStart = this.text.lastIndexOf('\n', topLevel.getStart(this.sf) - 1) + 1;
    this.edits.push({ file: this.sf.fileName, start: lineStart, end: lineStart, text: `${indent}${create}\n${indent}const ${nodeHandlerName} = toNodeHandler(${handlerName});\n\n` });
    const call = `${isAsync(listener) ? 'await' : 'void'} ${nodeHandlerName}(${req}, ${res}${body ? `, ${body}` : ''});`;
    for (const b of blocks) {
      const bi = blockIndent(b);
      this.edit(b.getStart(this.sf), b.end, `{\n${bi}${u}${call}\n${bi}${u}return;\n${bi}}`);
    }
    this.removeRegistries(registries);
    for (const loop of shutdownLoops) {
      const fn = enclosingFunction(loop);
      this.edit(loop.getStart(this.sf), loop.end, `${fn && isAsync(fn) ? 'await' : 'void'} ${handlerName}.close();`);
    }
    this.imports.add(SERVER_MODULE, 'createMcpHandler');
    this.imports.add(NODE_MODULE, 'toNodeHandler');
    this.plan.notes!.push(`serving: ${this.relative()} — ${sessionful ? 'sessionful' : 'stateless-idiom'} Streamable HTTP (node:http) → the POST/GET/DELETE branches hand the request to toNodeHandler(createMcpHandler(${factory.expression}))${this.options.modernOnly ? ' (modern-only)' : ' (2025-era clients still served statelessly)'}`);
  }

  /**
   * A top-level routing helper `routeMcp(req, res, serverList, sessions)` that its one caller hands the session
   * map it owns (browserbase's shape): when the helper does nothing but route sessions, it goes; the map's
   * declaration becomes the stateless handler and the call hands the request to it. False when the helper
   * is not called that way (the generic node:http rewrite then applies).
   */
  private planRoutingHelper(helper: ts.FunctionDeclaration, branch: ts.Block, first: ts.NewExpression, transportOptions: Record<string, ts.Node>): boolean {
    if (!helper.name || !helper.body || !ts.isSourceFile(helper.parent) || ts.getModifiers(helper)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return false;
    const symbol = this.values.symbolOf(helper.name);
    const refs = referencesByName(this.sf, helper.name.text).filter((r) => r !== helper.name && this.values.symbolOf(r) === symbol);
    const call = refs.length === 1 && ts.isCallExpression(refs[0]!.parent) && refs[0]!.parent.expression === refs[0] ? refs[0]!.parent : undefined;
    if (!call || call.arguments.length !== helper.parameters.length || isInside(call, helper)) return false;
    // Parameter name → the caller's argument; the registry is a map the caller declares and hands only to this call.
    const argumentOf = new Map<string, ts.Expression>();
    let registry: RoutingHelperRegistry | undefined;
    for (const [i, param] of helper.parameters.entries()) {
      if (!ts.isIdentifier(param.name) || param.dotDotDotToken) return false;
      const arg = call.arguments[i]!;
      argumentOf.set(param.name.text, arg);
      if (i < 2 || !ts.isIdentifier(arg)) continue;
      const decl = this.values.symbolOf(arg)?.valueDeclaration;
      const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
      const fresh = init && ((ts.isNewExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'Map') || (ts.isObjectLiteralExpression(init) && init.properties.length === 0));
      const statement = decl && statementOf(decl);
      if (!fresh || !statement || !ts.isVariableStatement(statement) || statement.declarationList.declarations.length !== 1) continue;
      const uses = referencesByName(this.sf, arg.text).filter((r) => this.values.symbolOf(r)?.valueDeclaration === decl);
      if (uses.length !== 1 || uses[0] !== arg) continue;
      if (registry) return false;
      registry = { param: param.name.text, index: i, statement };
    }
    if (!registry) return false;
    const name = helper.name.text;
    this.checkTransportOptions(transportOptions, 'node-http');
    const factory = this.factoryOf(branch, first);
    const [req, res] = helper.parameters.map((p) => (p.name as ts.Identifier).text);
    // A body the caller read is passed on; one the helper reads itself is custom logic (the boilerplate check refuses it).
    let body: { inHelper: string; fromCaller: string } | undefined;
    forEachDescendant(helper.body, (node) => {
      if (!ts.isCallExpression(node) || calleeParts(node).name !== TRANSPORT_MEMBERS.requestMethod || node.arguments.length < 3) return;
      const arg = unwrap(node.arguments[2]!);
      const passed = ts.isIdentifier(arg) ? argumentOf.get(arg.text) : undefined;
      if (!passed) throw new CannotRewrite(`\`${name}()\` hands the transport a body it computes: pass the parsed body to the stateless handler by hand.`, node);
      body = { inHelper: (arg as ts.Identifier).text, fromCaller: passed.getText(this.sf) };
    });
    const allowed = new Set([...BOILERPLATE_GLOBALS, ...this.sdkNames, ...factory.names, req!, res!, registry.param]);
    this.checkBoilerplate(helper.body, allowed, `the session-routing helper \`${name}()\``);
    if (this.options.target === 'stateless-v1') {
      this.routingHelperV1(helper, call, registry, first, transportOptions, factory, body?.inHelper);
      return true;
    }
    const params = new Set(argumentOf.keys());
    const helperLocals = localNames(helper.body);
    for (const used of factory.names) {
      // The factory runs where the map was declared: a parameter it uses must be passed by the same name, declared before the map.
      if (helperLocals.has(used)) throw new CannotRewrite(`the server factory uses \`${used}\`, which \`${name}()\` computes: build it once outside the helper.`, first, RULE_ID.perSessionServer);
      if (!params.has(used)) continue;
      const arg = unwrap(argumentOf.get(used)!);
      const decl = ts.isIdentifier(arg) && arg.text === used ? this.values.symbolOf(arg)?.valueDeclaration : undefined;
      if (!decl || (!ts.isParameter(decl) && decl.end > registry.statement.getStart(this.sf))) {
        throw new CannotRewrite(`the server factory uses the parameter \`${used}\` of \`${name}()\`, which its caller passes as \`${arg.getText(this.sf)}\`: pass a value declared before \`${registry.param}\` under the same name.`, call, RULE_ID.perSessionServer);
      }
    }

    if (this.v1Idiom) return false; // the generic node:http path decides (left-on-v1.ts)
    const options: string[] = [];
    if (this.options.modernOnly) options.push(`legacy: ${this.q('reject')}`);
    const jsonMode = transportOptions.enableJsonResponse;
    if (jsonMode && unwrap(jsonMode).kind === ts.SyntaxKind.TrueKeyword) options.push(`responseMode: ${this.q('json')}`);
    this.busOption(options);
    const handlerName = this.freshName('mcpHandler');
    const nodeHandlerName = this.freshName('mcpNodeHandler');
    const indent = indentAt(this.text, registry.statement.getStart(this.sf));
    const range = removalRange(this.sf, registry.statement, true, false);
    const create = `const ${handlerName} = createMcpHandler(${factory.expression}${options.length ? `, { ${options.join(', ')} }` : ''});`;
    this.edit(range.start, range.end, `${indent}${create}\n${indent}const ${nodeHandlerName} = toNodeHandler(${handlerName});\n`);
    const [reqArg, resArg] = call.arguments.map((a) => a.getText(this.sf));
    this.edit(call.getStart(this.sf), call.end, `${nodeHandlerName}(${reqArg}, ${resArg}${body ? `, ${body.fromCaller}` : ''})`);
    this.remove(helper);
    this.imports.add(SERVER_MODULE, 'createMcpHandler');
    this.imports.add(NODE_MODULE, 'toNodeHandler');
    this.plan.notes!.push(`serving: ${this.relative()} — the session-routing helper ${name}() and the session map its caller kept → toNodeHandler(createMcpHandler(${factory.expression}))${this.options.modernOnly ? ' (modern-only)' : ' (2025-era clients still served statelessly)'}`);
    return true;
  }

  /**
   * The routing helper on --target stateless-v1 (SDK 1.x): its body answers 405 to anything but POST, then serves the
   * POST with a new server and a `sessionIdGenerator: undefined` transport; the map, its parameter and its argument go.
   */
  private routingHelperV1(helper: ts.FunctionDeclaration, call: ts.CallExpression, registry: RoutingHelperRegistry, first: ts.NewExpression, transportOptions: Record<string, ts.Node>, factory: Factory, body: string | undefined): void {
    const [req, res] = helper.parameters.map((p) => (p.name as ts.Identifier).text);
    if (helper.parameters.some((p) => ['server', 'transport'].includes((p.name as ts.Identifier).text))) {
      throw new CannotRewrite('the helper has a parameter named `server` or `transport`, the names the per-POST code uses: rename it, then re-run.', helper);
    }
    if (factory.call.startsWith('await ') && !isAsync(helper)) throw new CannotRewrite('the helper is not async, and its server factory is awaited.', helper);
    const u = this.unit;
    const q = (t: string) => this.q(t);
    const base = indentAt(this.text, helper.getStart(this.sf));
    const json = transportOptions.enableJsonResponse ? `, enableJsonResponse: ${transportOptions.enableJsonResponse.getText(this.sf)}` : '';
    const lines = [
      `if (${req}.method !== ${q('POST')}) {`,
      `${u}${res}.writeHead(405, { Allow: ${q('POST')}, ${q('Content-Type')}: ${q('application/json')} }).end(JSON.stringify({ jsonrpc: ${q('2.0')}, error: { code: -32000, message: ${q('Method not allowed.')} }, id: null }));`,
      `${u}return;`,
      `}`,
      ...perRequestV1Lines({ factoryCall: factory.call, transportClass: first.expression.getText(this.sf), json, req, res, body, unit: u, q }),
    ];
    this.edit(helper.body!.getStart(this.sf), helper.body!.end, `{\n${lines.map((l) => `${base}${u}${l}`).join('\n')}\n${base}}`);
    // The map's parameter and the argument passing it: with the separator before it when last, after it otherwise.
    const cut = (list: readonly ts.Node[], i: number) => (i === list.length - 1 ? { start: list[i - 1]!.end, end: list[i]!.end } : { start: list[i]!.getStart(this.sf), end: list[i + 1]!.getStart(this.sf) });
    for (const range of [cut(helper.parameters, registry.index), cut(call.arguments, registry.index)]) this.edit(range.start, range.end, '');
    this.remove(registry.statement);
    this.plan.notes!.push(`serving: ${this.relative()} — the session-routing helper ${helper.name!.text}() → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST, 405 for other methods; the session map its caller kept goes (SDK 1.x)`);
  }

  /** One `sessionIdGenerator: undefined` transport whose function keeps no registry: the v1 stateless idiom. */
  private isStatelessIdiom(transports: readonly ts.NewExpression[]): boolean {
    const fn = enclosingFunction(transports[0]!);
    if (transports.length !== 1 || !fn) return false;
    try {
      const generator = this.transportOptions(transports[0]!).sessionIdGenerator;
      return !!generator && this.values.isUndefinedValue(generator) && this.registriesOf([fn]).length === 0;
    } catch (error) {
      if (error instanceof CannotRewrite) return false;
      throw error;
    }
  }

  private isDeclarationOf(statement: ts.Node, arg: ts.Node): boolean {
    const inner = unwrap(arg);
    if (!ts.isIdentifier(inner)) return false;
    const decl = this.values.symbolOf(inner)?.valueDeclaration;
    return !!decl && isInside(decl, statement);
  }

  /**
   * Why a transport outside any recognised route is left to a person, naming where it is made: a helper
   * (`createSession()`) or a class method is called from the routing code the entry replaces as a whole.
   * A web-standard transport is served through `handler.fetch`.
   */
  /**
   * A gateway endpoint (each session owns an upstream: gateway.ts) is not rewritten: one marker at its transport,
   * naming the upstream and what goes with the sessions (the registries, the GET/DELETE session routes).
   */
  private refuseGateway(transport: ts.NewExpression): void {
    const scope = enclosingFunction(transport);
    if (!scope?.body) return;
    let minted: ts.Node | undefined;
    try {
      const generator = this.transportOptions(transport).sessionIdGenerator;
      const fn = generator && unwrap(generator);
      if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) minted = fn.body;
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
    }
    const gateway = perSessionUpstream(this.result, this.sf, transport, scope.body, minted);
    if (!gateway) return;
    const route = enclosingRoute(transport, this.values);
    const sessionRoutes = route?.path ? routesOf(this.sf, this.values).filter((r) => r.call && r.path === route.path && (r.method === 'get' || r.method === 'delete')) : [];
    const methods = [...new Set(sessionRoutes.map((r) => r.method.toUpperCase()))];
    const leaving = [
      ...registriesUsedIn(this.result, this.sf, [scope]).map((r) => `the registry \`${r.name}\``),
      ...(methods.length ? [`the ${methods.join(' and ')} ${route!.path} session route${sessionRoutes.length > 1 ? 's' : ''}`] : []),
    ];
    const list = andList(leaving);
    const refusal = gatewayRefusal(this.result, gateway, transport, this.options.target, list ? list.charAt(0).toUpperCase() + list.slice(1) : '');
    if (refusal.note) this.plan.notes!.push(refusal.note);
    throw new AdvisedRefusal(refusal.message, refusal.node, refusal.ruleId, route?.framework);
  }

  private unrecognisedPlace(transport: ts.NewExpression, refusal?: string): CannotRewrite {
    const framework: RouteFramework | undefined = this.result.analysis.sdk.exportOf(transport.expression)?.name.startsWith('WebStandard') ? 'web' : undefined;
    const fn = enclosingFunction(transport);
    const holder = fn && (ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) ? fn.name : ts.isVariableDeclaration(outermostWrapper(fn).parent) ? (outermostWrapper(fn).parent as ts.VariableDeclaration).name : undefined);
    const relay = transportRelay(this.result, transport);
    if (holder && ts.isIdentifier(holder)) {
      const symbol = this.values.symbolOf(holder);
      const calls = referencesByName(this.sf, holder.text).filter((r) => r !== holder && this.values.symbolOf(r) === symbol);
      const kind = ts.isMethodDeclaration(fn!) ? 'method' : 'helper';
      // Callers by name: a line number would be off by the marker's own line.
      const callers = [...new Set(calls.map((c) => functionName(enclosingFunction(c))).filter((n): n is string => !!n))];
      const where = callers.length ? ` (called from ${callers.map((n) => `\`${n}()\``).join(', ')})` : '';
      const timers = this.registryTimers();
      const expiry = timers.length ? ` The registry's idle expiry (${timers.join(', ')}) goes with the sessions: remove it, there is nothing left to expire.` : '';
      if (relay) return this.relayRefusal(transport, relay, `the ${kind} \`${holder.text}()\`${where}`, framework);
      const why = refusal ? ` It is not rewritten: ${refusal}` : '';
      const resumed = sessionResumption(this.result, transport, fn!, `the ${kind} \`${holder.text}()\``);
      return new CannotRewrite(`the transport is created in the ${kind} \`${holder.text}()\`${where}, not in a route handler: replace the helper, the session registry and the routing that calls it with one stateless endpoint by hand.${why}${resumed ? ` ${resumed}` : ''}${expiry}`, transport, undefined, framework);
    }
    if (relay) return this.relayRefusal(transport, relay, 'this code', framework);
    return new CannotRewrite('the transport is not created in a route handler mcp-migrate recognises: replace the transport, its registry and the session routing by hand.', transport, undefined, framework);
  }

  /** A relayed session (relay.ts): what the relay is for, and what goes with it once each request builds its own server. */
  private relayRefusal(transport: ts.NewExpression, relay: TransportRelay, where: string, framework?: RouteFramework): CannotRewrite {
    const classes = relay.serverTransports.map((c) => `\`${c}\``).join(', ');
    return new CannotRewrite(
      `the transport made in ${where} is relayed by \`${relay.relay}()\` to a server connected to ${classes} (a transport of this project), so that any instance can serve a session. Each request now builds its own server where it lands: the relay, ${classes} and the per-session bookkeeping around them (ownership, shutdown, resumption) go with the sessions; keep authentication in front of the endpoint and shared storage only for state that must outlive a request. Not rewritten: the relay spans the code that starts and resumes sessions.`,
      transport,
      undefined,
      framework,
    );
  }

  /** The `setInterval`/`setTimeout` calls whose callback reads a session registry of this file (idle reapers), by the name they are kept in. */
  private registryTimers(): string[] {
    const registries = [...this.result.analysis.sessions.stores.values()].filter((s) => (s.kind === 'transport' || s.kind === 'server') && s.declaration?.getSourceFile() === this.sf);
    const lines: string[] = [];
    forEachDescendant(this.sf, (node) => {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || !['setInterval', 'setTimeout'].includes(node.expression.text)) return;
      const callback = node.arguments[0] && unwrap(node.arguments[0]);
      if (!callback || !isFunctionLike(callback)) return;
      const reads = registries.some((r) => referencesByName(callback, r.name).some((ref) => this.values.symbolOf(ref)?.valueDeclaration === r.declaration));
      const holder = outermostWrapper(node).parent;
      if (reads) lines.push(ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? `\`${holder.name.text}\`` : `\`${node.expression.text}(…)\``);
    });
    return lines;
  }

  /** Transport options the stateless entry has no place for. */
  private checkTransportOptions(transportOptions: Record<string, ts.Node>, framework: RouteFramework): void {
    for (const key of Object.keys(transportOptions)) {
      if (TRANSPORT_MEMBERS.dnsRebindingOptions.includes(key)) {
        throw new CannotRewrite(`\`${key}\` (DNS-rebinding protection) ${this.options.target === 'stateless-v1' ? 'is kept on a per-POST transport: pass the same option to it' : 'has no createMcpHandler option: mount `hostHeaderValidation`/`originValidation` from @modelcontextprotocol/express in front of the handler'}.`, transportOptions[key]!, undefined, framework);
      }
    }
  }

  /** The options object of a transport construction, by property name. */
  private transportOptions(created: ts.NewExpression): Record<string, ts.Node> {
    const out: Record<string, ts.Node> = {};
    const arg = created.arguments?.[0];
    if (!arg) return out;
    const object = unwrap(arg);
    if (!ts.isObjectLiteralExpression(object)) throw new CannotRewrite('the transport options are not written in place.', created);
    for (const prop of object.properties) {
      const name = propertyNameText(prop.name);
      if (!name) throw new CannotRewrite('the transport options are computed (spread or computed keys).', prop);
      out[name] = ts.isPropertyAssignment(prop) ? prop.initializer : prop;
    }
    return out;
  }

  /** Classes constructed for `eventStore` (their use is SDK plumbing that goes away). */
  private newedInEventStore(options: Record<string, ts.Node>): string[] {
    const out: string[] = [];
    const node = options.eventStore;
    if (!node) return out;
    const visit = (n: ts.Node): void => {
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression)) out.push(n.expression.text);
      if (ts.isIdentifier(n)) {
        const decl = this.values.symbolOf(n)?.valueDeclaration;
        if (decl && ts.isVariableDeclaration(decl) && decl.initializer) visit(decl.initializer);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return out;
  }

  /** The factory the route builds its server with: `f().connect(t)` or `const server = f(); server.connect(t)`. */
  private factoryOf(handler: ts.Node, transport: ts.NewExpression): Factory {
    let connect: ts.CallExpression | undefined;
    // The name the transport is bound to (`const transport = new …` or `transport = new …`).
    const holder = transport.parent;
    const bound = holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : holder && ts.isBinaryExpression(holder) && ts.isIdentifier(holder.left) ? holder.left.text : undefined;
    forEachDescendant(handler, (node) => {
      if (!connect && ts.isCallExpression(node) && calleeParts(node).name === CONNECT_METHOD && node.arguments.length === 1) {
        const arg = unwrap(node.arguments[0]!);
        const value = this.values.valueOf(arg);
        if (value?.kind === 'transport' || arg === transport || (bound && ts.isIdentifier(arg) && arg.text === bound)) connect = node;
      }
    });
    if (!connect) {
      const isTransport = (arg: ts.Node): boolean => arg === transport || (!!bound && ts.isIdentifier(arg) && arg.text === bound) || this.values.valueOf(arg)?.kind === 'transport';
      const helper = helperConnection(handler, isTransport, this.values);
      if (helper) {
        const helperFile = helper.fn.getSourceFile();
        const helperLine = helperFile.getLineAndCharacterOfPosition(helper.fn.getStart(helperFile)).line + 1;
        const where = helperFile === this.sf ? `line ${helperLine}` : `${path.relative(path.dirname(this.sf.fileName), helperFile.fileName)}:${helperLine}`;
        throw new CannotRewrite(helperConnectionReason(helper, where), transport);
      }
      throw new CannotRewrite('no `server.connect(transport)` in the route: the server the transport serves is not found.', transport);
    }
    const receiver = unwrap(calleeParts(connect).receiver!);
    return this.factoryName(receiver, handler, connect, 'http');
  }

  /**
   * The factory `receiver` (the connected server) was built with. `scope` is where one server is built:
   * the route handler (once per request or session) or the function around a stdio `connect`.
   */
  private factoryName(receiver: ts.Node, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio'): Factory {
    let init: ts.Node = receiver;
    if (ts.isIdentifier(receiver)) {
      const decl = this.values.symbolOf(receiver)?.valueDeclaration;
      const split = decl && ts.isBindingElement(decl) && this.splits.some((s) => s.serverBindings.has(decl)) ? decl : undefined;
      if (split) {
        // `const { server, cleanup } = createServer()` of a factory being split: the server is `createServer()`.
        const holder = split.parent.parent as ts.VariableDeclaration;
        if (!isInside(holder, scope)) throw new CannotRewrite('the server is not built in the route by a factory function: extract its construction into `function buildServer() { … return server; }`.', at, RULE_ID.perSessionServer);
        init = unwrap(holder.initializer!);
      } else if (decl && ts.isBindingElement(decl)) {
        throw new CannotRewrite('the server factory returns more than the server (`const { server, … } = createServer()`): make the factory return the server (cleanup in `server.server.onclose`), then re-run (the factory is called once per request on HTTP, once per connection on stdio).', at, RULE_ID.perSessionServer);
      } else if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !isInside(decl, scope)) {
        throw new CannotRewrite('the server is not built in the route by a factory function: extract its construction into `function buildServer() { … return server; }`.', at, RULE_ID.perSessionServer);
      } else init = unwrap(decl.initializer);
    }
    if (ts.isCallExpression(init) && ts.isPropertyAccessExpression(init.expression)) return this.methodFactory(init, scope, at, kind, receiver);
    if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) {
      const where = kind === 'http' ? 'inline in the route' : 'in place';
      throw new CannotRewrite(`the server is built ${where}: extract its construction into \`function buildServer() { … return server; }\`.`, at, RULE_ID.perSessionServer);
    }
    const fnDecl = this.values.symbolOf(init.expression)?.valueDeclaration;
    // On HTTP the route runs per request: a factory declared in it is not one the handler can be given. stdio serves in place.
    if (kind === 'http' && fnDecl && isInside(fnDecl, scope)) {
      // `const createServer = SERVERS[req.params.slug]`: a factory looked up per request in a table of factories.
      const picked = ts.isVariableDeclaration(fnDecl) && fnDecl.initializer ? unwrap(fnDecl.initializer) : undefined;
      if (picked && ts.isElementAccessExpression(picked) && this.options.target !== 'stateless-v1') {
        const table = picked.expression.getText(this.sf);
        throw new CannotRewrite(`the server factory is picked per request (\`${init.expression.text} = ${picked.getText(this.sf)}\`), and \`createMcpHandler\` takes one factory, built once: make one handler per entry of \`${table}\` outside the route (or one handler whose factory reads the key from the request it is given, \`ctx.requestInfo\`) and hand each request to it; the route's own answers (an unknown key) stay.`, at, RULE_ID.sessionIdGenerator);
      }
      throw new CannotRewrite('the server factory is declared inside the route.', at, RULE_ID.perSessionServer);
    }
    const name = init.expression.text;
    // An async factory stays awaited where one server is built (the entries take a factory returning a promise).
    const awaited = ts.isIdentifier(receiver) ? this.isAwaited(receiver) : false;
    const build = (call: string) => `${awaited ? 'await ' : ''}${call}`;
    if (init.arguments.length === 0) return { expression: name, call: build(`${name}()`), names: [name] };
    const argNames = this.factoryArgumentNames(init, scope, kind);
    if (!argNames) {
      const where = kind === 'http' ? 'in the route (per request or session)' : 'where the server is built';
      throw new CannotRewrite(`the server factory \`${name}\` is called with arguments computed ${where}: compute them once into constants${kind === 'http' ? ' outside the route' : ''}, so that the factory is a closure over them.`, at, RULE_ID.perSessionServer, undefined, `() => ${init.getText(this.sf)}`);
    }
    // Arguments built once (a shared store, a config object) are passed on by a closure the entry calls per request/connection.
    return { expression: `() => ${init.getText(this.sf)}`, call: build(init.getText(this.sf)), names: [name, ...argNames] };
  }

  /**
   * A server built by a method of an object (`await serverList.create()`, `deps.servers.build(config)`): the
   * entry gets a closure calling that method. The object must be a (dotted) name the entry can reach: on HTTP
   * one declared outside the route (shared by every request, as it was by every session); on stdio any.
   */
  private methodFactory(init: ts.CallExpression, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio', receiver: ts.Node): Factory {
    let root: ts.Node = unwrap((init.expression as ts.PropertyAccessExpression).expression);
    while (ts.isPropertyAccessExpression(root)) root = unwrap(root.expression);
    const rootDecl = ts.isIdentifier(root) ? this.values.symbolOf(root)?.valueDeclaration : undefined;
    const text = init.getText(this.sf);
    // `this.createServer()` in a handler method: a method of the class the entry is mounted in (a closure keeps `this`).
    const ownMember = root.kind === ts.SyntaxKind.ThisKeyword && kind === 'http' && isFunctionLike(scope) && memberOfFunction(scope) ? thisMemberName(rootAccess(init)) : undefined;
    if (ownMember) {
      const argNames = init.arguments.length === 0 ? [] : this.factoryArgumentNames(init, scope, kind);
      if (!argNames) throw new CannotRewrite(`the server factory \`${text}\` is called with arguments computed in the route (per request or session): compute them once into fields, so that the factory is a closure over them.`, at, RULE_ID.perSessionServer, undefined, `() => ${text}`);
      const awaited = ts.isIdentifier(receiver) ? this.isAwaited(receiver) : false;
      return { expression: `() => ${text}`, call: `${awaited ? 'await ' : ''}${text}`, names: [ownMember, ...argNames] };
    }
    if (!rootDecl || (kind === 'http' && isInside(rootDecl, scope))) {
      const where = kind === 'http' ? 'an object the route builds' : 'an object mcp-migrate cannot follow';
      throw new CannotRewrite(`the server is built by a method of ${where} (\`${text}\`): build that object once outside the route, so that the factory is a closure over it.`, at, RULE_ID.perSessionServer, undefined, `() => ${text}`);
    }
    const argNames = init.arguments.length === 0 ? [] : this.factoryArgumentNames(init, scope, kind);
    if (!argNames) {
      const where = kind === 'http' ? 'in the route (per request or session)' : 'where the server is built';
      throw new CannotRewrite(`the server factory \`${text}\` is called with arguments computed ${where}: compute them once into constants${kind === 'http' ? ' outside the route' : ''}, so that the factory is a closure over them.`, at, RULE_ID.perSessionServer, undefined, `() => ${text}`);
    }
    const awaited = ts.isIdentifier(receiver) ? this.isAwaited(receiver) : false;
    return { expression: `() => ${text}`, call: `${awaited ? 'await ' : ''}${text}`, names: [(root as ts.Identifier).text, ...argNames] };
  }

  /** Whether the server `id` names was declared as `const server = await factory(…)`. */
  private isAwaited(id: ts.Identifier): boolean {
    const decl = this.values.symbolOf(id)?.valueDeclaration;
    let init = decl && ts.isVariableDeclaration(decl) ? decl.initializer : undefined;
    while (init && ts.isParenthesizedExpression(init)) init = init.expression;
    return !!init && ts.isAwaitExpression(init);
  }

  /**
   * The names `init`'s arguments use, when they may be evaluated where the entry builds a server. On stdio any
   * argument without `await` (one connection per process: evaluated once, as before). On HTTP each must be a
   * literal or a (dotted) name declared outside the route (shared by every request, as it was by every
   * session); a call or `new` would run once per request: undefined.
   */
  private factoryArgumentNames(init: ts.CallExpression, scope: ts.Node, kind: 'http' | 'stdio'): string[] | undefined {
    const names: string[] = [];
    if (kind === 'stdio') {
      let awaits = false;
      forEachDescendant(init, (node) => {
        if (ts.isAwaitExpression(node)) awaits = true;
      });
      return awaits ? undefined : [...freeNames(init).keys()];
    }
    for (const arg of init.arguments) {
      let root: ts.Node = unwrap(arg);
      if (ts.isStringLiteralLike(root) || ts.isNumericLiteral(root) || root.kind === ts.SyntaxKind.TrueKeyword || root.kind === ts.SyntaxKind.FalseKeyword) continue;
      while (ts.isPropertyAccessExpression(root)) root = unwrap(root.expression);
      if (!ts.isIdentifier(root)) return undefined;
      const decl = this.values.symbolOf(root)?.valueDeclaration;
      if (!decl || (kind === 'http' && isInside(decl, scope))) return undefined;
      names.push(root.text);
    }
    return names;
  }

  /** Code that only does session plumbing: every name it uses is a global, the SDK, a registry, the factory, or its own. */
  private checkBoilerplate(root: ts.Node, allowed: Set<string>, where: string, skip: readonly ts.Node[] = []): void {
    // `this.x` of a class: its registry field, its factory method and logging are plumbing; any other member is the class's own logic.
    const own = customMemberUse(root, allowed, [...skip, ...this.registryAccesses]);
    const ownCallback = own && lifecycleCallback(own, root);
    if (own && ownCallback) {
      throw new CannotRewrite(`custom session-lifecycle work in \`${ownCallback}\` (uses \`${own.getText(this.sf)}\`): there are no sessions to open or close on 2026-07-28. Move setup into the server factory and cleanup into handle expiry.`, own, RULE_ID.sessionLifecycle);
    }
    if (own) throw new CannotRewrite(`custom logic in ${where} (uses \`${own.getText(this.sf)}\`, line ${this.line(own)}): not rewritten automatically. Keep that logic in middleware.`, own, RULE_ID.transportRegistry);
    const loggers = loggerNames(root);
    for (const [name, id] of freeNames(root, [...skip, ...this.registryAccesses])) {
      // SDK names however they are imported (a package, a vendored or relative SDK) are plumbing too.
      if (allowed.has(name) || loggers.has(name) || localNames(root).has(name) || this.result.analysis.sdk.exportOf(id)) continue;
      const callback = lifecycleCallback(id, root);
      if (callback) {
        throw new CannotRewrite(`custom session-lifecycle work in \`${callback}\` (uses \`${name}\`): there are no sessions to open or close on 2026-07-28. Move setup into the server factory and cleanup into handle expiry.`, id, RULE_ID.sessionLifecycle);
      }
      if (name === 'res' || name === 'req') continue;
      throw new CannotRewrite(`custom logic in ${where} (uses \`${name}\`, line ${this.line(id)}): not rewritten automatically. Keep that logic in middleware.`, id, RULE_ID.transportRegistry);
    }
  }

  /** Whether every reference of `id`'s binding (besides its declaration) is inside `roots`. */
  private onlyUsedBy(id: ts.Identifier, roots: ts.Node[]): boolean {
    const decl = this.values.symbolOf(id)?.valueDeclaration;
    if (!decl) return false;
    return referencesByName(this.sf, id.text)
      .filter((r) => this.values.symbolOf(r)?.valueDeclaration === decl)
      .every((r) => roots.some((root) => isInside(r, root)));
  }

  private freshName(base: string): string {
    const taken = localNames(this.sf);
    if (!taken.has(base)) return base;
    for (let i = 2; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
  }

  // ---- --target stateless-v1 -------------------------------------------------------------------

  /** `prelude`: lines (indented relative to the body) the new body starts with, ahead of the per-POST idiom. */
  private statelessV1(handler: ts.FunctionLikeDeclaration, factory: Factory, transport: ts.NewExpression, options: Record<string, ts.Node>, siblings: Set<ts.CallExpression>, prelude: string[] = []): void {
    if (!isAsync(handler)) throw new CannotRewrite('the POST handler is not async.', handler);
    const [reqParam, resParam] = handler.parameters;
    if (!reqParam || !resParam || !ts.isIdentifier(reqParam.name) || !ts.isIdentifier(resParam.name)) throw new CannotRewrite('the POST handler does not name its request and response parameters.', handler);
    const req = reqParam.name.text;
    const res = resParam.name.text;
    let passesBody = false;
    forEachDescendant(handler, (node) => {
      if (ts.isCallExpression(node) && calleeParts(node).name === TRANSPORT_MEMBERS.requestMethod && node.arguments.length >= 3) passesBody = true;
    });
    const cls = transport.expression.getText(this.sf);
    const json = options.enableJsonResponse ? `, enableJsonResponse: ${options.enableJsonResponse.getText(this.sf)}` : '';
    const body = handler.body as ts.Block;
    const base = indentAt(this.text, handler.getStart(this.sf)).length <= indentAt(this.text, statementOf(handler).getStart(this.sf)).length ? indentAt(this.text, statementOf(handler).getStart(this.sf)) : indentAt(this.text, handler.getStart(this.sf));
    const u = this.unit;
    const q = (s: string) => this.q(s);
    const lines = [
      ...prelude,
      `const server = ${factory.call};`,
      `const transport = new ${cls}({ sessionIdGenerator: undefined${json} });`,
      `${res}.on(${q('close')}, () => {`,
      `${u}void transport.close();`,
      `${u}void server.close();`,
      `});`,
      `try {`,
      `${u}await server.connect(transport);`,
      `${u}await transport.handleRequest(${req}, ${res}${passesBody ? `, ${req}.body` : ''});`,
      `} catch (error) {`,
      // The route's own error logging stays (with the caught error named `error`); console.error otherwise.
      `${u}${this.errorLogging(handler, `${base}${u}${u}`)?.replace(/^\(error\) => /, '') ?? `console.error(${q('Error handling MCP request:')}, error)`};`,
      `${u}if (!${res}.headersSent) {`,
      `${u}${u}${res}.status(500).json({ jsonrpc: ${q('2.0')}, error: { code: -32603, message: ${q('Internal server error')} }, id: null });`,
      `${u}}`,
      `}`,
    ];
    this.edit(body.getStart(this.sf), body.end, `{\n${lines.map((l) => (l ? `${base}${u}${l}` : '')).join('\n')}\n${base}}`);
    for (const call of siblings) {
      const arg = unwrap(call.arguments[call.arguments.length - 1]!);
      if (isFunctionLike(arg)) this.replaceWith405(arg);
    }
  }

  private methodNotAllowedBody(fn: ts.FunctionLikeDeclaration, base: string): string {
    const resParam = fn.parameters[1];
    if (!resParam || !ts.isIdentifier(resParam.name)) throw new CannotRewrite('the GET/DELETE handler does not name its response parameter.', fn);
    const res = resParam.name.text;
    const q = (s: string) => this.q(s);
    const line = `${res}.status(405).set(${q('Allow')}, ${q('POST')}).json({ jsonrpc: ${q('2.0')}, error: { code: -32000, message: ${q('Method not allowed.')} }, id: null });`;
    return `{\n${base}${this.unit}${line}\n${base}}`;
  }

  private replaceWith405(fn: ts.FunctionLikeDeclaration): void {
    if (!fn.body) throw new CannotRewrite('the GET/DELETE handler has no body.', fn);
    const base = indentAt(this.text, statementOf(fn).getStart(this.sf));
    const body = this.methodNotAllowedBody(fn, base);
    this.edit(fn.body.getStart(this.sf), fn.body.end, body);
    // `async` is no longer needed, but harmless: keep the signature as written.
  }

  private replaceWith405Declaration(statement: ts.Node): void {
    let fn: ts.FunctionLikeDeclaration | undefined;
    if (ts.isFunctionDeclaration(statement)) fn = statement;
    else if (ts.isVariableStatement(statement)) {
      const init = statement.declarationList.declarations[0]?.initializer;
      if (init && isFunctionLike(unwrap(init))) fn = unwrap(init) as ts.FunctionLikeDeclaration;
    }
    if (!fn) throw new CannotRewrite('the GET/DELETE handler is not a function declared in place.', statement);
    this.replaceWith405(fn);
  }

  // ---- stdio ----------------------------------------------------------------------------------

  private planStdio(created: ts.NewExpression): void {
    const relay = stdioRelayNote(this.result, this.sf, created);
    if (relay) {
      this.plan.notes!.push(relay);
      throw new AdvisedRefusal('', created);
    }
    let transportStatement: ts.Node | undefined;
    let connect: ts.CallExpression | undefined;
    const parent = unwrap(created).parent;
    if (parent && ts.isCallExpression(parent) && calleeParts(parent).name === CONNECT_METHOD && parent.arguments[0] === created) connect = parent;
    else if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
      const refs = referencesByName(this.sf, parent.name.text).filter((r) => this.values.symbolOf(r)?.valueDeclaration === parent);
      const only = refs.length === 1 ? refs[0]!.parent : undefined;
      if (only && ts.isCallExpression(only) && calleeParts(only).name === CONNECT_METHOD) connect = only;
      transportStatement = statementOf(parent);
      if (!ts.isVariableStatement(transportStatement) || transportStatement.declarationList.declarations.length !== 1) connect = undefined;
    }
    if (!connect && this.planStdioHelper(created, transportStatement)) return;
    const fieldConnect = connect ? undefined : fieldTransportConnect(created);
    const kept = fieldConnect && builtElsewhereReason(unwrap(calleeParts(fieldConnect).receiver!), this.values, (fn) => functionLabel(fn, this.sf));
    if (kept) throw new CannotRewrite(`the stdio transport is kept in a field and connected to a server that ${kept.replace(/^the server /, '')}`, created, RULE_ID.perSessionServer);
    if (!connect) throw new CannotRewrite('the stdio transport is used beyond `server.connect(transport)`.', created, RULE_ID.perSessionServer);
    const connectStatement = statementOf(connect);
    if (!ts.isExpressionStatement(connectStatement) || unwrap(connectStatement.expression) !== connect) {
      throw new CannotRewrite('the result of `server.connect(…)` is used: use the handle serveStdio returns instead (it has `close()`).', connect, RULE_ID.perSessionServer);
    }
    const receiver = unwrap(calleeParts(connect).receiver!);
    const options: string[] = [];
    if (this.options.modernOnly) options.push(`legacy: ${this.q('reject')}`);
    if (created.arguments && created.arguments.length > 0) options.push(`transport: ${created.getText(this.sf)}`);
    let factory: string;
    let serverStatement: ts.Node | undefined;
    let closes: Array<{ ref: ts.Identifier; name: string }> = [];
    const decl = ts.isIdentifier(receiver) ? this.values.symbolOf(receiver)?.valueDeclaration : undefined;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isNewExpression(unwrap(decl.initializer))) {
      factory = this.extractFactory(decl, connectStatement);
    } else {
      const scope = enclosingFunction(connect) ?? this.sf;
      const elsewhere = builtElsewhereReason(receiver, this.values, (fn) => functionLabel(fn, this.sf));
      if (elsewhere) throw new CannotRewrite(elsewhere, connect, RULE_ID.perSessionServer);
      factory = this.factoryName(receiver, scope, connect, 'stdio').expression;
      if (ts.isIdentifier(receiver)) {
        serverStatement = statementOf(this.values.symbolOf(receiver)!.valueDeclaration!);
        const others = referencesByName(this.sf, receiver.text).filter((r) => this.values.symbolOf(r)?.valueDeclaration === decl && !isInside(r, connectStatement) && !isInside(r, serverStatement!));
        // `server.close()` on shutdown becomes the serving handle's `close()`; any other use needs a person.
        const other = others.find((r) => !(ts.isPropertyAccessExpression(r.parent) && r.parent.name.text === 'close' && ts.isCallExpression(r.parent.parent) && r.parent.parent.expression === r.parent));
        if (other) {
          throw new CannotRewrite(`\`${receiver.text}\` is used after it is connected (line ${this.line(other)}): the serving entry builds one server per connection from the factory; move that use into the factory (or onto the handle the entry returns, which has \`close()\`) and drop \`${receiver.text}\`.`, other, RULE_ID.perSessionServer, undefined, factory);
        }
        if (others.length > 0) {
          const handleName = this.freshName('stdioServing');
          closes = others.map((r) => ({ ref: r, name: handleName }));
        }
      }
    }
    const serve = `serveStdio(${factory}${options.length ? `, { ${options.join(', ')} }` : ''});`;
    this.edit(connectStatement.getStart(this.sf), connectStatement.end, closes.length ? `const ${closes[0]!.name} = ${serve}` : serve);
    for (const { ref, name } of closes) this.edit(ref.getStart(this.sf), ref.end, name);
    if (serverStatement) this.remove(serverStatement);
    if (transportStatement) this.remove(transportStatement);
    this.imports.add(STDIO_MODULE, 'serveStdio');
    this.plan.notes!.push(`serving: ${this.relative()} — server.connect(new StdioServerTransport()) → serveStdio(${factory})${this.options.modernOnly ? ' (modern-only)' : ' (2025-era clients still served)'}`);
  }

  /**
   * The stdio transport handed to a function of the project that builds a server and connects it to the
   * transport (`await connect(backendFactory, new StdioServerTransport())`): the call becomes
   * `serveStdio(() => { …the helper's construction… })`. Returns false when the transport goes anywhere else.
   */
  private planStdioHelper(created: ts.NewExpression, transportStatement: ts.Node | undefined): boolean {
    if (created.arguments?.length) return false;
    const held = transportStatement ? (unwrap(created).parent as ts.VariableDeclaration).name : undefined;
    const isTransport = (node: ts.Node) => node === created || (!!held && ts.isIdentifier(node) && this.values.symbolOf(node)?.valueDeclaration === held.parent);
    const scope = transportStatement ? transportStatement.parent : statementOf(created);
    const h = helperConnection(scope, isTransport, this.values);
    if (!h) return false;
    const uses = held && ts.isIdentifier(held) ? referencesByName(this.sf, held.text).filter((r) => r !== held && this.values.symbolOf(r)?.valueDeclaration === held.parent) : [];
    if (held && (uses.length !== 1 || !h.call.arguments.includes(uses[0] as ts.Expression))) return false;
    const callStatement = statementOf(h.call);
    if (!ts.isExpressionStatement(callStatement) || unwrap(callStatement.expression) !== h.call) {
      throw new CannotRewrite(`the result of \`${h.call.expression.getText(this.sf)}(…)\`, which connects the server, is used: use the handle serveStdio returns instead (it has \`close()\`).`, h.call, RULE_ID.perSessionServer);
    }
    const inlined = inlineStdioHelper(h, held ? uses[0]! : created, this.values, this.unit, indentAt(this.text, callStatement.getStart(this.sf)));
    if ('reason' in inlined) throw new CannotRewrite(inlined.reason, h.call, RULE_ID.perSessionServer);
    const options = this.options.modernOnly ? `, { legacy: ${this.q('reject')} }` : '';
    this.edit(callStatement.getStart(this.sf), callStatement.end, `serveStdio(${inlined.factory}${options});`);
    if (transportStatement) this.remove(transportStatement);
    this.imports.add(STDIO_MODULE, 'serveStdio');
    this.plan.notes!.push(`serving: ${this.relative()} — ${h.call.expression.getText(this.sf)}(…, new StdioServerTransport()) → serveStdio(factory built from its construction)${this.options.modernOnly ? ' (modern-only)' : ' (2025-era clients still served)'}`);
    return true;
  }

  /**
   * A server built at module level (`const server = new McpServer(…)` and the top-level statements that
   * configure it) becomes `function createServer() { …; return server; }`, placed where it was built.
   */
  private extractFactory(decl: ts.VariableDeclaration, connectStatement: ts.Node): string {
    const declStatement = statementOf(decl);
    const name = (decl.name as ts.Identifier).text;
    // The module top level, or the body of the function that connects it (the factory is then declared in that body).
    const block = factoryBlock(declStatement, connectStatement);
    if (!block || !ts.isVariableStatement(declStatement) || declStatement.declarationList.declarations.length !== 1) {
      throw new CannotRewrite('the server is built in another block than the one connecting it (a branch, a loop, another function): extract its construction into a factory.', connectStatement, RULE_ID.perSessionServer);
    }
    const statements = block.statements;
    const from = statements.indexOf(declStatement as ts.Statement);
    const to = statements.indexOf(connectStatement as ts.Statement);
    const refs = referencesByName(this.sf, name).filter((r) => this.values.symbolOf(r)?.valueDeclaration === decl);
    // The statements that use the server, and (transitively) the helpers declared among them that others use.
    const movedSet = new Set<ts.Statement>([declStatement as ts.Statement]);
    for (let changed = true; changed; ) {
      changed = false;
      for (let i = from + 1; i < to; i++) {
        const statement = statements[i]!;
        if (movedSet.has(statement)) continue;
        const usesServer = refs.some((r) => isInside(r, statement));
        const usesMoved = usesOfDeclared(statement, movedSet, this.values).length > 0;
        if (usesServer || usesMoved) {
          movedSet.add(statement);
          changed = true;
        }
      }
    }
    const moved = statements.filter((s) => movedSet.has(s));
    for (const statement of moved) {
      const escaping = block.fn && escapingFlow(statement);
      if (escaping) throw new CannotRewrite(`\`${escaping.getText(this.sf)}\` (line ${this.line(escaping)}) is in a statement that builds the server, and would mean something else inside a factory function: extract the server into a factory by hand.`, escaping, RULE_ID.perSessionServer);
    }
    for (const ref of refs) {
      if (isInside(ref, connectStatement) || moved.some((s) => isInside(ref, s))) continue;
      throw new CannotRewrite(`\`${name}\` is used outside its construction (line ${this.line(ref)}): extract the server into a factory by hand.`, ref, RULE_ID.perSessionServer);
    }
    // Names the moved statements declare must not be used by code that stays.
    const outside = usesOfDeclared(this.sf, movedSet, this.values, [...moved, connectStatement])[0];
    if (outside) throw new CannotRewrite(`\`${outside.text}\` is declared while building the server and used elsewhere (line ${this.line(outside)}): extract the server into a factory by hand.`, outside, RULE_ID.perSessionServer);
    const factory = this.freshName('createServer');
    let hasAwait = false;
    for (const statement of moved) {
      forEachDescendant(statement, (node) => {
        if (ts.isAwaitExpression(node) && enclosingFunction(node) === block.fn) hasAwait = true;
      });
    }
    const u = this.unit;
    const at = block.fn ? indentAt(this.text, declStatement.getStart(this.sf)) : '';
    const parts: string[] = [];
    moved.forEach((statement, i) => {
      const range = removalRange(this.sf, statement, true, false);
      const blank = i > 0 && /\n[ \t]*\n[ \t]*$/.test(this.text.slice(0, range.start));
      parts.push(`${blank ? '\n' : ''}${reindent(this.text.slice(range.start, range.end).replace(/\n$/, ''), at, at + u)}`);
    });
    const fn = [`${at}${hasAwait ? 'async ' : ''}function ${factory}() {`, ...parts, `${at}${u}return ${name};`, `${at}}`].join('\n');
    const first = removalRange(this.sf, declStatement, true, false);
    this.edit(first.start, first.end, `${fn}\n`);
    for (const statement of moved.slice(1)) this.remove(statement);
    return factory;
  }

  // ---- CORS ---------------------------------------------------------------------------------

  /**
   * `Mcp-Session-Id` in this file's CORS options. When every endpoint of the file was rewritten (it mints no session
   * id any more), the header leaves the list as the CORS edit of an already stateless project does, so a second run
   * finds nothing to do; a list it would leave empty, or a file still serving sessions, gets the marker.
   */
  /** Returns whether a CORS list was edited (the serving in this file mints no session id). */
  private markCors(stateless: boolean): boolean {
    let edited = false;
    forEachDescendant(this.sf, (node) => {
      if (!ts.isStringLiteralLike(node) || !node.text.toLowerCase().includes(SESSION_HEADER) || !isCorsHeaderList(this.result, node)) return;
      const edit = stateless ? corsListEdit(this.result, node) : undefined;
      if (edit) {
        this.edits.push({ file: this.sf.fileName, ...edit });
        edited = true;
        return;
      }
      // Not stateless: this file keeps sessionful serving (marked at its transport), which still mints the header.
      this.marker(node, RULE_ID.sessionHeader, keptSessionCorsMessage(this.options.target));
    });
    return edited;
  }

  /**
   * The CORS lists of a file that serves no transport itself (the app or router mounting the endpoints, a CORS
   * set-up) in a project that keeps sessionful endpoints after this run (`where`): the header stays listed
   * while those endpoints mint it, and a marker says when it goes.
   */
  markCorsOfKeptSessions(kept: ReadonlyArray<{ file: string; line: number }>): void {
    if (!this.text.toLowerCase().includes(SESSION_HEADER)) return;
    // Named from the marked file's folder: the same text whether apply or a jscodeshift entry (which knows no project root) runs.
    const where = kept.map((k) => `${path.relative(path.dirname(this.sf.fileName), k.file).split(path.sep).join('/')}:${k.line}`).join(', ');
    forEachDescendant(this.sf, (node) => {
      if (!ts.isStringLiteralLike(node) || !node.text.toLowerCase().includes(SESSION_HEADER) || !isCorsHeaderList(this.result, node)) return;
      // A CORS list (`allowedHeaders`, `Access-Control-Expose-Headers`), or another header list (tracing's `captureRequestHeaders`).
      const holder = ts.isArrayLiteralExpression(node.parent) ? node.parent : node;
      const option = ts.isPropertyAssignment(holder.parent) ? propertyNameText(holder.parent.name) ?? '' : '';
      const cors = !option || /^(allow|expose)/i.test(option);
      const modern = cors && this.options.target !== 'stateless-v1' ? ', and allow the headers modern clients send (Mcp-Method, Mcp-Name, MCP-Protocol-Version, Mcp-Param-*)' : '';
      this.marker(node, RULE_ID.sessionHeader, `${cors ? 'CORS names' : `\`${option}\` names`} Mcp-Session-Id for the sessionful endpoints this migration kept (${where}, marked there): keep it while they mint session ids, then drop it from the list${modern}.`);
    });
  }

  /**
   * An endpoint that writes the `Mcp-Session-Id` header itself (`response.headers.set('Mcp-Session-Id', id)` in a
   * route), with no SDK transport in the file to rewrite (a transport of another package, a relay): it keeps
   * sessions by hand, so it is marked, not rewritten, and counts as kept for the CORS lists.
   */
  private markSessionHeaderMinting(): void {
    if (!this.text.toLowerCase().includes(SESSION_HEADER)) return;
    forEachDescendant(this.sf, (node) => {
      if (!ts.isCallExpression(node) || !isHeaderWrite(node) || !this.values.headerAccessOf(node, SESSION_HEADER)) return;
      const route = enclosingRoute(node, this.values);
      if (!route) return;
      const advice = servingEntryAdvice({ kind: 'http', target: this.options.target, framework: route.framework });
      // Tasks of SDK 1.x's tasks layer are owned by the session: a reason to keep it, said before the rest.
      const tasks = sessionOwnedTaskStore(this.result, this.sf);
      const why = tasks ? `. ${taskOwnershipReason(tasks)}` : ', so it is not rewritten automatically: drop the header, the session checks and the DELETE session route with the sessions.';
      const v1 = leftOnSdkV1(this.sf, this.requested) ? ` ${leftOnV1Note(this.requested)}` : '';
      this.marker(node, RULE_ID.sessionIdGenerator, `This endpoint sends its own \`Mcp-Session-Id\` (a session id it mints or relays, not one from an SDK transport) and keeps its sessions by hand${why}${v1} ${advice}`);
      this.keptSessions.push({ file: this.sf.fileName, line: this.line(node) });
    });
  }
}

/**
 * Whether `fn` hands the transport a body parsed before it (`transport.handleRequest(req, res, req.body)`): a router
 * module mounted in an app whose `express.json()` has consumed the stream already, though this file parses nothing.
 */
function handsParsedBody(fn: ts.Node): boolean {
  const req = isFunctionLike(fn) && fn.parameters[0] && ts.isIdentifier(fn.parameters[0].name) ? fn.parameters[0].name.text : undefined;
  let hands = false;
  forEachDescendant(fn, (node) => {
    if (hands || !req || !ts.isCallExpression(node) || calleeParts(node).name !== TRANSPORT_MEMBERS.requestMethod || node.arguments.length !== 3) return;
    const body = unwrap(node.arguments[2]!);
    hands = ts.isPropertyAccessExpression(body) && body.name.text === 'body' && ts.isIdentifier(unwrap(body.expression)) && (unwrap(body.expression) as ts.Identifier).text === req;
  });
  return hands;
}

/** The middleware a route registration puts between its path and its (last) handler, as written. */
function mountMiddleware(call: ts.CallExpression, sf: ts.SourceFile): string[] {
  return call.arguments.slice(1, -1).map((a) => a.getText(sf));
}

/**
 * The SDK 1.x stateless idiom for one POST (`--target stateless-v1`): a new server and a transport without session
 * ids, both closed when the response closes, then the request handled. One template for every entry that writes it.
 */
function perRequestV1Lines(o: { factoryCall: string; transportClass: string; json: string; req: string; res: string; body: string | undefined; unit: string; q: (text: string) => string }): string[] {
  return [
    `const server = ${o.factoryCall};`,
    `const transport = new ${o.transportClass}({ sessionIdGenerator: undefined${o.json} });`,
    `${o.res}.on(${o.q('close')}, () => {`,
    `${o.unit}void transport.close();`,
    `${o.unit}void server.close();`,
    `});`,
    `await server.connect(transport);`,
    `await transport.handleRequest(${o.req}, ${o.res}${o.body ? `, ${o.body}` : ''});`,
  ];
}

/** Names an import from an `@modelcontextprotocol/*` package binds in the file. */
function sdkImportedNames(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !statement.moduleSpecifier.text.startsWith('@modelcontextprotocol/')) continue;
    const clause = statement.importClause;
    if (clause?.name) out.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) out.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) out.add(e.name.text);
  }
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      const init = decl.initializer && unwrap(decl.initializer);
      if (init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require' && /^['"]@modelcontextprotocol\//.test(init.arguments[0]?.getText(sf) ?? '')) {
        for (const name of declaredNamesOfBinding(decl.name)) out.add(name);
      }
    }
  }
  return out;
}

function declaredNamesOfBinding(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : declaredNamesOfBinding(e.name)));
}

/** The method route an `if` statement's condition declares for its branch (`req.method === 'GET'`, possibly within `&&`). */
function routesOfCondition(statement: ts.IfStatement, values: Parameters<typeof routesAt>[1]): Route | undefined {
  let found: Route | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isBinaryExpression(node)) found = routesAt(node, values).find((r) => r.handlers[0] === statement.thenStatement);
    ts.forEachChild(node, visit);
  };
  visit(statement.expression);
  return found;
}

/** The name a function is declared or bound with (`function f`, `const f = () => …`, a method). */
function functionName(fn: ts.FunctionLikeDeclaration | undefined): string | undefined {
  if (!fn) return undefined;
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const holder = outermostWrapper(fn).parent;
  return ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : undefined;
}

/** `onsessioninitialized` / `onsessionclosed` / `onclose` function `id` sits in (below `root`). */
function lifecycleCallback(id: ts.Node, root: ts.Node): string | undefined {
  for (let current: ts.Node | undefined = id; current && current !== root; current = current.parent) {
    if (!isFunctionLike(current)) continue;
    const holder = current.parent;
    if (holder && ts.isPropertyAssignment(holder)) {
      const name = propertyNameText(holder.name);
      if (name && /^on(session|close)/.test(name)) return name;
    }
    if (holder && ts.isBinaryExpression(holder) && holder.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = holder.left;
      if (ts.isPropertyAccessExpression(left) && /^on(session|close)/.test(left.name.text)) return left.getText();
    }
  }
  return undefined;
}

/**
 * A loop over a registry (`for (const sid in transports)`, `for (… of Object.keys(transports))`, `transports.forEach(…)`)
 * around `ref`: shutdown bookkeeping. `refs` are all the registry's references (the loop iterates one of them).
 */
function shutdownLoop(ref: ts.Node, refs: readonly ts.Node[]): ts.Node | undefined {
  const iterates = (over: ts.Node) => refs.some((r) => isInside(r, over));
  for (let current: ts.Node | undefined = ref.parent; current && !isFunctionLike(current); current = current.parent) {
    if ((ts.isForInStatement(current) || ts.isForOfStatement(current)) && iterates(current.expression)) return current;
    if (ts.isExpressionStatement(current)) {
      const call = unwrap(current.expression);
      if (ts.isCallExpression(call) && calleeParts(call).name === 'forEach' && iterates(call.expression)) return current;
    }
  }
  return undefined;
}

/**
 * Removals with only whitespace between them become one: each removal keeps one blank line of its
 * own, so three statements removed in a row (a shared session handler and its GET and DELETE
 * routes) would otherwise leave a run of blank lines behind.
 */
export function mergeAdjacentRemovals(text: string, edits: readonly TextEdit[]): TextEdit[] {
  const removals = edits.filter((e) => e.text === '' && e.end > e.start).sort((a, b) => a.start - b.start);
  const others = edits.filter((e) => !removals.includes(e));
  const merged: Array<TextEdit & { joined?: boolean }> = [];
  for (const edit of removals) {
    const last = merged[merged.length - 1];
    // The same statement removed twice (two registries declared in one statement): once is enough.
    if (last && last.file === edit.file && edit.start >= last.start && edit.end <= last.end) continue;
    if (last && last.file === edit.file && edit.start >= last.end && /^\s*$/.test(text.slice(last.end, edit.start))) {
      merged[merged.length - 1] = { ...last, end: Math.max(last.end, edit.end), joined: true };
      continue;
    }
    merged.push({ ...edit });
  }
  // A joined run with a blank line on both sides takes the one above with it, as a single removal does;
  // one that opened its block takes the blank line below (no block starts with a blank line).
  const out: TextEdit[] = merged.map(({ joined, ...edit }) => {
    if (!joined) return edit;
    const blankBelow = /^[ \t]*\n/.exec(text.slice(edit.end));
    if (blankBelow && /\{[ \t]*\n$/.test(text.slice(0, edit.start))) return { ...edit, end: edit.end + blankBelow[0].length };
    return { ...edit, start: withBlankLineAbove(text, edit.start, edit.end) };
  });
  return [...others, ...out];
}

/** The `this.x` access a member call chain starts from (`this.servers` of `this.servers.create()`). */
function rootAccess(call: ts.CallExpression): ts.Node {
  let node: ts.Node = unwrap(call.expression);
  while (ts.isPropertyAccessExpression(node) && unwrap(node.expression).kind !== ts.SyntaxKind.ThisKeyword) node = unwrap(node.expression);
  return node;
}
