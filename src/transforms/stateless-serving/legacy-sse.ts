/**
 * The HTTP+SSE endpoint (2024-11-05) of a file, decided once for the whole endpoint
 * (`analysis/legacy-sse.ts` says which code serves it):
 *
 * - `--target 2026-07-28`, by default: kept for 2025-era clients, as the maintainers of the reference servers
 *   kept it (the sdk-v2 step moves the import to @modelcontextprotocol/server-legacy/sse). One marker on the
 *   route that opens the stream records the decision and what removes it; `scan` reports that marker in place
 *   of every session finding inside the endpoint (the ids it reads, logs and keys its registry with exist only
 *   for those clients), so the kept endpoint is one site.
 * - `--modern-only`: no 2025-era client is served, so the endpoint goes: its routes, the registry only they use,
 *   and (through the serving transform's dead-code pass) helpers only they called; a count of the registry's
 *   sessions in code that stays becomes 0 and a shutdown loop closing it goes (registry-leftovers.ts). When it was
 *   the project's only MCP endpoint, its stream route becomes the 2026-07-28 entry (sse-replacement-entry.ts); when
 *   no such entry can be written, it is kept and marked (removing it would leave a server no client can reach). When
 *   its code is not all route registrations (a handler function mounted or called elsewhere), it is marked instead.
 * - `--target stateless-v1`: SDK 1.x cannot serve it statelessly: marked.
 */
