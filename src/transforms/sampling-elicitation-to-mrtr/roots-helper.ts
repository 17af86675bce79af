/**
 * A roots list a tool reads through the project's own sync helper (`src/everything`'s
 * `const currentRoots = await syncRoots(server, extra.sessionId)`): the helper sends `listRoots()` itself
 * (outside the handler: it also runs after the handshake and on `roots/list_changed`), caches the answer
 * per session and returns the cached list. On 2026-07-28 the helper's request throws and nothing is
 * cached, so the tool never sees a root. The tool can ask for the roots itself instead, as one input
 * request (the maintainers' migration of `get-roots-list`):
 *
 *   const currentRootsResponse = inputResponse(ctx.mcpReq.inputResponses, 'currentRoots');
 *   if (currentRootsResponse.kind === 'missing') return inputRequired({ inputRequests: { currentRoots: inputRequired.listRoots() } });
 *   …
 *   const currentRoots = currentRootsResponse.roots;
 *
 * That is only the same value when the helper's result can be nothing but the client's roots list: every
 * `return` of the helper gives `undefined`, `<answer>.roots` or `<cache>.get(…)`, where `<answer>` is bound
 * to the awaited `listRoots()` and every write of `<cache>` anywhere in the program stores `<answer>.roots`.
 * The call is dropped, so what else the helper does must be bookkeeping of that answer: its calls are the
 * request, the cache's get/has/set/delete/clear, the SDK server's capability reads, log sends and the
 * `roots/list_changed` subscription, `console.*`, `String(…)` and its own closures; it assigns nothing
 * outside itself. The helper itself stays (its other callers serve 2025-era clients) and stays marked.
 * A client that never declared roots, for which the helper gave `undefined`, is now refused by the SDK
 * (-32021) when the tool asks: the answer the maintainers chose for `get-roots-list`.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, propertyNameText, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult, Analysis } from '../../analysis/model.js';
import { describedFeature, serverMethodCall, serverMethodsOf, type InputRequestSite } from '../../analysis/sdk-features.js';
import { HANDLER_REGISTRATION_METHODS, ROOTS_BOOKKEEPING_METHODS } from '../../analysis/sdk-modules.js';
import { directHandler, forEachCall, type HandlerSite } from '../kit/handler-sites.js';

/** A tool handler's `await helper(…)` that reads the client's roots list through a sync helper. */
export interface RootsHelperRound {
  handler: HandlerSite;
  /** The helper call, standing for the request: the round's value is the list itself (`r.roots`). */
  site: InputRequestSite;
}

/** The SDK server methods a roots sync helper may call besides its request. */
const BOOKKEEPING = ROOTS_BOOKKEEPING_METHODS;
/** The roots request (`server.server.listRoots()`) and the key of its result holding the list (`response.roots`). */
const LIST_ROOTS = serverMethodsOf('roots', 'request');
const ROOTS_KEY = describedFeature('roots').resultKey!;
const CACHE_METHODS = new Set(['get', 'has', 'set', 'delete', 'clear']);

/**
 * The calls of roots sync helpers made directly by a tools/call handler that sends no request of its
 * own (`direct`). `outside` are the roots requests found outside any handler.
 */
