/**
 * `--modern-only` on an HTTP+SSE endpoint whose code is handler functions of the file rather than route
 * registrations (legacy-sse.ts refuses those by default): the functions go when every call of them is one a
 * maintainer removes with them —
 *
 * - the whole handler of a route (`app.get('/sse', (req, res) => handleSse('/sse', req, res))`): the route goes;
 * - one branch of a dispatcher (`if (url.pathname.startsWith('/sse')) await handleSse(…); else await other(…);`,
 *   playwright-mcp's node:http listener): the `if` becomes its `else` (or goes, when it has none);
 * - a call inside another handler of the endpoint;
 * - the handler mounted as a route's last argument (`router.get('/sse', auth, handleSse)`): the route goes.
 *
 * An exported handler goes the same way when every use of it in the modules importing it is one of those (its import
 * then goes as unused); a re-export, a load at run time, a default export or a package entry point is a reason. The
 * endpoint's message route goes with it even when its handler only relays the messages (to a Redis channel the SSE
 * handler subscribes to): it is the POST route on the path the SSE transport tells clients to post to.
 *
 * The registries only that code names (a `const sseSessions = new Map()` handed to the handler) go with them; a
 * count of their sessions in code that stays (a health field) becomes 0. A handler used any other way, or a registry
 * the remaining code still reads otherwise, is a reason, returned for the endpoint's marker.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isFunctionLike, isInside, outermostWrapper, statementOf, unwrap } from '../../analysis/ast.js';
import { SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { isSsePost, type LegacySseEndpoint } from '../../analysis/legacy-sse.js';
import { routesOf, type Route } from '../../analysis/routes.js';
import { indentAt, indentUnit } from '../kit/source-style.js';
import { dynamicLoadOf, exportedAsDefault as exportedAsDefaultIn, localExportNames, packageSources, publishedByItsPackage, reExportsAllOf, stem } from './module-reach.js';
import { packageDirOf } from '../kit/package-json.js';
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
  /** The same in other modules of the program: the routes mounting or calling an exported handler there. */
  elsewhere: Replacement[];
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
  const elsewhere: Replacement[] = [];
  const sites: string[] = [];
  const counts: SessionCount[] = [];
  const loops: ts.Node[] = [];
  const gone: ts.Node[] = [...parts];
  const kept: ts.Node[] = [];
  const routesIn = new Map<ts.SourceFile, Route[]>();
  const routesOfFile = (file: ts.SourceFile): Route[] => routesIn.get(file) ?? routesIn.set(file, routesOf(file, values)).get(file)!;
  // The files whose routes mount or call a handler: where the endpoint's message route is looked for.
  const mountingFiles = new Set<ts.SourceFile>([sf]);
  const queue = [...handlers];
  for (let handler = queue.shift(); handler; handler = queue.shift()) {
    const named = handlerName(handler);
    if (!named) {
      // A class's methods (a NestJS service's `handleSseConnection`, sweep 39 AM4) are declared on their own, but not removable alone.
      const owner = ts.isMethodDeclaration(handler) && ts.isClassLike(handler.parent) ? handler.parent.name?.text : undefined;
      return { why: owner ? `its handlers are methods of \`${owner}\`, which this rewrite does not take apart (their callers, the class and what injects it go with them)` : 'its handler code is not a function declared on its own (a declaration or `const f = (…) => …`)' };
    }
    const symbol = values.symbolOf(named);
    // The references to the handler: in this file, and, when it is exported, in the modules importing it.
    const refs: ts.Identifier[] = referencesByName(sf, named.text).filter((r) => r !== named && !isExportName(r) && values.symbolOf(r) === symbol);
    if (isExported(handler, named)) {
      const outside = importedUses(site, handler, named);
      if ('why' in outside) return outside;
      // Exported, yet no other module migrated here uses it: whoever mounts it is in code this run does not see.
      if (outside.uses.length === 0) return { why: `its handler \`${named.text}\` is exported: other modules may mount or call it (none of the files migrated here does)` };
      refs.push(...outside.uses);
    }
    for (const ref of refs) {
      if (handlers.some((h) => isInside(ref, h))) continue;
      const file = ref.getSourceFile();
      const routes = routesOfFile(file);
      const routeCalls = new Set(routes.flatMap((r) => (r.call ? [r.call] : [])));
      const where = file === sf ? '' : ` in ${quotedPath(site, file)}`;
      const replacement = mountRemoval(ref, routeCalls) ?? callRemoval(ref, file, file === sf ? site.unit : indentUnit(file.text), routeCalls);
      if (typeof replacement === 'string') return { why: `its handler \`${named.text}\` ${replacement.replace('%where', where)}` };
      const route = routes.find((r) => r.call && statementOf(r.call) === replacement.node);
      sites.push(route ? `${route.method.toUpperCase()} ${route.path ?? 'route'}${where}` : `the \`if\` ${quotedCode((replacement.node as ts.IfStatement).expression ?? replacement.node)}${where}`);
      const list = file === sf ? replacements : elsewhere;
      if (!list.some((r) => r.node === replacement.node)) list.push(replacement);
      gone.push(replacement.node);
      if (replacement.kept) kept.push(replacement.kept);
      mountingFiles.add(file);
    }
    // The route taking the endpoint's messages (the path its SSE transport tells clients to post to), when no handler
    // found so far hands them to the transport: a handler of this file relaying them (through Redis, a queue) goes too.
    if (queue.length === 0 && ![...endpoint.parts, ...handlers].some((h) => postsToTransport(site, h))) {
      const relay = messageRelay(site, endpoint, [...mountingFiles].flatMap(routesOfFile), handlers, gone);
      if (typeof relay === 'string') return { why: relay };
      if (relay) {
        handlers.push(relay);
        parts.push(relay);
        gone.push(relay);
        queue.push(relay);
      }
    }
  }
  // Routes that were all the statements of a block (`if (legacy) { router.get(…); router.post(…); }`) would leave it empty.
  const removedStatements = new Set([...replacements, ...elsewhere].filter((r) => r.text === undefined).map((r) => r.node));
  for (const node of removedStatements) {
    const block = node.parent;
    if (!ts.isBlock(block) || isFunctionLike(block.parent) || !block.statements.every((st) => removedStatements.has(st))) continue;
    const where = block.getSourceFile() === sf ? '' : ` in ${quotedPath(site, block.getSourceFile())}`;
    return { why: `its routes are all the body of a statement (${quotedCode(block.parent)}${where}): remove that statement with the endpoint` };
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
  return { parts, replacements, elsewhere, sites, counts, loops };
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

/** Whether the handler (a function declaration or `const f = …` statement) is exported: by its keyword or by an `export { … }` list. */
export function isExported(handler: ts.Node, named: ts.Identifier): boolean {
  return !!ts.getModifiers(handler as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) || exportNamesOf(named).length > 0 || exportedAsDefault(named);
}

/** The names export lists of its module give the handler (`export { h }`, `export { h as alias }`). */
function exportNamesOf(named: ts.Identifier): string[] {
  return localExportNames(named.getSourceFile(), named.text);
}

/** `export default h;` or `export { h as default }` in the handler's module. */
function exportedAsDefault(named: ts.Identifier): boolean {
  return exportedAsDefaultIn(named.getSourceFile(), named.text) || exportNamesOf(named).includes('default');
}

/** A name in an export list or `export default` (the export itself, not a use of the value). */
function isExportName(ref: ts.Node): boolean {
  return ts.isExportSpecifier(ref.parent) || ts.isExportAssignment(ref.parent);
}

/** A module as the reasons name it: its path in the run (`handlers/index.ts`, not just `index.ts`). */
function quotedPath(site: ServingSite, file: ts.SourceFile): string {
  return `\`${site.result.relative(file.fileName)}\``;
}

/** The declaration a reference to the handler resolves to (the function, or the variable holding it). */
function declarationOf(handler: ts.Node): ts.Node {
  return ts.isVariableStatement(handler) ? handler.declarationList.declarations[0]! : handler;
}

/**
 * The uses of an exported handler in the other modules of the program (its imports left out: they go when nothing uses
 * them). What could reach it otherwise is a reason: a default export (importers may name it anything), an entry point
 * its package publishes (importers outside the project), a re-export, or a load at run time.
 */
export function importedUses(site: ServingSite, handler: ts.Node, named: ts.Identifier): { uses: ts.Identifier[] } | { why: string } {
  const { sf, result } = site;
  const values = result.analysis.values;
  const name = named.text;
  if (ts.getModifiers(handler as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) || exportedAsDefault(named)) return { why: `its handler \`${name}\` is the default export of its module: other modules may mount or call it under any name` };
  if (publishedByItsPackage(sf.fileName)) return { why: `its handler \`${name}\` is exported by an entry point its package publishes (package.json \`main\`, \`module\` or \`exports\`): code outside the project may mount or call it` };
  const decl = declarationOf(handler);
  // The names importers know it by: its own, and those of `export { h as alias }`.
  const exported = new Set([name, ...exportNamesOf(named)]);
  const uses: ts.Identifier[] = [];
  for (const other of result.sourceFiles) {
    if (other === sf) continue;
    if (reExportsAllOf(values, other, sf)) return { why: `${quotedPath(site, other)} re-exports all of its module (\`export *\`): other code may mount or call its handler \`${name}\`` };
    const loader = dynamicLoadOf(values, other, sf);
    if (loader) return { why: `${quotedPath(site, other)} loads its module at run time (${quotedCode(loader)}): it may mount or call its handler \`${name}\`` };
    // Only an import names it (`import { handleSse as sse }` too), so a module without one of its names has no use of it.
    if (![...exported].some((n) => other.text.includes(n))) continue;
    const aliases = new Set(exported);
    for (const statement of other.statements) {
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
      if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) if (exported.has((e.propertyName ?? e.name).text)) aliases.add(e.name.text);
    }
    let why: string | undefined;
    forEachDescendant(other, (node) => {
      if (why || !ts.isIdentifier(node) || !aliases.has(node.text) || values.symbolOf(node)?.valueDeclaration !== decl) return;
      const statement = statementOf(node);
      if (ts.isImportDeclaration(statement)) return;
      if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) why = `its handler \`${name}\` is exported again by ${quotedPath(site, other)}: other code may mount or call it`;
      else uses.push(node);
    });
    if (why) return { why };
  }
  // Files of its package this run does not migrate (tests beside `src/`, scripts) that name it: their uses are unseen.
  const own = stem(sf.fileName);
  const migrated = new Set(result.sourceFiles.map((f) => f.fileName));
  const pkg = packageDirOf(sf.fileName);
  const texts = pkg ? packageSources(pkg, result.sourceFiles) : [];
  if (texts === undefined) return { why: `its handler \`${name}\` is exported, and its package has too many files to read for other uses` };
  const unseen = texts.find(([file, text]) => !migrated.has(file) && text.includes(own) && [...exported].some((n) => text.includes(n)))?.[0];
  if (unseen) return { why: `its handler \`${name}\` is named in \`${site.result.relative(unseen)}\`, which this run does not migrate: it may mount or call it (migrate the whole package to let apply see every use)` };
  return { uses };
}