import { ts } from '../../typescript.js';
import { enclosingRoute } from '../../analysis/routes.js';
import { calleeParts, enclosingFunction, forEachDescendant, isInside, lineOf, statementOf } from '../../analysis/ast.js';
import { legacySseEndpoint, sharedSseServerConnect, type LegacySseEndpoint } from '../../analysis/legacy-sse.js';
import { CONNECT_METHOD, HTTP_HANDLER_FUNCTION, STREAMABLE_HTTP_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { servingEntryAdvice } from './advice.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { registryReferences } from './registries.js';
import { heldStateAdvice, registriesHoldingState } from '../kit/held-state.js';
import { deadAfter } from './dead-declarations.js';
import { handlerCallRemoval } from './sse-handler-calls.js';
import { leftoversOf, loopClosesEntry, rewriteSessionCounts, type SessionCount } from './registry-leftovers.js';
import { isAsync } from './text.js';
import { sseReplacementEntry, type SseReplacementEntry } from './sse-replacement-entry.js';
import type { TextEdit } from '../kit/edits.js';
import { localExportSpecifiers, programRelation, reachesModule } from './module-reach.js';
import { createdTransportClass } from '../../analysis/transport-classes.js';
import { ownSseTransportConnected } from '../../analysis/own-sse-transports.js';
import type { ServingSite } from './serving-site-view.js';
import { RULE_ID } from '../../rule-ids.js';
import { inExclusiveBranches } from './syntax-queries.js';

const SSE_RULE = RULE_ID.sseTransport;

/**
 * Plans the file's HTTP+SSE endpoint; true when it edited code (the `--modern-only` removal, or an entry added beside it).
 * `streamableHere`: the Streamable HTTP transports the file constructs.
 */
export function planLegacySse(site: ServingSite, streamableHere: readonly ts.NewExpression[]): boolean {
  const endpoint = legacySseEndpoint(site.result.analysis, site.sf);
  if (!endpoint) return false;
  const assessed = assess(site, endpoint, streamableHere);
  const { target, modernOnly } = site.options;
  if (target === '2026-07-28' && !modernOnly) return keepForLegacyClients(site, assessed);
  if (target !== '2026-07-28') {
    site.marker(endpoint.anchor, SSE_RULE, `HTTP+SSE endpoint (${assessed.what}, deprecated) serves 2025-era clients only. ${servingEntryAdvice({ kind: 'sse', target, modernOnly, besideStreamable: assessed.besideStreamable, routes: assessed.what })}`);
    markCallingRoutes(site, endpoint);
    return false;
  }
  return removeForModernOnly(site, assessed);
}

/** What `planLegacySse` learns of an endpoint before it decides: what serves 2026-07-28 clients, and why the endpoint may not go. */
interface Assessment {
  endpoint: LegacySseEndpoint;
  /** A Streamable HTTP endpoint is served in this file, in the same runs as this one. */
  besideStreamable: boolean;
  /** `file:line` of the endpoint, for notes. */
  where: string;
  refusal: ReturnType<typeof removalRefusal>;
  calls: ReturnType<typeof handlerCallRemoval> | undefined;
  /** The endpoint's parts, named for the marker. */
  what: string;
  inProgram: StreamableInProgram;
  streamable: boolean;
  /** Why it cannot be told whether a Streamable HTTP endpoint runs in this endpoint's program. */
  unsure: string | undefined;
  /** How 2026-07-28 clients are (or are to be) served, for the marker. */
  modern: string;
}

function assess(site: ServingSite, endpoint: LegacySseEndpoint, streamableHere: readonly ts.NewExpression[]): Assessment {
  // `if (mode === 'sse') { …SSE routes… } else { …Streamable HTTP… }`: a run takes one branch, so in the runs serving
  // this endpoint the file serves no Streamable HTTP; its endpoint is another program's (sweep 18 R1).
  const servingHere = [...streamableHere, ...handlerCallsIn(site)];
  const apart = servingHere.length > 0 && servingHere.every((n) => endpoint.parts.every((part) => inExclusiveBranches(n, part)));
  const besideStreamable = servingHere.length > 0 && !apart;
  const { target, modernOnly } = site.options;
  const where = `${site.result.relative(site.sf.fileName)}:${lineOf(endpoint.anchor)}`;
  let refusal = removalRefusal(endpoint);
  // Handler functions the file only calls from routes or dispatch branches go with those calls (sse-handler-calls.ts).
  const calls = refusal?.handlers && target === '2026-07-28' ? handlerCallRemoval(site, endpoint) : undefined;
  if (calls && 'why' in calls) refusal = { ...refusal!, why: calls.why, what: calls.what ?? refusal!.what };
  else if (calls) refusal = removalRefusal(endpoint, true);
  // The functions that go are named, not a start function the analysis took for the endpoint as a whole.
  const what = describe(calls && !('why' in calls) ? { ...endpoint, parts: calls.parts } : endpoint);
  let inProgram: StreamableInProgram = besideStreamable ? { serves: 'yes' } : streamableInProgram(site, apart);
  // `if (!useSse) app.use(streamableRouter); else { …SSE routes… }`: the other module's endpoint is mounted in one branch,
  // this one in another, and the imports cannot tell (sweep 33 review V2): neither removing it nor an entry is safe.
  const branch = inProgram.serves === 'yes' && inProgram.where && inProgram.where !== site.sf ? enclosingBranchTest(endpoint.parts[0] ?? endpoint.anchor) : undefined;
  if (branch) inProgram = { serves: 'unknown', where: inProgram.where!, why: `this endpoint is registered in one branch of \`if (${branch})\`, and whether that module's endpoint runs in the same branch cannot be told from the imports` };
  const streamable = inProgram.serves === 'yes';
  // A Streamable HTTP endpoint that may or may not run in this endpoint's program: neither an entry nor a removal is safe.
  const unsure = inProgram.serves === 'unknown' ? `whether the Streamable HTTP endpoint in \`${site.result.relative(inProgram.where!.fileName)}\` runs in its program or in another one cannot be told from the code (${inProgram.why})` : undefined;
  const modern = streamable
    ? '2026-07-28 clients use the Streamable HTTP endpoint'
    : unsure
    ? `2026-07-28 clients may use the Streamable HTTP endpoint in \`${site.result.relative(inProgram.where!.fileName)}\`, if it runs in this endpoint's program (the imports do not tell)`
    : 'the project has no Streamable HTTP endpoint yet: serve 2026-07-28 clients with `createMcpHandler(factory)` (mounted with `toNodeHandler`)';
  if (unsure && !refusal && target === '2026-07-28' && modernOnly) refusal = { why: unsure, what: 'its routes and the registry once 2026-07-28 clients reach that endpoint' };
  return { endpoint, besideStreamable, where, refusal, calls, what, inProgram, streamable, unsure, modern };
}

/** The endpoint kept for 2025-era clients (server-legacy), with a 2026-07-28 entry beside it when it is the project's only one. */
function keepForLegacyClients(site: ServingSite, assessed: Assessment): boolean {
  const { endpoint, where, calls, what, streamable, unsure } = assessed;
  let { refusal, modern } = assessed;
  // What --modern-only would refuse (a loop doing more than closing the registry) is said now, not promised away.
  const leftover = !refusal && !calls ? leftoverRegistries(site, endpoint) : undefined;
  if (typeof leftover === 'string') refusal = { why: leftover, what: 'its routes and the registry, by hand' };
  // The project's only MCP endpoint: a 2026-07-28 entry goes beside it, or 2026-07-28 clients could not reach the server.
  const kept = [...endpoint.parts, ...(calls && !('why' in calls) ? calls.replacements.map((r) => r.node) : [])];
  const mountedElsewhere = calls && !('why' in calls) ? calls.elsewhere.map((r) => r.node) : [];
  const entry = streamable || unsure ? undefined : calls && 'why' in calls ? calls.why : sseReplacementEntry(site, kept, 'beside', mountedElsewhere);
  const added = !!entry && typeof entry !== 'string';
  if (entry && typeof entry !== 'string') {
    const home = entry.at.getSourceFile();
    // Routes in the module mounting the exported handlers: the entry goes after them there, with its imports.
    const there = entry.elsewhere && site.entryElsewhere(entry.route.call, entry.route.framework, entry, entry.at, entry.elsewhere.imports, []);
    if (there) site.removeElsewhere([{ node: entry.at, text: there.text, edits: there.edits, after: true }]);
    const handler = there ? there.handlerName : site.writeEntry(entry.route.call, entry.route.framework, entry, entry.at, true);
    const inModule = there ? ` in \`${site.result.relative(home.fileName)}\`` : '';
    modern = `2026-07-28 clients use the Streamable HTTP endpoint this migration added on ${entry.path.slice(1, -1)}${inModule} (\`${handler}\`)`;
    site.note(`serving: ${site.result.relative(home.fileName)} — the project's only MCP endpoint is HTTP+SSE: createMcpHandler(${entry.factory}) (\`${handler}\`) mounted with \`${calleeParts(entry.route.call).receiver?.getText(home) ?? ''}.all(${entry.path})\` after its routes, for 2026-07-28 clients (and 2025-era clients, without sessions)`);
  } else if (typeof entry === 'string') modern += ` (not added automatically: ${entry})`;
  // With no Streamable HTTP endpoint in its program, --modern-only keeps it (its only endpoint) until one exists.
  const removal = refusal
    ? `remove it with ${refusal.what}`
    : streamable || added
    ? '`mcp-migrate apply --modern-only` removes it'
    : unsure
    ? 'remove it by hand once 2026-07-28 clients reach that endpoint (`mcp-migrate apply --modern-only` cannot tell whether they do)'
    : '`mcp-migrate apply --modern-only` removes it once a Streamable HTTP endpoint serves 2026-07-28 clients';
  // An endpoint with one transport and no registry (mobile-next/mobile-mcp) reads and keys no session ids (sweep 7 E12).
  const keyed = endpoint.registries.length > 0 || [...site.result.analysis.sessions.stores.values()].some((s) => s.kind === 'transport' && s.declaration?.getSourceFile() === site.sf);
  const byDesign = keyed ? 'so the session ids it reads, logs and keys its registry with stay with it' : 'each connection is a session, so it stays as it is';
  site.marker(endpoint.anchor, SSE_RULE, `HTTP+SSE endpoint (${what}) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, ${byDesign}. Once no 2025-era client needs it, ${removal}; ${modern}.${sharedServerWarning(site, endpoint)}`);
  site.note(`serving: ${where} — HTTP+SSE endpoint (${what}) kept for 2025-era clients (server-legacy); ${refusal || unsure ? 'marked for removal by hand' : '--modern-only removes it'}`);
  markCallingRoutes(site, endpoint);
  // A registry the code calling the handlers holds (`const streams = new Map()` handed to them) is the endpoint's too: said where it is.
  for (const r of calls && !('why' in calls) ? calls.replacements : []) {
    if (r.registry && !endpoint.registries.some((e) => e.declaration && isInside(e.declaration, r.node))) site.marker(r.node, RULE_ID.transportRegistry, `\`${r.registry}\` holds the streams of the HTTP+SSE endpoint kept for 2025-era clients (${what}, marked at its route): it stays with that endpoint, and \`mcp-migrate apply --modern-only\` removes both.`);
  }
  return added;
}

/**
 * The routes of other code that open the endpoint's streams through one of its functions (`app.get('/sse', …)` calling
 * `sseManager.createTransport('/messages', res)`, a method of a helper class the endpoint is made of, sweep 36 AJ2): each
 * gets a marker pointing at the endpoint's, so that the route's own session finding is not left without one.
 */
function markCallingRoutes(site: ServingSite, endpoint: LegacySseEndpoint): void {
  const values = site.result.analysis.values;
  for (const part of endpoint.parts) {
    if (endpoint.routeParts.has(part) || !(ts.isMethodDeclaration(part) || ts.isFunctionDeclaration(part))) continue;
    const name = part.name && ts.isIdentifier(part.name) ? part.name.text : undefined;
    if (!name) continue;
    const owner = ts.isMethodDeclaration(part) && ts.isClassLike(part.parent) && part.parent.name ? `${part.parent.name.text}.${name}` : name;
    for (const call of values.calls.everyCallOf(part)) {
      if (endpoint.parts.some((p) => isInside(call, p))) continue;
      const route = enclosingRoute(call, values);
      // A controller method's route (`@Get('sse')`) is marked at its decorator, above the method.
      const at = route?.call ?? (route && ts.isMethodDeclaration(route.handlers[0]!) ? route.node : undefined);
      if (!route || !at) continue;
      const file = call.getSourceFile() === site.sf ? 'in this file' : `in ${site.result.relative(site.sf.fileName)}`;
      const does = route.method === 'post' ? 'hands its messages to the streams' : 'opens the streams';
      site.marker(at, SSE_RULE, `${route.method.toUpperCase()} ${route.path ?? 'route'} ${does} of the HTTP+SSE endpoint ${file}: its transports are made by \`${owner}()\` (marked there). It stays while that endpoint does and goes with it.`);
    }
  }
}

/** `--modern-only`: the endpoint removed (with a 2026-07-28 entry in its place when it was the only one), or a marker saying why not. */
function removeForModernOnly(site: ServingSite, assessed: Assessment): boolean {
  const { endpoint, besideStreamable, where, refusal, calls, what, inProgram, streamable } = assessed;
  if (refusal) {
    site.marker(endpoint.anchor, SSE_RULE, `HTTP+SSE endpoint (${what}, deprecated) serves 2025-era clients only, and --modern-only serves none: not removed automatically because ${refusal.why}; remove it with ${refusal.what}. ${modernClients(inProgram, site, endpoint)}`);
    markCallingRoutes(site, endpoint);
    return false;
  }
  const [holding] = registriesHoldingState(endpoint.registries);
  if (holding) {
    site.marker(endpoint.anchor, SSE_RULE, `HTTP+SSE endpoint (${what}, deprecated) serves 2025-era clients only, and --modern-only serves none: not removed automatically. ${heldStateAdvice(holding)} ${modernClients(inProgram, site, endpoint)}`);
    markCallingRoutes(site, endpoint);
    return false;
  }
  const removed = calls && !('why' in calls) ? calls : undefined;
  // Handler calls recognised: their narrowed parts, and the registries they checked, go (sse-handler-calls.ts).
  const parts = removed ? removed.parts : [...endpoint.parts, ...endpoint.registries.map((r) => statementOf(r.declaration!))];
  const leftovers = removed ? [] : leftoverRegistries(site, endpoint);
  if (typeof leftovers === 'string') {
    site.marker(endpoint.anchor, SSE_RULE, `HTTP+SSE endpoint (${what}, deprecated) serves 2025-era clients only, and --modern-only serves none: not removed automatically because ${leftovers}; remove it with its routes and the registry. ${modernClients(inProgram, site, endpoint)}`);
    markCallingRoutes(site, endpoint);
    return false;
  }
  const counts = [...(removed?.counts ?? []), ...leftovers.flatMap((l) => l.counts)];
  const loops = [...(removed?.loops ?? []), ...leftovers.flatMap((l) => l.loops)];
  const registryStatements = leftovers.map((l) => statementOf(l.registry.declaration!));
  const going = [...parts, ...registryStatements, ...(removed ? removed.replacements.filter((r) => r.text === undefined).map((r) => r.node) : [])];
  // The project's only MCP endpoint: the route that opened the streams becomes the 2026-07-28 entry (sse-replacement-entry.ts).
  const entry = streamable ? undefined : sseReplacementEntry(site, going, 'replace', removed?.elsewhere.map((r) => r.node) ?? []);
  const written = entry && typeof entry !== 'string' ? entry : undefined;
  if (typeof entry === 'string') {
    // Removing the project's only MCP endpoint with nothing in its place would leave a server no client can reach:
    // --modern-only drops the 2025-era clients, not the 2026-07-28 ones. Kept, and said why, until an entry exists.
    site.marker(endpoint.anchor, SSE_RULE, `HTTP+SSE endpoint (${what}, deprecated) is the project's only MCP endpoint: with --modern-only it would go, but no Streamable HTTP entry could be written in its place (${entry}), and without one no client could reach the server. Kept: serve 2026-07-28 clients with \`createMcpHandler(factory)\` mounted with \`toNodeHandler\`, then remove this endpoint with its routes and registry (or run apply --modern-only again).`);
    site.note(`serving: ${where} — HTTP+SSE endpoint (${what}) kept although --modern-only was given: it is the project's only MCP endpoint and no Streamable HTTP entry could be written in its place (${entry})`);
    return false;
  }
  const entryStatement = written?.at;
  // In the module mounting the exported handlers, the entry takes the place of their stream route there, with its imports.
  const elsewhereEntry = written?.elsewhere && removed ? entryInMountingModule(site, written, removed.elsewhere) : undefined;
  const handler = written && !written.elsewhere ? site.writeEntry(written.route.call, written.route.framework, written, written.at, false) : elsewhereEntry;
  // Declarations only the removed code used (the registry's map type) go too (dead-declarations.ts).
  // The factories the file's entry calls per request (the one written now, or one written before): a server built once by
  // one of them for the removed routes alone (`const server = createServer();`) goes with them.
  const entryFactories = written?.names ?? handlerCallsIn(site).flatMap((call) => (call.arguments[0] && ts.isIdentifier(call.arguments[0]) ? [call.arguments[0].text] : []));
  const dead = deadAfter(site, new Set([...going, ...loops]), new Set(entryFactories));
  const removedParts = [...parts, ...registryStatements, ...dead, ...(written?.alsoGoes ?? [])].filter((part) => part !== entryStatement);
  for (const part of removedParts) site.remove(part);
  removeExportedNames(site, removedParts.map(declaredName).filter((n): n is string => !!n));
  // The section banner naming the endpoint (`// DEPRECATED HTTP+SSE TRANSPORT`) would stand above nothing: it goes too.
  const first = removedParts.sort((a, b) => a.getStart(site.sf) - b.getStart(site.sf))[0];
  const banner = first && sseSectionBanner(site.sf.text, first.getStart(site.sf));
  if (banner) site.edit(banner.start, banner.end, '');
  for (const r of removed ? removed.replacements : []) {
    if (r.node === entryStatement) continue;
    if (r.text === undefined) site.remove(r.node);
    else site.edit(r.node.getStart(site.sf), r.node.end, r.text);
  }
  if (removed?.elsewhere.length) site.removeElsewhere(removed.elsewhere);
  // A loop closing the streams goes with them; one on a shutdown path where the entry is in scope closes the entry instead.
  for (const loop of loops) {
    if (!handler || !written || !loopClosesEntry(loop, written.at.parent)) site.remove(loop);
    else {
      const fn = enclosingFunction(loop);
      site.edit(loop.getStart(site.sf), loop.end, `${fn && isAsync(fn) ? 'await' : 'void'} ${handler}.close();`);
    }
  }
  rewriteSessionCounts(site, counts, [], 'the registry of the HTTP+SSE endpoint that --modern-only removed: no 2025-era client is served');
  // A registry kept as one property of an object of registries (`transports = { streamable: {}, sse: {} }`) goes too.
  site.removeRegistries(propertyRegistriesOf(site, endpoint));
  const via = calls && !('why' in calls) && calls.sites.length ? `, with its handlers' calls (${calls.sites.join(', ')})` : '';
  site.note(`serving: ${where} — HTTP+SSE endpoint (${what}) removed${via} (--modern-only: no 2025-era client is served)`);
  const file = site.result.relative(site.sf.fileName);
  if (written) {
    const home = written.at.getSourceFile();
    const there = home === site.sf ? file : site.result.relative(home.fileName);
    site.note(`serving: ${there} — the project's only MCP endpoint was HTTP+SSE: createMcpHandler(${written.factory}) (\`${handler}\`, legacy: 'reject') serves 2026-07-28 clients on \`${calleeParts(written.route.call).receiver?.getText(home) ?? ''}.all(${written.path})\` in place of its ${written.route.method.toUpperCase()} ${written.route.path ?? ''} route`.trimEnd());
    // Its handlers were all its module served: nothing but imports and comments is left of it.
    if (written.elsewhere && site.sf.statements.every((s) => ts.isImportDeclaration(s) || removedParts.includes(s))) {
      site.note(`serving: ${file} — nothing is left in it but comments now that its HTTP+SSE handlers are gone (the entry is in \`${there}\`): delete the file`);
    }
  } else if (!besideStreamable && !reachesStreamable(site)) {
    site.note(`serving: ${file} — serves no MCP endpoint now that HTTP+SSE is gone (the project's Streamable HTTP endpoint is in another file): remove what is left of this file's server if nothing else uses it`);
  }
  return true;
}

/**
 * The entry written in the module that mounted the exported handlers: the stream route's removal there becomes the
 * entry (elsewhere-removals.ts writes it, with the imports it needs). Returns the handler's name.
 */
function entryInMountingModule(site: ServingSite, written: SseReplacementEntry, elsewhere: Array<{ node: ts.Node; text?: string; edits?: readonly TextEdit[]; entry?: boolean; after?: boolean }>): string {
  const home = written.at.getSourceFile();
  // What the module loses there: the statements that go, and the stream route the entry replaces.
  const replaced = [written.at, ...elsewhere.filter((r) => r.node !== written.at && r.node.getSourceFile() === home && r.text === undefined).map((r) => r.node)];
  const code = site.entryElsewhere(written.route.call, written.route.framework, written, written.at, written.elsewhere!.imports, replaced);
  const at = elsewhere.find((r) => r.node === written.at);
  if (at) Object.assign(at, { text: code.text, edits: code.edits, entry: true });
  else elsewhere.push({ node: written.at, text: code.text, edits: code.edits, entry: true });
  return code.handlerName;
}

/** The export lists naming removed handlers (`export { handleSse, handleMessage };`) lose those names, or go when nothing is left. */
function removeExportedNames(site: ServingSite, names: readonly string[]): void {
  const byList = new Map<ts.NamedExports, ts.ExportSpecifier[]>();
  for (const name of names) for (const spec of localExportSpecifiers(site.sf, name)) byList.set(spec.parent, [...(byList.get(spec.parent) ?? []), spec]);
  for (const [list, specs] of byList) {
    const rest = list.elements.filter((e) => !specs.includes(e));
    if (rest.length === 0) site.remove(list.parent);
    else site.edit(list.getStart(site.sf), list.end, `{ ${rest.map((e) => e.getText(site.sf)).join(', ')} }`);
  }
}

/** Where 2026-07-28 clients go, in a refusal's marker: the program's Streamable HTTP endpoint, or one to write first. */
function modernClients(inProgram: StreamableInProgram, site: ServingSite, endpoint: LegacySseEndpoint): string {
  // Whether that endpoint is a createMcpHandler entry yet is the Streamable HTTP rewrite's to say (its note or marker, sweep 18 R5).
  if (inProgram.serves === 'yes') return '2026-07-28 clients use the program\'s Streamable HTTP endpoint, once it serves them with `createMcpHandler` (see its rewrite or marker).';
  if (inProgram.serves === 'unknown') return `2026-07-28 clients may use the Streamable HTTP endpoint in \`${site.result.relative(inProgram.where!.fileName)}\`: make sure they reach it before removing this one.`;
  const factory = connectedServerFactory(site, endpoint);
  const mounted = factory ? `\`createMcpHandler(${factory})\` (the endpoint's own server factory; the handler made once, mounted with \`toNodeHandler\`)` : '`createMcpHandler(buildServer)` (mounted with `toNodeHandler`)';
  return `Its program has no Streamable HTTP endpoint yet: serve 2026-07-28 clients with ${mounted} before removing it, or no client can reach the server.`;
}

/**
 * The factory the endpoint builds each connection's server with (`const server = this.createMcpServer(); await
 * server.connect(transport)` → `() => this.createMcpServer()`, sweep 39 AM4), as createMcpHandler takes it.
 */
function connectedServerFactory(site: ServingSite, endpoint: LegacySseEndpoint): string | undefined {
  let factory: string | undefined;
  for (const part of endpoint.parts) {
    forEachDescendant(part, (node) => {
      if (factory || !ts.isCallExpression(node) || calleeParts(node).name !== CONNECT_METHOD) return;
      const receiver = calleeParts(node).receiver;
      let built: ts.Node | undefined = receiver;
      if (receiver && ts.isIdentifier(receiver)) {
        const decl = site.result.analysis.values.symbolOf(receiver)?.valueDeclaration;
        built = decl && ts.isVariableDeclaration(decl) ? decl.initializer : undefined;
      }
      if (!built || !ts.isCallExpression(built) || built.arguments.length > 0) return;
      const callee = built.expression;
      if (ts.isIdentifier(callee)) factory = callee.text;
      else if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) factory = `() => this.${callee.name.text}()`;
    });
  }
  return factory;
}