export function rootsHelperRounds(result: AnalysisResult, outside: readonly InputRequestSite[], direct: ReadonlySet<ts.FunctionLikeDeclaration>): RootsHelperRound[] {
  const { analysis } = result;
  const helpers = new Map<ts.Symbol, ts.FunctionLikeDeclaration>();
  const helperNames = new Set<string>();
  for (const site of outside) {
    if (site.feature !== 'roots') continue;
    const helper = moduleFunction(site.call);
    if (helper && returnsRootsOnly(analysis, result.sourceFiles, helper.fn, site.call)) {
      helpers.set(helper.symbol(analysis), helper.fn);
      helperNames.add(helper.name);
    }
  }
  if (!helpers.size) return [];
  const reaching = reachingNames(result.sourceFiles, helperNames);
  const rounds: RootsHelperRound[] = [];
  forEachCall(result.sourceFiles, (call) => {
    const callee = unwrap(call.expression);
    // The symbol lookup is the costly part, and most calls of a program cannot be a helper's (see reachingNames).
    if (ts.isIdentifier(callee) ? !reaching.identifiers.has(callee.text) : ts.isPropertyAccessExpression(callee) && !reaching.properties.has(callee.name.text)) return;
    const symbol = analysis.values.symbolOf(callee);
    if (!symbol || !helpers.has(symbol) || !call.arguments.every(isRead)) return;
    const handler = directHandler(analysis, call);
    if (!handler || handler.method !== 'tools/call' || direct.has(handler.fn)) return;
    rounds.push({ handler, site: { call, feature: 'roots' } });
  });
  // One round per handler: a handler that reads the roots twice stays as it is.
  return rounds.filter((r) => rounds.filter((o) => o.handler.fn === r.handler.fn).length === 1);
}

/**
 * The names a call can reach a roots helper by, so that the symbol lookup is skipped for every other call (most calls
 * of a program: `console.log(…)`, `expect(…)`, `z.string()`). The lookup resolves aliases, and a callee's symbol is a
 * helper's only when the callee is
 * - `x.f` where `f` is a module's export of the helper: the helper's own name, `default`, or a name an analysed file
 *   exports something under (`export { syncRoots as f }`, `export { f }`, `exports.f = syncRoots`, `import f = …` in a
 *   namespace). A property of an object or a class is a symbol of its own, never the helper's: a roots helper is a
 *   module-level function.
 * - an identifier spelled like the helper, or bound to an alias of one of those exports: an import of such a name
 *   (`import { f as sync }`; `import { expect } from 'vitest'` is not one) or a default import, an `import sync = …`
 *   (in a script, a global alias), or a name bound from a `require(…)` (JavaScript: `const sync = require(…)`).
 * Other callees (`x['f']()`, `make()()`) are looked up as before. Not seen: a rename in a module outside the scanned
 * paths (context files, loaded only to resolve symbols), re-exporting a scanned helper back into the scanned code.
 */
function reachingNames(files: readonly ts.SourceFile[], helperNames: ReadonlySet<string>): { identifiers: ReadonlySet<string>; properties: ReadonlySet<string> } {
  const identifiers = new Set(helperNames);
  const properties = new Set([...helperNames, 'default']);
  /** `import { <imported> as <local> }`: an alias of the helper only if `<imported>` is one of its export names. */
  const imports: Array<{ imported: string; local: string }> = [];
  const bindNames = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) identifiers.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindNames(element.name);
  };
  for (const sf of files) {
    forEachDescendant(sf, (node) => {
      if (ts.isImportClause(node)) {
        if (node.name) identifiers.add(node.name.text);
      } else if (ts.isImportSpecifier(node)) {
        imports.push({ imported: propertyNameText((node.propertyName ?? node.name) as ts.PropertyName) ?? '', local: node.name.text });
      } else if (ts.isImportEqualsDeclaration(node)) {
        identifiers.add(node.name.text);
        properties.add(node.name.text);
      } else if (ts.isExportSpecifier(node)) {
        properties.add(propertyNameText(node.name as ts.PropertyName) ?? '');
      } else if (ts.isVariableDeclaration(node) && node.initializer && requiredFrom(node.initializer)) {
        bindNames(node.name);
      } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left)) {
        // `exports.f = syncRoots`, `module.exports.f = syncRoots`
        const target = node.left.expression;
        if ((ts.isIdentifier(target) && target.text === 'exports') || (ts.isPropertyAccessExpression(target) && target.name.text === 'exports')) properties.add(node.left.name.text);
      }
    });
  }
  for (const { imported, local } of imports) if (properties.has(imported)) identifiers.add(local);
  return { identifiers, properties };
}

/** `require(…)`, or a member of it (`require(…).f`), as JavaScript binds an alias to. */
function requiredFrom(initializer: ts.Expression): boolean {
  let node = unwrap(initializer);
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) node = unwrap(node.expression);
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require';
}

