/**
 * `--modern-only` on an HTTP+SSE endpoint whose code is handler functions of the file rather than route
 * registrations (legacy-sse.ts refuses those by default): the functions go when every call of them is one a
 * maintainer removes with them —
 *
 * - the whole handler of a route (`app.get('/sse', (req, res) => handleSse('/sse', req, res))`): the route goes;
 * - one branch of a dispatcher (`if (url.pathname.startsWith('/sse')) await handleSse(…); else await other(…);`,
 *   playwright-mcp's node:http listener): the `if` becomes its `else` (or goes, when it has none);
 * - a call inside another handler of the endpoint.
 *
 * The registries only that code names (a `const sseSessions = new Map()` handed to the handler) go with them; a
 * count of their sessions in code that stays (a health field) becomes 0. A handler that is exported, or called any
 * other way, or a registry the remaining code still reads otherwise, is a reason, returned for the endpoint's marker.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isFunctionLike, isInside, outermostWrapper, statementOf, unwrap } from '../../analysis/ast.js';
import { SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { isSsePost, type LegacySseEndpoint } from '../../analysis/legacy-sse.js';
import { routesOf } from '../../analysis/routes.js';
import { indentAt } from '../kit/source-style.js';
import { registryReferences } from './registries.js';
import { leftoversOf, type SessionCount } from './registry-leftovers.js';
import { referencesByName, reindent } from './text.js';
import { quotedCode } from '../kit/prose.js';
import type { ServingSite } from './serving-site-view.js';

interface Replacement {
  node: ts.Node;
  /** The text the statement becomes; undefined: the statement goes. */
  text?: string;
  /** The part of `node` whose code `text` keeps (an `else` branch). */
  kept?: ts.Node;
  /** The name of the registry `node` declares, when it is one. */
  registry?: string;
}

export interface HandlerCallRemoval {
  /** The endpoint's code that goes: its route registrations and the innermost named functions serving it. */
  parts: ts.Node[];
  /** Statements that go or are replaced: routes whose handler calls one, dispatch branches, registries. */
  replacements: Replacement[];
  /** How the calls went, for the note (`GET /sse route`, `the \`if\` at line 117`). */
  sites: string[];
  /** Counts of a registry that goes, in code that stays (a health field): they become 0 (registry-leftovers.ts). */
  counts: SessionCount[];
  /** Shutdown loops closing a registry that goes (registry-leftovers.ts). */
  loops: ts.Node[];
}