/** The route statement that mounts the handler as its last argument (`router.get('/sse', auth, handleSse);`, `handlers.handleSse` too). */
function mountRemoval(ref: ts.Identifier, routeCalls: ReadonlySet<ts.CallExpression>): Replacement | string | undefined {
  const arg = ts.isPropertyAccessExpression(ref.parent) && ref.parent.name === ref ? ref.parent : ref;
  const call = arg.parent;
  if (!ts.isCallExpression(call) || call.arguments[call.arguments.length - 1] !== arg || !routeCalls.has(call)) return undefined;
  if (!ts.isExpressionStatement(call.parent)) return undefined;
  // A statement of a statement list that keeps others: the body of an `if` (braced or not) would be left empty.
  const list = call.parent.parent;
  const own = ts.isSourceFile(list) || ts.isModuleBlock(list) || (ts.isBlock(list) && (isFunctionLike(list.parent) || list.statements.length > 1));
  return own ? { node: call.parent } : `is mounted by a route that is the whole body of a statement (${quotedCode(call.parent.parent)}%where): remove that statement with the endpoint`;
}

/** What goes with a call of the handler (callSiteRemoval), or what stands in the way, worded after "its handler `f`". */
function callRemoval(ref: ts.Identifier, sf: ts.SourceFile, unit: string, routeCalls: ReadonlySet<ts.CallExpression>): Replacement | string {
  const callee = ts.isPropertyAccessExpression(ref.parent) && ref.parent.name === ref ? ref.parent : ref;
  const call = callee.parent;
  if (!ts.isCallExpression(call) || call.expression !== callee) return `is passed on (${quotedCode(callee.parent)}%where), not called: what receives it decides when it runs`;
  return callSiteRemoval(call, sf, unit, routeCalls) ?? `is called (${quotedCode(call)}%where) from code that stays (not the whole handler of a route, nor one branch of an \`if\`)`;
}

