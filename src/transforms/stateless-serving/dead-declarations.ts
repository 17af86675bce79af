/**
 * What the helper-registry rewrite (session-registry.ts) leaves unused: declarations only the removed code
 * referred to (the registry's entry type, a TTL resolver, a default TTL) would be dead code in the migrated
 * file, so they go too.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isFunctionLike, isInside, unwrap } from '../../analysis/ast.js';
import { referencesByName } from './text.js';
import type { ServingSite } from './serving-site-view.js';
import type { ValueQueries } from '../../analysis/value.js';
import { exportedAsDefault, localExportNames } from './module-reach.js';
import { makesCalls, soleStatement } from './syntax-queries.js';

/**
 * Declarations the removed code was the only user of, found to a fixed point: type aliases and interfaces
 * (the registry's entry type), functions that are not exported (a TTL resolver), and variables with no initializer,
 * a plain one (a default TTL) or a function (a middleware). Code the project had left unused before stays: only
 * declarations the removed code referred to are considered, and `used` names the new code calls (the factory) stay.
 */
export function deadAfter(site: ServingSite, removed: ReadonlySet<ts.Node>, used: ReadonlySet<string>): ts.Node[] {
  return deadAfterIn(site.sf, site.result.analysis.values, removed, used);
}

/** deadAfter in any file of the program (where a route mounting a removed handler went). */
export function deadAfterIn(sf: ts.SourceFile, values: ValueQueries, removed: ReadonlySet<ts.Node>, used: ReadonlySet<string>): ts.Node[] {
  const gone = new Set<ts.Node>(removed);
  const dead: ts.Node[] = [];
  const isGone = (n: ts.Node) => [...gone].some((r) => isInside(n, r));
  for (let grew = true; grew; ) {
    grew = false;
    const candidates = new Set<ts.Node>();
    for (const node of gone) {
      forEachDescendant(node, (n) => {
        if (!ts.isIdentifier(n)) return;
        const decl = values.symbolOf(n)?.declarations?.[0];
        if (decl && decl.getSourceFile() === sf && !isGone(decl)) candidates.add(decl);
      });
    }
    for (const decl of candidates) {
      const statement = removableDeclaration(decl, used);
      if (!statement || gone.has(statement)) continue;
      const nameNode = (decl as ts.NamedDeclaration).name;
      if (!nameNode || !ts.isIdentifier(nameNode) || used.has(nameNode.text)) continue;
      const symbol = values.symbolOf(nameNode);
      // Named by an export list (`export { sseHeaders }`) or `export default`: other modules may use it.
      if (localExportNames(sf, nameNode.text).length > 0 || exportedAsDefault(sf, nameNode.text)) continue;
      const refs = referencesByName(sf, nameNode.text).filter((r) => r !== nameNode && values.symbolOf(r) === symbol);
      if (refs.length === 0 || !refs.every(isGone)) continue;
      gone.add(statement);
      dead.push(statement);
      grew = true;
    }
  }
  return dead;
}

function removableDeclaration(decl: ts.Node, used: ReadonlySet<string>): ts.Node | undefined {
  const exported = (s: ts.Node) => !!ts.getModifiers(s as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (ts.isTypeAliasDeclaration(decl) || ts.isInterfaceDeclaration(decl) || ts.isFunctionDeclaration(decl)) return exported(decl) ? undefined : decl;
  const statement = ts.isVariableDeclaration(decl) ? soleStatement(decl) : undefined;
  // A function value runs nothing where it is defined (`const sseHeaders = (req, res, next) => { … }`, a middleware only
  // the removed routes used); any other initializer only when it calls nothing; none at all (`let transport:
  // SSEServerTransport;` that only the removed routes assigned and read, sweep 18 R1) runs nothing either.
  const initializer = (decl as ts.VariableDeclaration).initializer;
  if (statement && !exported(statement)) return !initializer || isFunctionLike(unwrap(initializer)) || !makesCalls(initializer) || buildsWith(initializer, used) ? statement : undefined;
  return undefined;
}

/**
 * `createServer()` (or `await createServer()`) of a factory the new code calls for every request: the one server the
 * removed routes connected (`const server = createServer();`, kept beside an entry by an earlier run) does nothing
 * building it again per request does not do.
 */
function buildsWith(initializer: ts.Expression, used: ReadonlySet<string>): boolean {
  let inner = unwrap(initializer);
  if (ts.isAwaitExpression(inner)) inner = unwrap(inner.expression);
  return ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.arguments.length === 0 && used.has(inner.expression.text);
}