/**
 * What the kept endpoint's marker adds when one server instance is connected to every connection's transport (the
 * SDK keeps only the latest, so messages reach the last client): a bug of the kept code that this marker stands for.
 */
function sharedServerWarning(site: ServingSite, endpoint: LegacySseEndpoint): string {
  let shared = false;
  for (const part of endpoint.parts) {
    forEachDescendant(part, (node) => {
      if (!shared && ts.isCallExpression(node) && sharedSseServerConnect(site.result.analysis, node)) shared = true;
    });
  }
  return shared ? ' Meanwhile it connects one server instance to every connection\'s transport: the SDK keeps only the latest, so server→client messages reach the last client; build a server per connection.' : '';
}

/**
 * Registries of the file the endpoint's routes use that are otherwise only counted (a health field) or closed by a
 * shutdown loop: the analysis leaves them out of the endpoint (they are used elsewhere), but with the routes gone
 * they hold nothing, so they go, each count becomes 0 and each loop goes. A loop doing more than closing them is
 * a reason.
 */
function leftoverRegistries(site: ServingSite, endpoint: LegacySseEndpoint): { registry: SessionStore; counts: SessionCount[]; loops: ts.Node[] }[] | string {
  const { sf, result } = site;
  const out: { registry: SessionStore; counts: SessionCount[]; loops: ts.Node[] }[] = [];
  for (const registry of result.analysis.sessions.stores.values()) {
    const decl = registry.declaration;
    if (registry.kind !== 'transport' || endpoint.registries.includes(registry) || !decl || decl.getSourceFile() !== sf || !ts.isVariableDeclaration(decl)) continue;
    const statement = statementOf(decl);
    if (!ts.isVariableStatement(statement) || statement.declarationList.declarations.length !== 1) continue;
    const refs = registryReferences(registry, sf, result.analysis.values).filter((ref) => !isInside(ref, statement));
    const inEndpoint = (ref: ts.Node) => endpoint.parts.some((part) => isInside(ref, part));
    if (!refs.some(inEndpoint) || refs.every(inEndpoint)) continue;
    const left = leftoversOf(registry, refs, (ref) => !inEndpoint(ref), site.plumbingRefusal);
    if ('why' in left) return left.why;
    if ('stray' in left) continue;
    out.push({ registry, ...left });
  }
  return out;
}