/** How to remove the endpoint's handler functions with their calls, or why not (the marker's words). */
export function handlerCallRemoval(site: ServingSite, endpoint: LegacySseEndpoint): HandlerCallRemoval | { why: string; what?: string } {
  const { sf, result } = site;
  const values = result.analysis.values;
  const handlers = narrowHandlers(site, endpoint);
  const parts = [...endpoint.parts.filter((p) => endpoint.routeParts.has(p)), ...handlers];
  const replacements: Replacement[] = [];
  const sites: string[] = [];
  const counts: SessionCount[] = [];
  const loops: ts.Node[] = [];
  const gone: ts.Node[] = [...parts];
  const kept: ts.Node[] = [];
  const routes = routesOf(sf, values);
  const routeCalls = new Set(routes.flatMap((r) => (r.call ? [r.call] : [])));
  for (const handler of handlers) {
    const named = handlerName(handler);
    if (!named) return { why: 'its handler code is not a function declared on its own (a declaration or `const f = (…) => …`)' };
    if (ts.getModifiers(handler as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return { why: `its handler \`${named.text}\` is exported: other modules may mount or call it` };
    const symbol = values.symbolOf(named);
    const refs = referencesByName(sf, named.text).filter((r) => r !== named && values.symbolOf(r) === symbol);
    for (const ref of refs) {
      if (handlers.some((h) => isInside(ref, h))) continue;
      const call = ref.parent;
      if (!ts.isCallExpression(call) || call.expression !== ref) return { why: `its handler \`${named.text}\` is passed on (${quotedCode(ref.parent)}), not called: what receives it decides when it runs` };
      const replacement = callSiteRemoval(call, sf, site.unit, routeCalls);
      if (!replacement) return { why: `its handler \`${named.text}\` is called (${quotedCode(call)}) from code that stays (not the whole handler of a route, nor one branch of an \`if\`)` };
      const route = routes.find((r) => r.call && statementOf(r.call) === replacement.node);
      sites.push(route ? `${route.method.toUpperCase()} ${route.path ?? 'route'}` : `the \`if\` ${quotedCode((replacement.node as ts.IfStatement).expression ?? replacement.node)}`);
      if (!replacements.some((r) => r.node === replacement.node)) replacements.push(replacement);
      gone.push(replacement.node);
      if (replacement.kept) kept.push(replacement.kept);
    }
  }
  // The registries the removed code names, and nothing else does (an `else` branch kept is code that stays).
  const goes = (ref: ts.Node) => gone.some((g) => isInside(ref, g)) && !kept.some((k) => isInside(ref, k));
  for (const store of result.analysis.sessions.stores.values()) {
    const decl = store.declaration;
    if (!decl || decl.getSourceFile() !== sf || !ts.isVariableDeclaration(decl)) continue;
    const refs = registryReferences(store, sf, values);
    if (refs.length === 0 || (!refs.some(goes) && !endpoint.registries.includes(store))) continue;
    // A count of its sessions in code that stays (`openStreams: Object.keys(streams).length`) becomes 0; a shutdown
    // loop closing its transports goes (registry-leftovers.ts).
    const left = leftoversOf(store, refs, (ref) => !goes(ref), site.plumbingRefusal);
    if ('why' in left) return { why: left.why };
    if ('stray' in left) return { why: `its registry \`${store.name}\` is also read by code that stays (${quotedCode(statementOf(left.stray))})`, what: `\`mcp-migrate apply --modern-only\` once that read of \`${store.name}\` is gone (the sessions it counts exist only for 2025-era clients)` };
    const statement = statementOf(decl);
    if (!ts.isVariableStatement(statement) || statement.declarationList.declarations.length !== 1) return { why: `its registry \`${store.name}\` is declared together with other variables` };
    replacements.push({ node: statement, registry: store.name });
    counts.push(...left.counts);
    loops.push(...left.loops);
  }
  return { parts, replacements, sites, counts, loops };
}

/**
 * The endpoint's handler parts narrowed to the innermost named function around each SSE site (`const openStream =
 * async (…) => …` inside the start function the analysis takes for the endpoint, because nothing else in it
 * serves Streamable HTTP through an SDK transport).
 */
function narrowHandlers(site: ServingSite, endpoint: LegacySseEndpoint): ts.Node[] {
  const sdk = site.result.analysis.sdk;
  const out = new Set<ts.Node>();
  for (const part of endpoint.parts) {
    if (endpoint.routeParts.has(part)) continue;
    forEachDescendant(part, (node) => {
      const sse = ts.isNewExpression(node) && SSE_TRANSPORTS.has(sdk.exportOf(node.expression)?.name ?? '');
      // The transport's method (`transport.handlePostMessage(…)`), recognised as the analysis recognised the endpoint's posts.
      const post = ts.isCallExpression(node) && isSsePost(site.result.analysis, node);
      if (!sse && !post) return;
      let found: ts.Node | undefined;
      for (let current: ts.Node | undefined = node.parent; current && current !== part.parent && !found; current = current.parent) {
        if (ts.isFunctionDeclaration(current) && current.name) found = current;
        else if (isFunctionLike(current) && ts.isVariableDeclaration(outermostWrapper(current).parent)) {
          const statement = statementOf(current);
          if (ts.isVariableStatement(statement) && handlerName(statement)) found = statement;
        }
      }
      out.add(found ?? part);
    });
  }
  return [...out].filter((h, _, all) => !all.some((o) => o !== h && isInside(h, o)));
}

/** The name `handler` (a function declaration or `const f = …` statement) declares. */
function handlerName(handler: ts.Node): ts.Identifier | undefined {
  if (ts.isFunctionDeclaration(handler)) return handler.name;
  if (!ts.isVariableStatement(handler) || handler.declarationList.declarations.length !== 1) return undefined;
  const decl = handler.declarationList.declarations[0]!;
  return ts.isIdentifier(decl.name) && decl.initializer && isFunctionLike(unwrap(decl.initializer)) ? decl.name : undefined;
}

/**
 * What goes with `call`: the route registration whose whole handler it is, or the `if` whose one branch it is
 * (replaced by its `else`). Undefined when the call sits anywhere else.
 */
function callSiteRemoval(call: ts.CallExpression, sf: ts.SourceFile, unit: string, routeCalls: ReadonlySet<ts.CallExpression>): Replacement | undefined {
  let node: ts.Node = call;
  while (ts.isAwaitExpression(node.parent) || ts.isParenthesizedExpression(node.parent)) node = node.parent;
  const holder = node.parent;
  // `(req, res) => handle(…)` or `async (req, res) => { await handle(…); }` as a route's last argument.
  const arrow = ts.isArrowFunction(holder) && holder.body === node ? holder : ts.isExpressionStatement(holder) && ts.isBlock(holder.parent) && holder.parent.statements.length === 1 && isFunctionLike(holder.parent.parent) ? holder.parent.parent : undefined;
  if (arrow && ts.isCallExpression(arrow.parent) && arrow.parent.arguments[arrow.parent.arguments.length - 1] === arrow && ts.isExpressionStatement(arrow.parent.parent)) {
    return routeCalls.has(arrow.parent) ? { node: arrow.parent.parent } : undefined;
  }
  // `if (test) await handle(…); else other;`, `if (test) { await handle(…); return; }`, `if (test) return handle(…);`.
  const statement = ts.isExpressionStatement(holder) || (ts.isReturnStatement(holder) && holder.expression === node) ? holder : undefined;
  if (!statement) return undefined;
  let branch: ts.Statement = statement;
  if (ts.isBlock(statement.parent)) {
    const rest = statement.parent.statements.filter((s) => s !== statement);
    const onlyReturn = rest.length === 0 || (rest.length === 1 && ts.isReturnStatement(rest[0]!) && !rest[0].expression && statement.parent.statements[0] === statement);
    if (!onlyReturn) return undefined;
    branch = statement.parent;
  }
  const branchIf = branch.parent;
  if (!ts.isIfStatement(branchIf) || branchIf.thenStatement !== branch) return undefined;
  const other = branchIf.elseStatement;
  // Without an `else` the `if` goes, unless it is itself an `else` (the chain would be left open).
  if (!other) return ts.isIfStatement(branchIf.parent) && branchIf.parent.elseStatement === branchIf ? undefined : { node: branchIf };
  const at = indentAt(sf.text, branchIf.getStart(sf));
  if (!ts.isBlock(other)) return { node: branchIf, kept: other, text: reindent(other.getText(sf), indentAt(sf.text, other.getStart(sf)), at).trimStart() };
  if (other.statements.length === 0) return { node: branchIf };
  const first = other.statements[0]!;
  const inner = sf.text.slice(first.getStart(sf), other.statements[other.statements.length - 1]!.end);
  const from = indentAt(sf.text, first.getStart(sf)) || at + unit;
  return { node: branchIf, kept: other, text: reindent(inner, from, at).trimStart() };
}