/** The function declared at the top level of a file (`const f = async (…) => {…}`, `function f`) that `node` is in, with its name. */
function moduleFunction(node: ts.Node): { fn: ts.FunctionLikeDeclaration; name: string; symbol: (analysis: Analysis) => ts.Symbol } | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isFunctionDeclaration(current) && current.name && ts.isSourceFile(current.parent) && current.body) {
      const found = current;
      return { fn: found, name: found.name!.text, symbol: (a) => a.values.symbolOf(found.name!)! };
    }
    if ((ts.isArrowFunction(current) || ts.isFunctionExpression(current)) && ts.isVariableDeclaration(current.parent) && current.parent.initializer === current) {
      const decl = current.parent;
      const statement = decl.parent.parent;
      if (ts.isIdentifier(decl.name) && ts.isVariableStatement(statement) && ts.isSourceFile(statement.parent) && decl.parent.flags & ts.NodeFlags.Const) {
        const name = decl.name;
        return { fn: current, name: name.text, symbol: (a) => a.values.symbolOf(name)! };
      }
    }
  }
  return undefined;
}

/** A dropped argument must be a read: an identifier or a chain of property reads of one. */
function isRead(argument: ts.Expression): boolean {
  let node = unwrap(argument);
  while (ts.isPropertyAccessExpression(node) || ts.isNonNullExpression(node)) node = unwrap(node.expression);
  return ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword;
}

/** Whether every value `fn` returns is the client's roots list (or undefined), and it does nothing else that matters. */
function returnsRootsOnly(analysis: Analysis, files: readonly ts.SourceFile[], fn: ts.FunctionLikeDeclaration, request: ts.CallExpression): boolean {
  if (!fn.body || !ts.isBlock(fn.body) || !(ts.getCombinedModifierFlags(fn) & ts.ModifierFlags.Async)) return false;
  // `const response = await server.server.listRoots();`
  const awaited = request.parent;
  const answerDecl = awaited && ts.isAwaitExpression(awaited) ? awaited.parent : undefined;
  if (!answerDecl || !ts.isVariableDeclaration(answerDecl) || !ts.isIdentifier(answerDecl.name) || unwrap(answerDecl.initializer!) !== request) return false;
  const answer = analysis.values.symbolOf(answerDecl.name);
  const isRootsOfAnswer = (e: ts.Expression | undefined): boolean => {
    const node = e && unwrap(e);
    return !!node && ts.isPropertyAccessExpression(node) && node.name.text === ROOTS_KEY && ts.isIdentifier(unwrap(node.expression)) && analysis.values.symbolOf(unwrap(node.expression)) === answer;
  };
  let cache: ts.Symbol | undefined;
  // The receivers of get/has/set/delete/clear calls: the cache and nothing else.
  const cacheReceivers = new Set<ts.Symbol | undefined>();
  let ok = true;
  const inside = (node: ts.Node): boolean => node.pos >= fn.pos && node.end <= fn.end;
  const visit = (node: ts.Node, own: boolean): void => {
    if (!ok) return;
    if (ts.isReturnStatement(node) && own) {
      const value = node.expression && unwrap(node.expression);
      if (value && !(ts.isIdentifier(value) && value.text === 'undefined') && !isRootsOfAnswer(node.expression)) {
        const call = ts.isCallExpression(value) ? value : undefined;
        const { name, receiver } = call ? calleeParts(call) : { name: undefined, receiver: undefined };
        const symbol = receiver && ts.isIdentifier(unwrap(receiver)) ? analysis.values.symbolOf(unwrap(receiver)) : undefined;
        if (name !== 'get' || !symbol || (cache && cache !== symbol)) ok = false;
        else cache = symbol;
      }
    }
    if (ts.isCallExpression(node) && node !== request) {
      const { name, receiver } = calleeParts(node);
      if (name && receiver && CACHE_METHODS.has(name)) cacheReceivers.add(ts.isIdentifier(unwrap(receiver)) ? analysis.values.symbolOf(unwrap(receiver)) : undefined);
      else if (!allowedCall(analysis, node, inside)) ok = false;
    }
    if (ts.isNewExpression(node)) ok = false;
    if ((ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) || ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken))) {
      const target = ts.isBinaryExpression(node) ? node.left : node.operand;
      const declaration = ts.isIdentifier(unwrap(target)) ? analysis.values.symbolOf(unwrap(target))?.valueDeclaration : undefined;
      if (!declaration || !inside(declaration)) ok = false;
    }
    ts.forEachChild(node, (child) => visit(child, own && !ts.isFunctionLike(child)));
  };
  ts.forEachChild(fn.body, (child) => visit(child, !ts.isFunctionLike(child)));
  if (!ok || [...cacheReceivers].some((r) => !r || r !== cache)) return false;
  // Without a cache, every value is `<answer>.roots` or undefined.
  return !cache || cacheHoldsOnly(analysis, files, cache, isRootsOfAnswer);
}