/** Registries held as properties of an object (`transports.sse`) that only the endpoint's parts name. */
function propertyRegistriesOf(site: ServingSite, endpoint: LegacySseEndpoint): SessionStore[] {
  const { sf, result } = site;
  return [...result.analysis.sessions.stores.values()].filter((store) => {
    if (store.kind !== 'transport' || !store.declaration || store.declaration.getSourceFile() !== sf || !ts.isPropertyAssignment(store.declaration)) return false;
    const refs = registryReferences(store, sf, result.analysis.values);
    return refs.length > 0 && refs.every((ref) => endpoint.parts.some((part) => isInside(ref, part)));
  });
}

interface StreamableInProgram {
  serves: 'yes' | 'no' | 'unknown';
  /** The module that may serve it, when `unknown`, and what keeps it from being told. */
  where?: ts.SourceFile;
  why?: string;
}

/**
 * Whether the program the endpoint runs in serves Streamable HTTP (an SDK Streamable HTTP transport constructed, or
 * `createMcpHandler` called) in some module (module-reach.ts `programRelation`): another program of the project (a
 * server started apart) does not count, and one the imports cannot place is `unknown`.
 */
function streamableInProgram(site: ServingSite, apartHere = false): StreamableInProgram {
  const { result } = site;
  let unknown: StreamableInProgram | undefined;
  for (const sf of result.sourceFiles) {
    // This file's own Streamable HTTP serving runs in the other branch of the choice that picks this endpoint.
    if ((apartHere && sf === site.sf) || !servesStreamableIn(site, sf)) continue;
    const { relation, why } = programRelation(result.analysis.values, result.sourceFiles, result.relative, site.sf, sf);
    if (relation === 'same') return { serves: 'yes', where: sf };
    if (relation === 'unknown') unknown ??= { serves: 'unknown', where: sf, why };
  }
  return unknown ?? { serves: 'no' };
}

