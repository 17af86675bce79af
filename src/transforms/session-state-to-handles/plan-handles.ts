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
 *
 * This file orchestrates; which stores get a handle is store-eligibility.ts, one store's rewrite is
 * store-rewrite.ts (with schema-edits.ts, handler-edits.ts, registry-declaration.ts, minting-tool.ts),
 * and the other modules of this folder find the session-bound sites that only get a marker.
 */
import path from 'node:path';
import { RULE_ID } from '../../rule-ids.js';
import type { ts } from '../../typescript.js';
import { statementOf } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { ToolSetGlobal } from '../../analysis/tool-set-globals.js';
import { andList } from '../kit/prose.js';
import type { StoreModel } from '../../analysis/reach.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import type { ToolRegistration } from '../../analysis/tools.js';
import { legacySseEndpoint } from '../../analysis/legacy-sse.js';
import { sessionAuthBindings } from '../../analysis/session-auth.js';
import { guessableSources } from '../../analysis/handles.js';
import { markerInsertion } from '../../markers.js';
import type { StoreOutcome, TransformPlan } from '../kit/plan.js';
import { CannotRewrite } from '../kit/handler-sites.js';
import { flavourOf, type ModuleFlavour } from '../kit/source-style.js';
import { planTelemetryIds } from './telemetry-ids.js';
import { perSessionObjects } from './per-session-objects.js';
import { keptStoreReads } from './kept-store-reads.js';
import { listRoutingAdvice, listRoutingSites } from './list-routing-markers.js';
import { injectedIdSites } from './injected-ids.js';
import { handedTransportIds } from './handed-transport-ids.js';
import { handleModuleFileName, handleModuleSource } from './runtime.js';
import { carriedIdAdvice, carriedIntoProjectObjects } from './carried-ids.js';
import { groupClientStores, otherKeyedCalls, seeStoreMarker } from './client-stores.js';
import { guessableAdvice, guessableByStatement } from './guessable-handles.js';
import { whyNoHandle } from './store-eligibility.js';
import { classStoreLinks } from './class-stores.js';
import { StoreRewrite, type HandlesOptions } from './store-rewrite.js';
import { packageDirOf } from '../kit/package-json.js';
import { capturedLegacyRegistrations } from '../../analysis/registration-wrappers.js';
import { compileGlobs } from '../../discovery/glob.js';

interface HandlesPlan extends TransformPlan {
  stores: StoreOutcome[];
  telemetry: Array<{ file: string; line: number }>;
}

/** Puts a marker above the statement of `node`; `store`: the outcome of the store the marker is about, so the report lists the store once, by its marker. */
type Mark = (node: ts.Node, ruleId: string, message: string, store?: StoreOutcome) => void;

/** Where the generated `mcp-handles` module goes: beside the first file that needs it, in that file's flavour. */
type ModuleTarget = { path: string; flavour: ModuleFlavour };