/** A call a roots sync helper may make: see the module comment. */
function allowedCall(analysis: Analysis, call: ts.CallExpression, inside: (node: ts.Node) => boolean): boolean {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) {
    if (callee.text === 'String') return true;
    const declaration = analysis.values.symbolOf(callee)?.valueDeclaration;
    return !!declaration && inside(declaration);
  }
  const { name, receiver } = calleeParts(call);
  if (!name || !receiver) return false;
  if (ts.isIdentifier(unwrap(receiver)) && (unwrap(receiver) as ts.Identifier).text === 'console') return true;
  if (!serverMethodCall(analysis, call, BOOKKEEPING)) return false;
  // The one handler registration among them (`setNotificationHandler`) re-asks on the roots list changing.
  if (HANDLER_REGISTRATION_METHODS.has(name)) return /roots\/list_changed|RootsListChanged/.test(call.arguments[0]?.getText() ?? '');
  return !LIST_ROOTS.has(name);
}

/**
 * `cache` is a Map declared in the project, and every use of it in the program is a get/has/delete/clear,
 * or a set storing `<answer>.roots`.
 */
function cacheHoldsOnly(analysis: Analysis, files: readonly ts.SourceFile[], cache: ts.Symbol, isRootsOfAnswer: (e: ts.Expression | undefined) => boolean): boolean {
  const declaration = cache.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !(declaration.parent.flags & ts.NodeFlags.Const)) return false;
  const init = declaration.initializer && unwrap(declaration.initializer);
  if (!init || !ts.isNewExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'Map' || (init.arguments?.length ?? 0) > 0) return false;
  for (const sf of files) {
    if (sf.isDeclarationFile || !sf.text.includes(cache.name)) continue;
    // An import may rename it: the names it goes by in this file.
    const names = new Set([cache.name]);
    ts.forEachChild(sf, (statement) => {
      if (!ts.isImportDeclaration(statement)) return;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) if ((e.propertyName ?? e.name).text === cache.name) names.add(e.name.text);
    });
    let ok = true;
    const visit = (node: ts.Node): void => {
      if (!ok) return;
      if (ts.isIdentifier(node) && names.has(node.text) && analysis.values.symbolOf(node) === cache) ok = cacheUse(node, declaration, isRootsOfAnswer);
      ts.forEachChild(node, visit);
    };
    visit(sf);
    if (!ok) return false;
  }
  return true;
}

function cacheUse(id: ts.Identifier, declaration: ts.VariableDeclaration, isRootsOfAnswer: (e: ts.Expression | undefined) => boolean): boolean {
  const parent = id.parent;
  if (parent === declaration || ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return true;
  // `roots.get(…)`, or `ns.roots.get(…)` through a namespace import.
  const reference: ts.Node = ts.isPropertyAccessExpression(parent) && parent.name === id ? parent : id;
  const access = reference.parent;
  if (!access || !ts.isPropertyAccessExpression(access) || access.expression !== reference || !CACHE_METHODS.has(access.name.text)) return false;
  const call = access.parent;
  if (!call || !ts.isCallExpression(call) || call.expression !== access) return false;
  return access.name.text !== 'set' || isRootsOfAnswer(call.arguments[1]);
}