/** The condition of the nearest `if … else` (or `? :`) one of whose branches holds `node`, as written (shortened). */
function enclosingBranchTest(node: ts.Node): string | undefined {
  for (let child: ts.Node = node, parent = node.parent; parent && !ts.isSourceFile(parent); child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && parent.elseStatement && (parent.thenStatement === child || parent.elseStatement === child)) return parent.expression.getText().slice(0, 60);
    if (ts.isConditionalExpression(parent) && (parent.whenTrue === child || parent.whenFalse === child)) return parent.condition.getText().slice(0, 60);
  }
  return undefined;
}

/** The `createMcpHandler(…)` calls of the file (an entry written before, by hand or by an earlier run). */
function handlerCallsIn(site: ServingSite): ts.CallExpression[] {
  const found: ts.CallExpression[] = [];
  if (!site.sf.text.includes(HTTP_HANDLER_FUNCTION)) return found;
  forEachDescendant(site.sf, (node) => {
    if (ts.isCallExpression(node) && site.result.analysis.sdk.exportOf(node.expression)?.name === HTTP_HANDLER_FUNCTION) found.push(node);
  });
  return found;
}

/** Whether the endpoint's module still leads to a Streamable HTTP endpoint (it mounts one from another module). */
function reachesStreamable(site: ServingSite): boolean {
  const { result } = site;
  return result.sourceFiles.some((sf) => servesStreamableIn(site, sf) && reachesModule(result.analysis.values, result.sourceFiles, site.sf, sf));
}

