/**
 * Sessionful Streamable HTTP whose transports a helper makes (`async function createSession()`) and a
 * registry keeps (`const sessions = new Map()`), served by a request listener that routes on the
 * `mcp-session-id` header: tobi/qmd's shape. The listener's code that picks a transport (the header read,
 * the 404/400 answers, `isInitializeRequest`, the registry lookups) goes, and the transport call it fed
 * (`transport.handleRequest(…)`) is served by one `createMcpHandler(factory)` made where the helper was
 * (`--target stateless-v1`: a server and a `sessionIdGenerator: undefined` transport per POST, 405 for the
 * branches that only served existing sessions). The helper, the registry, the idle reaper that swept it and
 * the shutdown loop over it go with the sessions.
 *
 * Everything is checked before anything is edited: a refusal is a reason (the caller leaves a marker with
 * it), never half a rewrite.
 *
 * This module is the rewrite's sequence, checks then edits; each step it asks lives beside it:
 * session-helper.ts (the helper), session-routing.ts (the listener branches), custom-logic.ts (what is plumbing),
 * idle-reapers.ts and reaper-ttl-options.ts (the reaper and the options that configured it), registry-shutdown.ts
 * (the shutdown loop), stateless-v1-branches.ts (`--target stateless-v1`), dead-declarations.ts (what the removed
 * code alone used). The view of the file's plan it works through, ServingSite, is declared in serving-site-view.ts.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isInside, unwrap, statementOf } from '../../analysis/ast.js';
import { indentAt } from '../kit/source-style.js';
import { isAsync, referencesByName, removalRange } from './text.js';
import { RULE_ID } from '../../rule-ids.js';
import { TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { customLogic, PLUMBING_GLOBALS } from './custom-logic.js';
import { deadAfter } from './dead-declarations.js';
import { reapers } from './idle-reapers.js';
import { clearCall, closingLoop } from './registry-shutdown.js';
import { helperEnd, helperOf } from './session-helper.js';
import { dispatchSite, type DispatchSite } from './session-routing.js';
import type { ServingSite } from './serving-site-view.js';
import { statelessV1Branches } from './stateless-v1-branches.js';
import { placeOf } from './syntax-queries.js';

const SERVER_MODULE = '@modelcontextprotocol/server';
const NODE_MODULE = '@modelcontextprotocol/node';

/**
 * Rewrites the helper shape around `transport`: true when rewritten, a reason when the shape is this one but
 * cannot be rewritten safely, undefined when the transport is not made in a named helper beside a registry.
 */
