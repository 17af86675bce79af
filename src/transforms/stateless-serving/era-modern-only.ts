/**
 * `--modern-only` on an endpoint that already serves both eras (era-routing.ts: a predicate built on the SDK's
 * `isLegacyRequest` sends 2026-07-28 requests to a stateless entry; the sessionful path after it serves 2025-era
 * clients). With no 2025-era client served, the sessionful path goes, as the maintainer's own routing says it
 * would: the route's `if (await isModern(req)) { serveModern(…); return; }` becomes the route (`serveModern(…)`
 * for every request), the GET/DELETE session routes on the same path and the registries only that code uses go
 * with it. The stateless entry is the maintainer's (its `legacy` option is theirs to set).
 *
 * Anything else in the way is a reason, returned for the marker: a branch that is not `if (<predicate>) { … }`
 * at the top of a block, a session route doing other work, a registry used elsewhere.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, isInside, lineOf, statementOf, unwrap } from '../../analysis/ast.js';
import { routesOf, type Route } from '../../analysis/routes.js';
import { indentAt, lineStart } from '../kit/source-style.js';
import { registriesUsedIn, registryReferences, registryRemovals } from './registries.js';
import { heldStateAdvice, registriesHoldingState } from '../kit/held-state.js';
import { reindent } from './text.js';
import { quotedCode } from '../kit/prose.js';
import type { ServingSite } from './serving-site-view.js';

/** Plans the removal of the sessionful path; true when planned, else why it cannot be. */
export function planEraModernOnly(site: ServingSite, route: Route, handler: ts.Node, discriminator: string, first: ts.NewExpression): true | string {
  const { sf, result } = site;
  const values = result.analysis.values;
  const branch = discriminatorBranch(handler, discriminator);
  if (!branch) return `the route's test \`${discriminator}()\` is not an \`if (${discriminator}(…)) { … }\` of its own that the sessionful path follows, so the sessionful path is not removed automatically.`;
  const block = branch.parent as ts.Block;
  const after = block.statements.slice(block.statements.indexOf(branch) + 1);
  if (!after.some((s) => isInside(first, s))) return `the sessionful transport is not created after \`if (${discriminator}(…))\` in the same block, so the sessionful path is not removed automatically.`;
  // GET/DELETE routes on the path that read a registry of the sessionful path: session routes, gone with the sessions.
  const registries = registriesUsedIn(result, sf, after);
  const [holding] = registriesHoldingState(registries);
  if (holding) return heldStateAdvice(holding);
  const refsOf = (r: (typeof registries)[number]) => registryReferences(r, sf, values);
  const sessionRoutes = routesOf(sf, values).filter(
    (r) => r.call && r.call !== route.call && r.path === route.path && (r.method === 'get' || r.method === 'delete') && registries.some((reg) => refsOf(reg).some((ref) => isInside(ref, r.call!))),
  );
  const removed: ts.Node[] = [...after, ...sessionRoutes.map((r) => r.call!)];
  for (const registry of registries) {
    const decl = statementOf(registry.declaration!);
    const stray = refsOf(registry).find((ref) => !isInside(ref, decl) && !removed.some((r) => isInside(ref, r)));
    if (stray) return `the session registry \`${registry.name}\` is also used outside the sessionful path and its GET/DELETE session routes (${quotedCode(statementOf(stray))}): remove that use, then the path.`;
  }
  // Other per-session maps (`servers[id] = mcpServer`) named only by the removed code go too.
  for (const store of result.analysis.sessions.stores.values()) {
    if (registries.includes(store) || !store.declaration || store.declaration.getSourceFile() !== sf || !ts.isVariableDeclaration(store.declaration)) continue;
    const refs = refsOf(store);
    if (refs.length > 0 && refs.every((ref) => removed.some((r) => isInside(ref, r)))) registries.push(store);
  }
  // The 2026-07-28 branch's statements take the place of the branch and everything after it.
  const then = ts.isBlock(branch.thenStatement) ? [...branch.thenStatement.statements] : [branch.thenStatement];
  const last = then[then.length - 1];
  if (last && ts.isReturnStatement(last) && !last.expression && endsFunction(block)) then.pop();
  if (then.length === 0) return `the \`if (${discriminator}(…))\` branch has no statement serving the request.`;
  const at = indentAt(sf.text, branch.getStart(sf));
  const from = indentAt(sf.text, then[0]!.getStart(sf));
  const body = reindent(sf.text.slice(fullStartOnLine(sf, then[0]!), then[then.length - 1]!.end), from, at).replace(/^\s*\n/, '');
  site.edit(fullStartOnLine(sf, branch), after[after.length - 1]!.end, body.startsWith(at) ? body : `${at}${body.trimStart()}`);
  for (const r of sessionRoutes) site.remove(statementOf(r.call!));
  for (const range of registryRemovals(registries, sf)) site.edit(range.start, range.end, '');
  const where = `${result.relative(sf.fileName)}:${lineOf(branch)}`;
  site.note(`serving: ${where} — the endpoint's sessionful 2025-era path after \`${discriminator}()\` removed (--modern-only: every request goes to its stateless entry)${sessionRoutes.length ? `, with its ${sessionRoutes.map((r) => r.method.toUpperCase()).join('/')} session route${sessionRoutes.length > 1 ? 's' : ''}` : ''}${registries.length ? ` and the registr${registries.length > 1 ? 'ies' : 'y'} ${registries.map((r) => `\`${r.name}\``).join(', ')}` : ''}`);
  return true;
}

/** `if (await predicate(req)) { … }` (no else) directly in a block of `handler`. */
function discriminatorBranch(handler: ts.Node, discriminator: string): ts.IfStatement | undefined {
  let found: ts.IfStatement | undefined;
  forEachDescendant(handler, (node) => {
    if (found || !ts.isIfStatement(node) || node.elseStatement || !ts.isBlock(node.parent)) return;
    let test = unwrap(node.expression);
    if (ts.isAwaitExpression(test)) test = unwrap(test.expression);
    if (ts.isCallExpression(test) && calleeParts(test).name === discriminator) found = node;
  });
  return found;
}

/** Whether control leaves the function when `block` ends (its body, or a try block that is last all the way up). */
function endsFunction(block: ts.Block): boolean {
  let current: ts.Node = block;
  for (;;) {
    const parent: ts.Node = current.parent;
    if (isFunctionLike(parent)) return true;
    if (ts.isTryStatement(parent) && parent.tryBlock === current && !parent.finallyBlock) {
      current = parent;
      continue;
    }
    if (ts.isBlock(parent) && parent.statements[parent.statements.length - 1] === current) {
      current = parent;
      continue;
    }
    return false;
  }
}

/** The start of `node`'s first line, with the comment lines directly above it. */
function fullStartOnLine(sf: ts.SourceFile, node: ts.Node): number {
  const ranges = ts.getLeadingCommentRanges(sf.text, node.pos) ?? [];
  return lineStart(sf.text, ranges.length ? ranges[0]!.pos : node.getStart(sf));
}