/** What `servesStreamableIn` found, per analysis and file: every SSE endpoint of a run asks about every file. */
const servingStreamable = new WeakMap<object, WeakMap<ts.SourceFile, boolean>>();

/** Whether `sf` constructs an SDK Streamable HTTP transport or calls `createMcpHandler`. */
function servesStreamableIn(site: ServingSite, sf: ts.SourceFile): boolean {
  const { analysis } = site.result;
  const known = servingStreamable.get(analysis) ?? new WeakMap<ts.SourceFile, boolean>();
  servingStreamable.set(analysis, known);
  const cached = known.get(sf);
  if (cached !== undefined) return cached;
  // A file that names neither cannot construct or call them (a subclass elsewhere is named like the SDK's, as before).
  let found = false;
  // Made or called, not named: a type (`Record<string, SSEServerTransport | StreamableHTTPServerTransport>`) serves nothing.
  if (/Streamable|createMcpHandler/.test(sf.text)) {
    forEachDescendant(sf, (node) => {
      if (found) return;
      if (ts.isNewExpression(node)) found = STREAMABLE_HTTP_TRANSPORTS.has(createdTransportClass(analysis, node)?.name ?? '');
      else if (ts.isCallExpression(node)) found = analysis.sdk.exportOf(node.expression)?.name === HTTP_HANDLER_FUNCTION;
    });
  }
  known.set(sf, found);
  return found;
}