export function rewriteHelperRegistry(site: ServingSite, transports: readonly ts.NewExpression[]): true | string | undefined {
  const transport = transports[0]!;
  const helper = helperOf(transport);
  if (!helper) return undefined;
  const values = site.result.analysis.values;
  const registries = [...site.result.analysis.sessions.stores.values()].filter((s) => (s.kind === 'transport' || s.kind === 'server') && s.declaration?.getSourceFile() === site.sf);
  if (registries.length === 0) return undefined;
  if (transports.length > 1) return 'the file creates more than one transport.';
  const exportedRegistry = registries.find((r) => ts.getModifiers(statementOf(r.declaration!) as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
  if (exportedRegistry) return `\`${exportedRegistry.name}\` is exported: other modules may use the sessions.`;
  if (ts.getModifiers(helper.statement as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return `\`${helper.name}\` is exported: other modules may open sessions with it.`;

  const options = site.transportOptions(transport);
  if (typeof options === 'string') return options;
  for (const key of [...TRANSPORT_MEMBERS.dnsRebindingOptions, TRANSPORT_MEMBERS.resumabilityOption]) {
    if (options[key]) return `the transport sets \`${key}\`, which the stateless entry has no place for.`;
  }
  const factory = site.factoryOf(helper.fn, transport);
  if (typeof factory === 'string') return factory;
  const webStandard = site.result.analysis.sdk.exportOf(transport.expression)?.name.startsWith('WebStandard') ?? false;

  const isRegistry = (id: ts.Identifier) => registries.some((r) => values.symbolOf(id)?.valueDeclaration === r.declaration);
  const helperSymbol = values.symbolOf(helper.nameNode);
  const isHelper = (id: ts.Identifier) => !!helperSymbol && values.symbolOf(id) === helperSymbol;

  // The helper only builds, connects and books the transport.
  const helperAllowed = new Set([...PLUMBING_GLOBALS, ...site.sdkNames, ...registries.map((r) => r.name), ...factory.names]);
  const helperIssue = customLogic(site, helper.fn.body!, helperAllowed, new Set(), 'the helper', isRegistry);
  if (helperIssue) return helperIssue;

  // Every branch of a listener that hands a request to a transport picked from the registry.
  const sites: DispatchSite[] = [];
  let refusal: string | undefined;
  forEachDescendant(site.sf, (node) => {
    if (refusal || !ts.isCallExpression(node) || calleeParts(node).name !== TRANSPORT_MEMBERS.requestMethod || isInside(node, helper.fn)) return;
    const found = dispatchSite(site, node, isRegistry, isHelper);
    if (typeof found === 'string') refusal = found;
    else if (found) sites.push(found);
  });
  if (refusal) return refusal;
  if (!sites.some((s) => s.opens)) return `no request listener branch calls \`${helper.name}()\` to open a session.`;
  const scope = helper.statement.parent;
  if (sites.some((s) => !isInside(s.block, scope))) return 'a listener that routes to the sessions is outside the scope the helper is declared in.';

  const removed = new Set<ts.Node>([helper.statement, ...registries.map((r) => statementOf(r.declaration!)), ...sites.flatMap((s) => s.routing)]);
  const reaper = reapers(site, registries, removed);
  if (typeof reaper === 'string') return reaper;
  for (const node of reaper.removed) removed.add(node);

  // Shutdown: a loop closing every registered transport becomes the handler's close(); `registry.clear()` goes.
  const shutdownLoops: ts.Node[] = [];
  for (const registry of registries) {
    for (const ref of referencesByName(site.sf, registry.name)) {
      if (!isRegistry(ref) || [...removed].some((r) => isInside(ref, r))) continue;
      const loop = closingLoop(ref);
      if (loop && isInside(loop, scope)) {
        shutdownLoops.push(loop);
        continue;
      }
      const clear = clearCall(ref);
      if (clear) {
        removed.add(clear);
        continue;
      }
      return `\`${registry.name}\` (the session registry) is also used ${placeOf(ref)}: that code depends on sessions; remove it.`;
    }
  }
  for (const ref of referencesByName(site.sf, helper.name)) {
    if (ref !== helper.nameNode && isHelper(ref) && ![...removed].some((r) => isInside(ref, r))) return `\`${helper.name}()\` is also called ${placeOf(ref)}, outside the session routing.`;
  }

  const v1 = site.options.target === 'stateless-v1';
  let perPost: Map<DispatchSite, string[]> | undefined;
  if (v1) {
    const planned = statelessV1Branches(site, sites, factory.call, transport, options);
    if (typeof planned === 'string') return planned;
    perPost = planned;
  }

  // ---- every check passed: edit ----
  const handlerName = site.freshName('mcpHandler');
  const nodeHandlerName = site.freshName('mcpNodeHandler');
  // On stateless-v1 a branch that only served existing sessions is answered 405 as a whole.
  const answered = v1 ? sites.filter((s) => !s.opens).map((s) => s.block) : [];
  const inAnswered = (n: ts.Node) => answered.some((b) => isInside(n, b));
  const deadDeclarations = deadAfter(site, new Set([...removed, ...answered]), new Set(factory.names)).filter((n) => !inAnswered(n));
  for (const node of outermost([...removed, ...deadDeclarations])) {
    if ((node === helper.statement && !v1) || inAnswered(node)) continue;
    site.remove(node);
  }
  if (v1) {
    for (const [branch, lines] of perPost!) {
      if (branch.opens) {
        // The idiom stands right above the transport call (and its comments), where the routing ended.
        const callStatement = statementOf(branch.call);
        const start = removalRange(site.sf, callStatement, true, false).start;
        const indent = indentAt(site.sf.text, callStatement.getStart(site.sf));
        site.edit(start, start, lines.map((l) => `${indent}${l}\n`).join(''));
      } else {
        const indent = indentAt(site.sf.text, branch.block.parent.getStart(site.sf));
        site.edit(branch.block.getStart(site.sf), branch.block.end, `{\n${lines.map((l) => `${indent}${site.unit}${l}`).join('\n')}\n${indent}}`);
      }
    }
    for (const loop of shutdownLoops) site.remove(loop);
    site.note(`serving: ${site.result.relative(site.sf.fileName)} — sessions opened by \`${helper.name}()\` → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST; the branches serving existing sessions answer 405 (SDK 1.x)`);
  } else {
    const handlerOptions: string[] = [];
    if (site.options.modernOnly) handlerOptions.push(`legacy: ${site.q('reject')}`);
    const json = options.enableJsonResponse;
    if (json && unwrap(json).kind === ts.SyntaxKind.TrueKeyword) handlerOptions.push(`responseMode: ${site.q('json')}`);
    const indent = indentAt(site.sf.text, helper.statement.getStart(site.sf));
    const lines = [`const ${handlerName} = createMcpHandler(${factory.expression}${handlerOptions.length ? `, { ${handlerOptions.join(', ')} }` : ''});`];
    if (!webStandard) lines.push(`const ${nodeHandlerName} = toNodeHandler(${handlerName});`);
    // The entry takes the helper's place; the helper's own comments go with it.
    const start = removalRange(site.sf, helper.statement, true, false).start;
    site.edit(start, helperEnd(site.sf, helper.statement), `${indent}${lines.join(`\n${indent}`)}\n`);
    for (const branch of sites) {
      const callee = branch.call.expression;
      site.edit(callee.getStart(site.sf), callee.end, webStandard ? `${handlerName}.fetch` : nodeHandlerName);
    }
    for (const loop of shutdownLoops) {
      const fn = enclosingFunction(loop);
      site.edit(loop.getStart(site.sf), loop.end, `${fn && isAsync(fn) ? 'await' : 'void'} ${handlerName}.close();`);
    }
    site.addImport(SERVER_MODULE, 'createMcpHandler');
    if (!webStandard) site.addImport(NODE_MODULE, 'toNodeHandler');
    const legacy = site.options.modernOnly ? 'modern-only (legacy: \'reject\')' : '2025-era clients still served statelessly';
    site.note(`serving: ${site.result.relative(site.sf.fileName)} — sessions opened by \`${helper.name}()\` in \`${registries.map((r) => r.name).join('`, `')}\` → createMcpHandler(${factory.expression}) served by ${webStandard ? `${handlerName}.fetch` : 'toNodeHandler'} (${legacy})`);
  }
  if (reaper.timers.length > 0) site.note(`serving: ${site.result.relative(site.sf.fileName)} — the idle-session reaper (${reaper.timers.map((t) => `\`${t}\``).join(', ')}) removed with the sessions it expired`);
  for (const option of reaper.options) site.marker(option.node, RULE_ID.transportRegistry, option.message);
  return true;
}

/** Nodes of `nodes` not inside another of them. */
function outermost(nodes: readonly ts.Node[]): ts.Node[] {
  const unique = [...new Set(nodes)];
  return unique.filter((n) => !unique.some((o) => o !== n && isInside(n, o)));
}