export function planHandles(result: AnalysisResult, options: HandlesOptions): HandlesPlan {
  const plan: HandlesPlan = { edits: [], newFiles: new Map(), markers: [], stores: [], telemetry: [] };
  const { analysis } = result;
  /** The statement each store's marker stands above (`markedAt`, as a node), for the markers that point at it. */
  const markedStatements = new Map<StoreOutcome, ts.Node>();
  const marker: Mark = (node, ruleId, message, store) => {
    const sf = node.getSourceFile();
    const statement = statementOf(node);
    const insertion = markerInsertion(sf.text, statement.getStart(sf), ruleId, message);
    const line = sf.getLineAndCharacterOfPosition(statement.getStart(sf)).line + 1;
    plan.markers.push({ file: sf.fileName, line, ruleId, message });
    if (store) {
      store.markedAt = { file: sf.fileName, line, ruleId };
      markedStatements.set(store, statement);
    }
    if (insertion) plan.edits.push({ file: sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
  };

  // One generated handles module per package (a monorepo's servers each get their own), beside the first file of it that needs one.
  const moduleTargets = new Map<string, ModuleTarget>();
  const moduleFor = (sf: ts.SourceFile): ModuleTarget => {
    const pkg = packageDirOf(sf.fileName);
    let target = moduleTargets.get(pkg);
    if (!target) {
      const flavour = flavourOf(sf);
      moduleTargets.set(pkg, (target = { path: path.join(path.dirname(sf.fileName), handleModuleFileName(flavour)), flavour }));
    }
    return target;
  };

  // Tool names are unique per server: per package, so that a monorepo's two servers may each mint `create_cart`.
  const toolNamesByPackage = new Map<string, Set<string>>();
  for (const tool of analysis.tools) {
    const pkg = packageDirOf(tool.call.getSourceFile().fileName);
    toolNamesByPackage.set(pkg, (toolNamesByPackage.get(pkg) ?? new Set()).add(tool.name));
  }
  const toolNamesOf = (node: ts.Node): Set<string> => {
    const pkg = packageDirOf(node.getSourceFile().fileName);
    let names = toolNamesByPackage.get(pkg);
    if (!names) toolNamesByPackage.set(pkg, (names = new Set()));
    return names;
  };
  // A package that overrides or captures `server.tool` to wrap every registration (a billing or auth gate): a minting
  // tool registered with registerTool would be the one tool past that wrapper (review 38 R5), so none is generated there.
  // A test spying on `server.tool` (`const original = server.tool.bind(server)`) wraps no tool the server offers (review 39 R7).
  const wrappedPackages = new Map<string, { file: string; text: string; line: number }>();
  const isTestFile = compileGlobs(options.testFiles ?? []);
  for (const [file, accesses] of capturedLegacyRegistrations(result)) {
    if (isTestFile(result.relative(file))) continue;
    if (!wrappedPackages.has(packageDirOf(file))) wrappedPackages.set(packageDirOf(file), { file, ...accesses[0]! });
  }
  // Where the wrapper is, as the store's marker says it: its line in the store's own file, else its file and line.
  const wrapperAt = (sf: ts.SourceFile): string | undefined => {
    const wrapper = wrappedPackages.get(packageDirOf(sf.fileName));
    if (!wrapper) return undefined;
    return `\`${wrapper.text}\` (${wrapper.file === sf.fileName ? `line ${wrapper.line}` : `${result.relative(wrapper.file)}:${wrapper.line}`})`;
  };
  /** Each analysis store's outcome (the members of a grouped client store share the group's). */
  const outcomes = new Map<SessionStore, StoreOutcome>();
  /** Client stores (no declaration: scan reports each keyed call) with their outcome, for `otherKeyedCalls`. */
  const clientStores: Array<{ model: StoreModel; outcome: StoreOutcome }> = [];
  const models = groupClientStores(analysis.stores);
  // Why a store gets no handle, asked once per store; and the tools with no input schema that more than one store
  // to be rewritten reaches: each rewrite would give the tool a schema and a first parameter of its own, two
  // `inputSchema` keys and `({ cart_id }, { pref_id }, ctx)` (review 40b S40-3). Those stores are marked instead.
  const noHandles = new Map<StoreModel, ReturnType<typeof whyNoHandle>>();
  const schemaless = new Map<ToolRegistration, number>();
  for (const model of models) {
    const site = model.store.declaration ?? model.accesses[0]?.sink.node;
    if (!site) continue;
    const noHandle = whyNoHandle(model, analysis, site.getSourceFile(), options.target);
    noHandles.set(model, noHandle);
    if (noHandle) continue;
    for (const tool of new Set(model.tools)) if (tool.schema.kind === 'none') schemaless.set(tool, (schemaless.get(tool) ?? 0) + 1);
  }
  // A class's field reached through the methods the tools call: decided with those calls (class-stores.ts).
  const links = classStoreLinks(analysis, models);
  const linkOfField = new Map(links.map((link) => [link.field, link]));
  const linkOfCalls = new Map(links.map((link) => [link.calls, link]));
  const outcomeOfModel = new Map<StoreModel, StoreOutcome>();
  for (const model of models) {
    if (linkOfField.has(model)) continue;
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
    outcomeOfModel.set(model, outcome);
    if (!model.store.declaration) clientStores.push({ model, outcome });
    for (const member of analysis.stores) if (member.store === model.store || (!member.store.declaration && member.store.accesses.some((a) => model.store.accesses.includes(a)))) outcomes.set(member.store, outcome);
    const noHandle = noHandles.has(model) ? noHandles.get(model) : whyNoHandle(model, analysis, sf, options.target);
    if (noHandle) {
      outcome.reason = noHandle.reason;
      // Serving plumbing is never a candidate for a handle: the report does not count it among the stores (sweep 23 W4).
      if (noHandle.plumbing) outcome.plumbing = true;
      marker(site, noHandle.ruleId, noHandle.message, outcome);
      continue;
    }
    const released = linkOfCalls.get(model)?.elsewhere[0];
    if (released) {
      const link = linkOfCalls.get(model)!;
      const caller = analysis.sessions.reads.find((read) => read.sinks.some((sink) => sink.node === released.node))?.node;
      // The file, not a line: the markers this run inserts move every line below them (review 44 S44-10).
      const where = caller ? ` (${path.basename(caller.getSourceFile().fileName)} calls it with the session id)` : '';
      const called = andList([...link.called].map((m) => `\`${m.name.getText()}(…)\``));
      outcome.reason = `\`${link.field.store.name}\`, which ${link.className}'s ${called} keeps for the tools, is also used by \`${released.method}(…)\` with a session id`;
      marker(site, RULE_ID.keyedStore, `not rewritten automatically: \`${link.field.store.name}\` of \`${link.className}\`, which its ${called} keeps per session for the tools, is also used by \`${released.method}(…)\` with a session id${where}. Re-keyed by a handle, its entries would no longer be found there: a release on session close would free nothing (and a cap on their number would refuse new handles for good). Re-key \`${model.store.name}\` by an explicit handle minted by a create tool and checked against the caller, and release its entries when the handle expires (\`createHandleRegistry({ onExpire: (id) => … })\`) instead of when the session closes.`, outcome);
      continue;
    }
    const shared = model.tools.find((tool) => (schemaless.get(tool) ?? 0) > 1);
    if (shared) {
      outcome.reason = `tool '${shared.name}' without an input schema is reached by more than one store`;
      marker(site, RULE_ID.keyedStore, `not rewritten automatically: the tool '${shared.name}' takes no arguments yet and keeps state in more than one store by the session id, and this version writes one handle into a tool without an input schema, not several. Give '${shared.name}' an input schema (\`inputSchema: z.object({})\`, or its arguments), then run apply again: each store then becomes a handle argument of it. Re-key \`${model.store.name}\` by an explicit handle minted by a create tool and checked against the caller.`, outcome);
      continue;
    }
    rewriteStore(result, model, site, outcome, { options, moduleFor, toolNames: toolNamesOf(site), plan, marker, wrapper: wrapperAt(sf) });
  }

  // The field goes with the calls: nothing of its own when they became a handle (its keys are that handle now); when
  // they are marked, a marker that points there.
  for (const link of links) {
    const decided = outcomeOfModel.get(link.calls);
    if (!decided) continue;
    for (const member of analysis.stores) if (member.store === link.field.store) outcomes.set(member.store, decided);
    if (decided.status === 'rewritten') continue;
    const site = link.field.store.declaration!;
    const calls = markedStatements.get(decided);
    const at = calls ? ` in ${path.basename(calls.getSourceFile().fileName)}` : '';
    marker(site, RULE_ID.keyedStore, `\`${link.field.store.name}\` keeps, per session, what the tools reach through \`${link.calls.store.name}\`'s calls of ${link.className}: it goes with those calls, which are marked${at}; see that marker.`);
  }
  for (const { model, outcome } of clientStores) {
    const marked = markedStatements.get(outcome);
    if (!marked) continue;
    for (const statement of otherKeyedCalls(model, outcome, marked)) {
      marker(statement, RULE_ID.keyedStore, seeStoreMarker(model.store.name, marked, statement));
    }
  }
  markSessionSites(result, outcomes, markedStatements, marker);
  planTelemetryIds(result, plan, marker);
  const rewrittenPackages = new Set(plan.stores.filter((s) => s.status === 'rewritten').map((s) => packageDirOf(s.file)));
  for (const [pkg, target] of moduleTargets) {
    if (rewrittenPackages.has(pkg)) plan.newFiles.set(target.path, handleModuleSource(target.flavour));
  }
  return plan;
}

/**
 * Rewrites one store into handles, keeping its edits only when every site could be rewritten; otherwise the
 * store is marked where the rewrite stopped, with why.
 */
function rewriteStore(
  result: AnalysisResult,
  model: StoreModel,
  site: ts.Node,
  outcome: StoreOutcome,
  context: { options: HandlesOptions; moduleFor: (sf: ts.SourceFile) => ModuleTarget; toolNames: Set<string>; plan: HandlesPlan; marker: Mark; wrapper?: string },
): void {
  const { options, moduleFor, toolNames, plan, marker, wrapper } = context;
  try {
    const rewrite = new StoreRewrite(result, model, options, moduleFor);
    const edits = rewrite.run();
    // Two stores with one noun, or a tool of that name already there: registering it twice would throw at start-up.
    if (rewrite.minting === 'new-tool' && wrapper) {
      throw new CannotRewrite(
        `the project wraps every registration through ${wrapper}, and a generated ${rewrite.names.mintTool} registered with registerTool would be the one tool past that wrapper: write the handle by hand, registering ${rewrite.names.mintTool} through the wrapper`,
        site,
      );
    }
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

/**
 * Markers for session-bound code that is not a store: per-session objects and list routing, session ids carried,
 * kept, injected or handed to a transport, identity bound to the session, and guessable handles. In this order:
 * a later kind skips the reads an earlier one marked.
 */
function markSessionSites(result: AnalysisResult, outcomes: ReadonlyMap<SessionStore, StoreOutcome>, markedStatements: ReadonlyMap<StoreOutcome, ts.Node>, marker: Mark): void {
  const { analysis } = result;
  for (const site of perSessionObjects(result)) {
    marker(site.at, RULE_ID.perSessionServer, site.advice);
  }
  for (const table of listRoutingSites(result)) {
    marker(table.declaration, RULE_ID.perSessionServer, listRoutingAdvice(table));
  }
  const carried = carriedIntoProjectObjects(analysis.sessions.reads);
  for (const read of carried) {
    marker(read.node, RULE_ID.sessionIdRead, carriedIdAdvice(read.node));
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
  // A session id compared with a string (its own fallback as a sentinel, `sessionId === 'local'`): neither telemetry nor
  // state, and a request id in its place would flip the branch (review 42 S42-3).
  for (const read of analysis.sessions.reads) {
    if (skip.has(read)) continue;
    const compared = read.sinks.find((sink) => sink.kind === 'other' && sink.description.startsWith('compared with'));
    if (!compared) continue;
    marker(statementOf(read.node), RULE_ID.sessionIdRead, `the session id read here is ${compared.description} further on: the code branches on what the session id is. A 2026-07-28 request has no session id, and a request id is no substitute (it never equals that value), so the branch would always go one way. Decide what the test stands for (a local stdio connection: the transport or the configuration says so; a particular caller: \`authInfo\`), test that instead, and drop the session id.`);
  }
  for (const site of handedTransportIds(analysis.sessions, analysis.values, outcomes, markedStatements)) {
    marker(site.statement, site.ruleId, site.message);
  }
  for (const binding of sessionAuthBindings(analysis.values, analysis.sessions)) {
    marker(binding.call, RULE_ID.sessionAuth, SESSION_AUTH_ADVICE[binding.kind]);
  }
  for (const [statement, sources] of guessableByStatement(guessableSources(analysis.handles))) {
    marker(statement, RULE_ID.guessableHandle, guessableAdvice(sources));
  }
  for (const global of analysis.toolSetGlobals) {
    marker(global.write, RULE_ID.toolSetGlobal, toolSetGlobalAdvice(global));
  }
}

/**
 * What to do about state one tool sets from its arguments for others to read (`session-state/tool-set-global`): not
 * rewritten, because what the handle names (a channel, a database, a project) and what each reader does without one
 * are the server's own decisions.
 */
function toolSetGlobalAdvice(global: ToolSetGlobal): string {
  const setters = andList(global.setters.map((t) => `\`${t.name}\``));
  const readers = global.readers.length > 3 ? `${global.readers.length} other tools` : andList(global.readers.map((t) => `\`${t.name}\``));
  // A class field lives as long as its object: one per process, or one per session (a server's wrapper, sweep 23 W2).
  const field = global.name.startsWith('this.');
  if (global.kind === 'gate') {
    return `\`${global.name}\` records that ${setters} ran, and ${readers} ${global.readers.length === 1 ? 'checks' : 'check'} it first: an order between calls with nothing in the later requests saying it was followed (${field ? 'one call opens the gate for every call that reaches the object holding it' : 'over HTTP one caller opens the gate for all'}; 2026-07-28 has no session to tie the calls together). Have ${setters} return an id for what ${global.setters.length === 1 ? 'it' : 'they'} set up, and take that id as an argument of the tools that check it, checked against the caller.`;
  }
  return `\`${global.name}\` keeps what ${setters} ${global.setters.length === 1 ? 'was' : 'were'} given for later calls of ${readers}: state that spans calls with nothing in the requests naming it (${field ? 'shared by every call that reaches the object holding it' : 'shared by every caller over HTTP'}; 2026-07-28 has no session to tie the calls together). Have ${setters} return an id for it, and take that id as an argument of the tools that rely on it, checked against the caller.`;
}

/** What to do about identity bound to the session (`session-state/session-auth`): the project's own authorization decision. */
const SESSION_AUTH_ADVICE = {
  check: 'the caller is checked against the owner recorded for the session: authenticate every request on its own (authInfo from its bearer token) and check the principal against what the request names (a handle bound to its owner), not against a session.',
  record: 'the caller\'s identity is recorded per session for later requests: read it from every request\'s authInfo instead, and bind what must outlive the request to the principal or to a handle checked against it.',
} as const;