/** `GET /sse, POST /message, registry \`transports\``: what the endpoint consists of, for the marker and notes. */
function describe(endpoint: LegacySseEndpoint): string {
  const names = endpoint.parts.filter((p) => !endpoint.routeParts.has(p)).map(declaredName).filter((n): n is string => !!n);
  const parts = [...endpoint.routes, ...names.map((n) => `\`${n}\``)];
  const registries = endpoint.registries.map((r) => `\`${r.name}\``);
  if (registries.length) parts.push(`registry ${registries.join(', ')}`);
  return parts.join(', ') || 'the SSEServerTransport';
}

/** Why `--modern-only` cannot remove the endpoint by itself and what a person removes instead; undefined when it can. */
function removalRefusal(endpoint: LegacySseEndpoint, handlersGo = false): { why: string; what: string; handlers?: boolean } | undefined {
  const handlers = endpoint.parts.filter((p) => !endpoint.routeParts.has(p));
  if (handlers.length > 0 && !handlersGo) {
    const names = handlers.map((h) => declaredName(h)).filter((n): n is string => !!n).map((n) => `\`${n}\``);
    return { why: `its handlers are ${names.length ? `functions (${names.join(', ')})` : 'code'} the application mounts or calls elsewhere`, what: 'those handlers, their mounts and the registry', handlers: true };
  }
  const shared = endpoint.registries.find((r) => (statementOf(r.declaration!) as ts.VariableStatement).declarationList?.declarations.length !== 1);
  if (shared) return { why: `its registry \`${shared.name}\` is declared together with other variables`, what: 'its routes and the registry' };
  return undefined;
}