/** Whether the handler hands a POST to an SDK SSE transport (`transport.handlePostMessage(…)`). */
function postsToTransport(site: ServingSite, handler: ts.Node): boolean {
  let found = false;
  forEachDescendant(handler, (node) => {
    if (!found && ts.isCallExpression(node) && isSsePost(site.result.analysis, node)) found = true;
  });
  return found;
}

/**
 * The handler of the endpoint's message route when it does not hand the messages to the transport itself but relays
 * them (example-remote-server publishes them to a Redis channel its SSE handler subscribes to): the POST route on the
 * path the endpoint's SSE transport tells clients to post to (`new SSEServerTransport('/message', res)`), among the
 * routes of the files mounting the endpoint. Its handler goes with the endpoint when it is a function of this file;
 * anything else answering that route is a reason. Undefined when no such route is found (nothing more goes).
 */
function messageRelay(site: ServingSite, endpoint: LegacySseEndpoint, routes: readonly Route[], handlers: readonly ts.Node[], gone: readonly ts.Node[]): ts.Node | string | undefined {
  const { sf } = site;
  const paths = new Set<string>();
  for (const part of endpoint.parts) {
    forEachDescendant(part, (node) => {
      const path = ts.isNewExpression(node) && SSE_TRANSPORTS.has(site.result.analysis.sdk.exportOf(node.expression)?.name ?? '') ? node.arguments?.[0] : undefined;
      if (path && ts.isStringLiteralLike(path)) paths.add(path.text);
    });
  }
  if (paths.size === 0) return 'its messages are not handed to its transport in this module, and the path its transport gives clients to post them to is not a constant, so the route taking them is not known';
  // The router may be mounted under a prefix (`app.use('/api', router)` with the transport's `/api/messages`).
  const onPath = (routePath: string): boolean => [...paths].some((p) => p === routePath || (routePath.startsWith('/') && p.endsWith(routePath)));
  const route = routes.find((r) => r.method === 'post' && r.call && r.path !== undefined && onPath(r.path.replace(/^['"`]|['"`]$/g, '')) && !gone.some((g) => isInside(r.call!, g)));
  if (!route?.call) {
    if (routes.some((r) => r.method === 'post' && r.call && r.path !== undefined && onPath(r.path.replace(/^['"`]|['"`]$/g, '')))) return undefined;
    return `its messages are not handed to its transport in this module, and no POST route on ${[...paths].map((p) => `\`${p}\``).join(', ')} (where its transport tells clients to post them) was found beside the routes mounting it`;
  }
  const last = route.call.arguments[route.call.arguments.length - 1];
  const named = last && handlerReference(last);
  const decl = named ? site.result.analysis.values.symbolOf(named)?.valueDeclaration : undefined;
  const statement = decl && (ts.isFunctionDeclaration(decl) ? decl : ts.isVariableDeclaration(decl) ? statementOf(decl) : undefined);
  if (!statement || statement.parent !== sf || !handlerName(statement) || handlers.includes(statement)) {
    return `its message route (${quotedCode(route.call)}) is answered by code that is not a handler function of this module`;
  }
  return statement;
}

/** The function a route's handler argument names: `h`, `handlers.h`, or the one call of `(req, res) => h(req, res)`. */
function handlerReference(arg: ts.Expression): ts.Identifier | undefined {
  const inner = unwrap(arg);
  if (ts.isIdentifier(inner)) return inner;
  if (ts.isPropertyAccessExpression(inner)) return ts.isIdentifier(inner.name) ? inner.name : undefined;
  if (!ts.isArrowFunction(inner) && !ts.isFunctionExpression(inner)) return undefined;
  const body = inner.body;
  const statements = ts.isBlock(body) ? body.statements : undefined;
  let expression: ts.Node | undefined = statements ? (statements.length === 1 && ts.isExpressionStatement(statements[0]!) ? statements[0].expression : undefined) : body;
  if (expression && ts.isAwaitExpression(unwrap(expression as ts.Expression))) expression = (unwrap(expression as ts.Expression) as ts.AwaitExpression).expression;
  const call = expression && unwrap(expression as ts.Expression);
  return call && ts.isCallExpression(call) ? handlerReference(call.expression) : undefined;
}

/** The name `handler` (a function declaration or `const f = …` statement) declares. */
export function handlerName(handler: ts.Node): ts.Identifier | undefined {
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