function declaredName(part: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(part) || ts.isMethodDeclaration(part)) && part.name) return part.name.getText();
  if (ts.isVariableStatement(part)) {
    const decl = part.declarationList.declarations[0];
    return decl && ts.isIdentifier(decl.name) ? decl.name.text : undefined;
  }
  return undefined;
}

/**
 * HTTP+SSE transports the project wrote itself (`analysis/own-sse-transports.ts`: a class of its own, writing SSE
 * frames, connected to an SDK server). Nothing of them is rewritten: their sessions are the project's code, not the
 * SDK's. One marker at each `new` says so and what replaces them.
 */
export function markOwnSseTransports(site: ServingSite): void {
  const { sf, result, options } = site;
  if (!/\.connect\s*\(/.test(sf.text)) return;
  // Asked only once a hand-written transport is found (it reads the whole program).
  let modern: string | undefined;
  const modernAdvice = () =>
    streamableInProgram(site).serves === 'yes'
      ? 'new clients use the Streamable HTTP endpoint'
      : options.target === 'stateless-v1'
        ? 'serve new clients with Streamable HTTP without sessions (SDK 1.x: a new server and a `sessionIdGenerator: undefined` transport per POST)'
        : 'serve 2026-07-28 clients with `createMcpHandler(factory)` (mounted with `toNodeHandler`)';
  forEachDescendant(sf, (node) => {
    if (!ts.isCallExpression(node)) return;
    const created = ownSseTransportConnected(result.analysis, node);
    if (!created) return;
    modern ??= modernAdvice();
    const name = created.expression.getText(sf);
    const kept = options.modernOnly
      ? '--modern-only serves no 2025-era client, but it is the project\'s own code, so it is not removed automatically; remove it with its routes and its map of streams'
      : 'it serves 2025-era clients only and is sessionful by design, so it is not rewritten; keep it while they need it';
    site.marker(created, SSE_RULE, `\`${name}\` is a hand-written HTTP+SSE transport (one stream per client, each connected to an MCP server): ${kept}, and ${modern}.`);
  });
}

/** Names the deprecated transport: a comment block about the HTTP+SSE endpoint. */
const SSE_BANNER = /\bSSE\b|HTTP\+SSE|2024-11-05/i;

/**
 * A block of comment lines standing on its own (blank lines around it) right above the comments of the statement at
 * `start`, one blank line or more apart, that names HTTP+SSE: a section banner (Klavis-AI/klavis: `// DEPRECATED
 * HTTP+SSE TRANSPORT (PROTOCOL VERSION 2024-11-05)` between rules of `=`). The range to remove: the block's lines
 * and the blank line above it, so the code around keeps one blank line between.
 */
export function sseSectionBanner(text: string, start: number): { start: number; end: number } | undefined {
  const lineStartOf = (pos: number) => text.lastIndexOf('\n', pos - 1) + 1;
  const lineAbove = (lineStart: number) => (lineStart === 0 ? undefined : { start: lineStartOf(lineStart - 1), end: lineStart });
  const textOf = (line: { start: number; end: number }) => text.slice(line.start, line.end).trim();
  const isComment = (t: string) => t.startsWith('//') || t.startsWith('/*') || t.startsWith('*');
  // Up over the statement's own comments (no blank line between), then over the blank lines.
  let line = lineAbove(lineStartOf(start));
  while (line && textOf(line) !== '' && isComment(textOf(line))) line = lineAbove(line.start);
  if (!line || textOf(line) !== '') return undefined;
  while (line && textOf(line) === '') line = lineAbove(line.start);
  if (!line || !isComment(textOf(line))) return undefined;
  const end = line.end;
  let top = line;
  for (let above = lineAbove(line.start); above && textOf(above) !== ''; above = lineAbove(above.start)) {
    if (!isComment(textOf(above))) return undefined; // the comments belong to code above them
    top = above;
  }
  // A banner over both transports (`HTTP+SSE and Streamable HTTP`) still heads the code that stays.
  const block = text.slice(top.start, end);
  if (!SSE_BANNER.test(block) || /streamable/i.test(block)) return undefined;
  const blank = lineAbove(top.start);
  return { start: blank ? blank.start : top.start, end };
}
