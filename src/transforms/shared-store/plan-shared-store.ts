/**
 * `shared-store` (`apply --store redis`): runs after `session-state-to-handles` and moves each
 * in-process store it re-keyed, with the handle registry that guards it, into Redis, so a handle
 * minted on one instance works on every other one.
 *
 * It plans from what the handles transform wrote: a `createHandleRegistry({ …, onExpire: (id) =>
 * <store>.delete(id) })` imported from the generated `mcp-handles` module names the store.
 * - The registry becomes `createRedisHandleRegistry` (same options): owner binding, expiry and
 *   idempotency keys (`SET NX`) in Redis; its `check`/`mint`/`release` calls are awaited.
 * - The store's `new Map<K, V>()` becomes `createRedisStore<V>({ name, ttlMs })` (the handle's
 *   lifetime as Redis expiry); every `get`/`set`/`delete`/`has` is awaited, every helper that
 *   reaches one becomes async and every call of it is awaited, up to the tool handlers.
 * - Load-modify-save: each tool handler that reaches the store is wrapped in `withSharedState`,
 *   which saves the values the handler loaded and changed in place (compare-and-set).
 * - The migrated project's package.json gets the Redis client (`redis`).
 * All edits of one store are computed before any is kept: what cannot be moved safely (another use
 * of the store than get/set/delete/has, a helper passed around as a value, a method) gets a marker
 * and stays in process, registry included.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant, isRequireCall, propertyNameText, unwrap, statementOf } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { ToolRegistration } from '../../analysis/tools.js';
import { markerInsertion } from '../../markers.js';
import { RULE_ID } from '../../rule-ids.js';
import type { TextEdit } from '../kit/edits.js';
import { emptyPlan, type TransformOptions, type TransformPlan } from '../kit/plan.js';
import { HANDLE_MODULE_BASENAME } from '../session-state-to-handles/runtime.js';
import { afterImports, flavourOf, importSpecifier, importStatement } from '../kit/source-style.js';
import { defaultStateNamespace, REDIS_PACKAGE, REDIS_PACKAGE_RANGE, RESERVED_STORE_NAMES, redisStoreModuleFileName, redisStoreModuleSource } from './runtime.js';
import { readCurrentFile } from '../kit/file-overlay.js';
import { addDependency, hasDependency, nearestPackageJson } from '../kit/package-json.js';

const RULE = RULE_ID.keyedStore;
const STORE_METHODS = new Set(['get', 'set', 'delete', 'has']);
const REGISTRY_METHODS = new Set(['check', 'mint', 'release']);

class CannotMove extends Error {
  constructor(
    message: string,
    readonly node: ts.Node,
  ) {
    super(message);
  }
}

/** A `const x = createHandleRegistry({...})` written by the handles transform. */
interface RegistrySite {
  declaration: ts.VariableDeclaration & { name: ts.Identifier };
  call: ts.CallExpression;
  options: ts.ObjectLiteralExpression;
  /** The statement importing createHandleRegistry, and its specifier. */
  importStatement: ts.Statement;
  handlesSpecifier: string;
}

export function planSharedStore(result: AnalysisResult, options: TransformOptions): TransformPlan {
  const plan: TransformPlan = { ...emptyPlan(), notes: [] };
  if (options.store !== 'redis') return plan;
  const packages = new Set<string>();
  const { sites, unmovable } = findRegistries(result);
  const moved: StoreMove[] = [];
  const stays = new Set<ts.CallExpression>(unmovable);
  for (const call of unmovable) {
    const sf = call.getSourceFile();
    const statement = statementOf(call);
    const message = 'not moved to Redis: this handle registry is not a module-level `const` (a class field, or made inside a function). It and the state it guards stay in this process and do not survive a second instance; run one instance, or move both to a shared store by hand.';
    const insertion = markerInsertion(sf.text, statement.getStart(sf), RULE, message);
    plan.markers.push({ file: sf.fileName, line: sf.getLineAndCharacterOfPosition(statement.getStart(sf)).line + 1, ruleId: RULE, message });
    if (insertion) plan.edits.push({ file: sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
  }
  const redisNames = new Set<string>();
  for (const site of sites) {
    const move = new StoreMove(result, site);
    try {
      plan.edits.push(...move.run(redisNames));
      moved.push(move);
      redisNames.add(move.redisName);
      for (const [file, text] of move.newFiles) plan.newFiles.set(file, text);
      plan.notes!.push(move.note());
      (plan.sharedStores ??= []).push({ store: move.storeName!, file: (move.storeDeclaration ?? site.declaration).getSourceFile().fileName, backend: 'redis', tools: move.tools() });
      const pkg = nearestPackageJson(path.dirname(site.declaration.getSourceFile().fileName));
      if (pkg) packages.add(pkg);
    } catch (error) {
      if (!(error instanceof CannotMove)) throw error;
      stays.add(site.call);
      const anchor = move.storeDeclaration ?? site.declaration;
      const sf = anchor.getSourceFile();
      const statement = statementOf(anchor);
      const store = move.storeName ?? site.declaration.name.text;
      const message = `not moved to Redis: ${error.message}. \`${store}\` and \`${site.declaration.name.text}\` stay in this process and do not survive a second instance; run one instance, or move both to a shared store by hand.`;
      const insertion = markerInsertion(sf.text, statement.getStart(sf), RULE, message);
      plan.markers.push({ file: sf.fileName, line: sf.getLineAndCharacterOfPosition(statement.getStart(sf)).line + 1, ruleId: RULE, message });
      if (insertion) plan.edits.push({ file: sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
    }
  }
  plan.edits.push(...importEdits(moved, stays));
  for (const pkg of packages) {
    const edit = addDependency(pkg, REDIS_PACKAGE, REDIS_PACKAGE_RANGE);
    if (edit) {
      plan.edits.push(edit);
      plan.notes!.push(`package.json: added ${REDIS_PACKAGE} ${REDIS_PACKAGE_RANGE} (the Redis client of the generated store): run your package manager`);
    } else if (!hasDependency(pkg, REDIS_PACKAGE)) {
      plan.notes!.push(`package.json: add ${REDIS_PACKAGE} ${REDIS_PACKAGE_RANGE} to your dependencies (the Redis client of the generated store)`);
    }
  }
  return plan;
}

/** Registries declared with `createHandleRegistry` imported from the generated mcp-handles module. */
function findRegistries(result: AnalysisResult): { sites: RegistrySite[]; unmovable: ts.CallExpression[] } {
  const out: RegistrySite[] = [];
  const unmovable: ts.CallExpression[] = [];
  for (const sf of result.sourceFiles) {
    const imported = handlesImport(sf);
    if (!imported) continue;
    forEachDescendant(sf, (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === imported.local) unmovable.push(node);
    });
    for (const statement of sf.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer && unwrap(declaration.initializer);
        if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== imported.local) continue;
        const options = init.arguments[0] && unwrap(init.arguments[0]);
        if (!ts.isIdentifier(declaration.name) || !options || !ts.isObjectLiteralExpression(options)) continue;
        out.push({ declaration: declaration as RegistrySite['declaration'], call: init, options, importStatement: imported.statement, handlesSpecifier: imported.specifier });
      }
    }
  }
  const found = new Set(out.map((s) => s.call));
  return { sites: out, unmovable: unmovable.filter((call) => !found.has(call)) };
}

/**
 * Per file, the import of the Redis module: it replaces the mcp-handles import, unless that import
 * brings other names or a registry of the file stays in process (then both imports stay).
 */
function importEdits(moved: readonly StoreMove[], stays: ReadonlySet<ts.CallExpression>): TextEdit[] {
  const edits: TextEdit[] = [];
  const byStatement = new Map<ts.Statement, StoreMove[]>();
  for (const move of moved) byStatement.set(move.site.importStatement, [...(byStatement.get(move.site.importStatement) ?? []), move]);
  for (const [statement, moves] of byStatement) {
    const home = statement.getSourceFile();
    const flavour = flavourOf(home);
    const names = [...new Set(moves.flatMap((m) => m.homeImports()))].sort((a, b) => IMPORT_ORDER.indexOf(a) - IMPORT_ORDER.indexOf(b));
    const replacement = importStatement(names, importSpecifier(home, moves[0]!.modulePath, flavour), flavour);
    const keep = [...stays].some((call) => call.getSourceFile() === home) || importsOtherNames(statement);
    if (keep) edits.push({ file: home.fileName, start: statement.end, end: statement.end, text: `\n${replacement}` });
    else edits.push({ file: home.fileName, start: statement.getStart(home), end: statement.end, text: replacement });
  }
  return edits;
}

const IMPORT_ORDER = ['createRedisHandleRegistry', 'createRedisStore', 'type RedisStore', 'withSharedState'];

function importsOtherNames(statement: ts.Statement): boolean {
  if (ts.isImportDeclaration(statement)) {
    const bindings = statement.importClause?.namedBindings;
    const others = bindings && ts.isNamedImports(bindings) ? bindings.elements.filter((e) => (e.propertyName ?? e.name).text !== 'createHandleRegistry') : [];
    return others.length > 0 || !!statement.importClause?.name || !!(bindings && !ts.isNamedImports(bindings));
  }
  if (ts.isVariableStatement(statement)) {
    const pattern = statement.declarationList.declarations[0]!.name as ts.ObjectBindingPattern;
    return statement.declarationList.declarations.length > 1 || pattern.elements.some((e) => propertyNameText((e.propertyName ?? e.name) as ts.Identifier) !== 'createHandleRegistry');
  }
  return true;
}

function handlesImport(sf: ts.SourceFile): { statement: ts.Statement; local: string; specifier: string } | undefined {
  const isHandles = (spec: string) => path.posix.basename(spec).replace(/\.[cm]?[jt]s$/, '') === HANDLE_MODULE_BASENAME;
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && isHandles(statement.moduleSpecifier.text)) {
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((e) => (e.propertyName ?? e.name).text === 'createHandleRegistry');
      if (element) return { statement, local: element.name.text, specifier: statement.moduleSpecifier.text };
    }
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer && unwrap(decl.initializer);
        if (!init || !isRequireCall(init) || !ts.isStringLiteral(init.arguments[0]!) || !isHandles((init.arguments[0] as ts.StringLiteral).text)) continue;
        if (!ts.isObjectBindingPattern(decl.name)) continue;
        const element = decl.name.elements.find((e) => propertyNameText((e.propertyName ?? e.name) as ts.Identifier) === 'createHandleRegistry');
        if (element && ts.isIdentifier(element.name)) return { statement, local: element.name.text, specifier: (init.arguments[0] as ts.StringLiteral).text };
      }
    }
  }
  return undefined;
}

class StoreMove {
  private readonly edits: TextEdit[] = [];
  readonly newFiles = new Map<string, string>();
  storeName?: string;
  /** The store's name in its Redis keys: the variable's, unless reserved or taken by another store. */
  redisName = '';
  storeDeclaration?: ts.VariableDeclaration;
  private readonly asyncDone = new Map<ts.Node, Set<string>>();
  private readonly awaited = new Set<ts.Node>();
  private readonly wrapped = new Map<ts.FunctionLikeDeclaration, ToolRegistration[]>();
  private readonly asyncHandlers = new Set<ts.FunctionLikeDeclaration>();
  private readonly wrappedTools: string[] = [];
  private readonly byHandler = new Map<ts.FunctionLikeDeclaration, ToolRegistration[]>();
  private onExpire?: ts.Node;
  /** The store had a declared `Map<string, V>` type, now `RedisStore<V>` (imported). */
  private storeType = false;
  private readonly madeAsync = new Set<ts.FunctionLikeDeclaration>();

  /** Where the generated Redis module goes (beside mcp-handles). */
  modulePath = '';

  constructor(
    private readonly result: AnalysisResult,
    readonly site: RegistrySite,
  ) {
    for (const tool of result.analysis.tools) {
      if (tool.handler) this.byHandler.set(tool.handler, [...(this.byHandler.get(tool.handler) ?? []), tool]);
    }
  }

  tools(): string[] {
    return [...this.wrappedTools];
  }

  note(): string {
    const registry = this.site.declaration.name.text;
    return `shared store: \`${this.storeName}\` and its handles (\`${registry}\`) → Redis (REDIS_URL); ${this.wrappedTools.length ? `${this.wrappedTools.map((t) => `\`${t}\``).join(', ')} load, change and save through withSharedState` : 'no tool changes it in place'}`;
  }

  /** `taken`: the Redis names of the stores moved before this one. */
  run(taken: ReadonlySet<string>): TextEdit[] {
    const { site } = this;
    const home = site.declaration.getSourceFile();
    const flavour = flavourOf(home);
    const ttl = this.property('ttlMs');
    if (!ttl) throw new CannotMove('the registry has no ttlMs', site.call);
    const store = this.store();
    this.storeName = store.name.text;
    this.redisName = uniqueStoreName(store.name.text, taken);

    // The store: `new Map<K, V>()` → `createRedisStore<V>({ name, ttlMs })`.
    const init = unwrap(store.initializer!) as ts.NewExpression;
    const declared = store.type;
    if (declared && (!ts.isTypeReferenceNode(declared) || declared.typeName.getText(home) !== 'Map' || declared.typeArguments?.length !== 2 || declared.typeArguments[0]!.kind !== ts.SyntaxKind.StringKeyword)) {
      throw new CannotMove(`\`${store.name.text}\` is declared as another type than Map<string, …>`, declared);
    }
    const typeArgs = init.typeArguments ?? (declared as ts.TypeReferenceNode | undefined)?.typeArguments;
    const valueType = typeArgs?.[1] ? `<${typeArgs[1].getText(home)}>` : flavour === 'ts' ? '<any>' : '';
    if (typeArgs?.[0] && typeArgs[0].kind !== ts.SyntaxKind.StringKeyword) throw new CannotMove(`\`${store.name.text}\` is not keyed by strings`, init);
    if (declared) {
      this.edit(declared, `RedisStore${valueType}`);
      this.storeType = true;
    }
    this.edit(init, `createRedisStore${valueType}({ name: '${this.redisName}', ttlMs: ${ttl.getText(home)} })`);
    const handlesPath = path.resolve(path.dirname(home.fileName), site.handlesSpecifier);
    const modulePath = path.join(path.dirname(handlesPath), redisStoreModuleFileName(flavour));
    this.retypeJsDoc(store, importSpecifier(home, modulePath, flavour));

    // The registry.
    this.edit(site.call.expression, 'createRedisHandleRegistry');
    for (const ref of this.references(site.declaration.name)) this.registryUse(ref);
    for (const ref of this.references(store.name)) this.storeUse(ref);
    this.finishHandlers();

    // The generated module, beside mcp-handles, and the imports.
    this.newFiles.set(modulePath, redisStoreModuleSource(flavour, `./${path.posix.basename(site.handlesSpecifier)}`, stateNamespaceOf(home.fileName)));
    this.modulePath = modulePath;
    const importing = new Set([...this.wrapped.values()].map((tools) => tools[0]!.call.getSourceFile()).filter((sf) => sf !== home));
    for (const sf of importing) {
      const at = afterImports(sf);
      this.insert(sf, at.offset, at.text(importStatement(['withSharedState'], importSpecifier(sf, modulePath, flavourOf(sf)), flavourOf(sf))));
    }
    return this.edits;
  }

  /** JavaScript: `/** @type {Map<string, V>} *\/` → `/** @type {import('./mcp-redis-store.js').RedisStore} *\/`. */
  private retypeJsDoc(store: ts.VariableDeclaration, specifier: string): void {
    const tag = ts.getJSDocTypeTag(store);
    const type = tag?.typeExpression.type;
    if (!tag || !type) return;
    if (!ts.isTypeReferenceNode(type) || type.typeName.getText() !== 'Map' || type.typeArguments?.length !== 2 || type.typeArguments[0]!.kind !== ts.SyntaxKind.StringKeyword) {
      throw new CannotMove(`\`${store.name.getText()}\` is documented as another type than Map<string, …>`, store);
    }
    // The transpiled module's class has no type parameter: its values are untyped in JavaScript.
    this.edit(type, `import('${specifier}').RedisStore`);
  }

  private property(name: string): ts.Expression | undefined {
    const prop = this.site.options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === name);
    return prop?.initializer;
  }

  /** The store `onExpire: (id) => <store>.delete(id)` names: a module-level `new Map()`. */
  private store(): ts.VariableDeclaration & { name: ts.Identifier } {
    const onExpire = this.property('onExpire');
    const fn = onExpire && unwrap(onExpire);
    if (!fn || !ts.isArrowFunction(fn)) {
      throw new CannotMove('the registry names no store it expires (onExpire), so the state it guards is not known: if that state already lives in a shared store, move the registry to Redis too', this.site.call);
    }
    this.onExpire = fn;
    // `(id) => carts.delete(id)` (a Map) or `(id) => delete carts[id]` (an object).
    const body = unwrap(fn.body as ts.Node);
    const callee = ts.isCallExpression(body) ? unwrap(body.expression) : undefined;
    const deleted = ts.isDeleteExpression(body) ? unwrap(body.expression) : undefined;
    const storeRef =
      callee && ts.isPropertyAccessExpression(callee) && callee.name.text === 'delete' ? unwrap(callee.expression)
      : deleted && ts.isElementAccessExpression(deleted) ? unwrap(deleted.expression)
      : undefined;
    if (!storeRef || !ts.isIdentifier(storeRef)) throw new CannotMove('the store it expires is not a variable', fn);
    this.storeName = storeRef.text;
    const decl = this.result.analysis.values.symbolOf(storeRef)?.valueDeclaration;
    if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name) || !decl.initializer) throw new CannotMove(`\`${storeRef.text}\` is not a module-level variable`, storeRef);
    this.storeDeclaration = decl;
    const init = unwrap(decl.initializer);
    if (!ts.isNewExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'Map' || (init.arguments?.length ?? 0) > 0) {
      throw new CannotMove(`\`${decl.name.text}\` is not an empty \`new Map()\`, so there are no get/set calls to await`, decl);
    }
    return decl as ts.VariableDeclaration & { name: ts.Identifier };
  }

  /** Every identifier in the project that denotes the same symbol as `name` (its declaration excluded). */
  private references(name: ts.Identifier): ts.Identifier[] {
    const { values } = this.result.analysis;
    const symbol = values.symbolOf(name);
    const out: ts.Identifier[] = [];
    for (const sf of this.result.sourceFiles) {
      if (!sf.text.includes(name.text)) continue;
      forEachDescendant(sf, (node) => {
        if (!ts.isIdentifier(node) || node === name || node.text !== name.text) return;
        if (values.symbolOf(node) === symbol) out.push(node);
      });
    }
    return out;
  }

  /** Imports, exports and re-exports of a name: not a use. */
  private isBinding(ref: ts.Identifier): boolean {
    const parent = ref.parent;
    if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent)) {
      if (ts.isImportSpecifier(parent) && parent.propertyName && parent.name === ref) throw new CannotMove(`\`${ref.text}\` is imported under another name`, ref);
      return true;
    }
    if (ts.isBindingElement(parent)) {
      if (parent.propertyName) throw new CannotMove(`\`${ref.text}\` is imported under another name`, ref);
      return true;
    }
    // CommonJS: `module.exports.x = x`.
    if (ts.isBinaryExpression(parent) && parent.right === ref && ts.isPropertyAccessExpression(parent.left) && /^module\.exports\b|^exports\b/.test(parent.left.getText())) return true;
    return false;
  }

  private registryUse(ref: ts.Identifier): void {
    if (this.isBinding(ref)) return;
    const access = ref.parent;
    const call = access.parent;
    if (ts.isPropertyAccessExpression(access) && access.expression === ref && REGISTRY_METHODS.has(access.name.text) && call && ts.isCallExpression(call) && call.expression === access) {
      this.awaitCall(call, false);
      return;
    }
    throw new CannotMove(`\`${ref.text}\` is used for more than check, mint and release`, ref);
  }

  private storeUse(ref: ts.Identifier): void {
    if (this.isBinding(ref)) return;
    if (this.onExpire && this.onExpire.pos <= ref.pos && ref.end <= this.onExpire.end) return; // the registry awaits what onExpire returns
    const access = ref.parent;
    const call = access.parent;
    if (ts.isPropertyAccessExpression(access) && access.expression === ref && STORE_METHODS.has(access.name.text) && call && ts.isCallExpression(call) && call.expression === access) {
      this.awaitCall(call, true);
      return;
    }
    const what = ts.isPropertyAccessExpression(access) && access.expression === ref ? `\`${ref.text}.${access.name.text}\` is used` : `\`${ref.text}\` is used as a value`;
    throw new CannotMove(`${what}, and a Redis store answers only get, set, delete and has`, ref);
  }

  /** `call` → `await call` (parenthesised where it is an operand), inside a function made async. */
  private awaitCall(call: ts.CallExpression, loads: boolean): void {
    const fn = enclosingFunction(call);
    if (!fn) throw new CannotMove('a call of the store is outside any function', call);
    if (this.awaited.has(call)) {
      if (loads) this.makeAsync(fn, loads);
      return;
    }
    this.awaited.add(call);
    const outer = call.parent;
    if (outer && ts.isAwaitExpression(outer)) return;
    const sf = call.getSourceFile();
    const operand = outer && ((ts.isPropertyAccessExpression(outer) && outer.expression === call) || (ts.isElementAccessExpression(outer) && outer.expression === call) || (ts.isCallExpression(outer) && outer.expression === call) || ts.isNonNullExpression(outer));
    if (operand) {
      this.insert(sf, call.getStart(sf), '(await ');
      this.insert(sf, call.end, ')');
    } else {
      this.insert(sf, call.getStart(sf), 'await ');
    }
    this.makeAsync(fn, loads);
  }

  /**
   * `fn` now awaits: a tool handler becomes async, and is wrapped for load-modify-save when it
   * reaches the store (`loads`); a helper becomes async, and so does every caller.
   */
  private makeAsync(fn: ts.FunctionLikeDeclaration, loads: boolean): void {
    const key = `${loads}`;
    const done = this.asyncDone.get(fn);
    if (done?.has(key)) return;
    this.asyncDone.set(fn, (done ?? new Set()).add(key));
    const sf = fn.getSourceFile();
    const tools = this.byHandler.get(fn);
    if (tools) {
      if (loads) this.wrapHandler(fn, tools);
      else if (!isAsync(fn)) {
        if (!tools.some((t) => t.call.arguments.some((a) => unwrap(a) === fn))) throw new CannotMove(`the handler of '${tools[0]!.name}' is not async`, fn);
        this.asyncHandlers.add(fn);
      }
      return;
    }
    const name = functionName(fn);
    if (!name) throw new CannotMove('a function that reaches the store is called back by code we cannot follow', fn);
    if (!ts.isFunctionDeclaration(fn) && !(ts.isVariableDeclaration(fn.parent) && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)))) {
      throw new CannotMove(`\`${name.text}\` is a method`, fn);
    }
    this.addAsync(fn);
    if (fn.type && flavourOf(sf) === 'ts' && !/^Promise</.test(fn.type.getText(sf))) this.edit(fn.type, `Promise<${fn.type.getText(sf)}>`);
    const calls = new Set(this.result.analysis.values.calls.callsOf(fn));
    for (const ref of this.references(name)) {
      if (this.isBinding(ref)) continue;
      const call = ref.parent;
      if (ts.isCallExpression(call) && call.expression === ref && calls.has(call)) continue;
      throw new CannotMove(`\`${name.text}\` is used as a value, not only called`, ref);
    }
    for (const call of calls) this.awaitCall(call, loads);
  }

  private addAsync(fn: ts.FunctionLikeDeclaration): void {
    if (isAsync(fn) || this.madeAsync.has(fn)) return;
    this.madeAsync.add(fn);
    const sf = fn.getSourceFile();
    if (ts.isArrowFunction(fn)) {
      this.insert(sf, fn.getStart(sf), 'async ');
      return;
    }
    const lastModifier = fn.modifiers?.[fn.modifiers.length - 1];
    const keyword = sf.text.indexOf('function', lastModifier ? lastModifier.end : fn.getStart(sf));
    if (keyword < 0) throw new CannotMove('cannot find the function keyword', fn);
    this.insert(sf, keyword, 'async ');
  }

  /** `async (args, extra) => {…}` → `withSharedState(async (args, extra) => {…})`, in the registration (see finishHandlers). */
  private wrapHandler(fn: ts.FunctionLikeDeclaration, tools: ToolRegistration[]): void {
    if (ts.isMethodDeclaration(fn) || ts.isGetAccessor(fn) || ts.isSetAccessor(fn) || ts.isConstructorDeclaration(fn)) throw new CannotMove('the handler is a method', fn);
    this.wrapped.set(fn, tools);
  }

  /** Handler edits last, so that at one offset `withSharedState(` comes before `async `. */
  private finishHandlers(): void {
    const { values } = this.result.analysis;
    for (const [fn, tools] of this.wrapped) {
      const call = tools[0]!.call;
      const argument = call.arguments.find((arg) => {
        const inner = unwrap(arg);
        return inner === fn || (ts.isIdentifier(inner) && values.symbolOf(inner)?.valueDeclaration === fn);
      });
      if (!argument) throw new CannotMove(`the handler of '${tools[0]!.name}' is not passed where it is registered`, fn);
      const sf = call.getSourceFile();
      this.wrappedTools.push(...tools.map((t) => t.name));
      this.insert(sf, argument.getStart(sf), 'withSharedState(');
      if (!isAsync(fn)) {
        if (unwrap(argument) !== fn) throw new CannotMove(`the handler of '${tools[0]!.name}' is not async`, fn);
        this.addAsync(fn);
      }
      this.insert(sf, argument.end, ')');
    }
    for (const fn of this.asyncHandlers) if (!this.wrapped.has(fn)) this.addAsync(fn);
  }

  /** The names the registry's file imports from the Redis module. */
  homeImports(): string[] {
    const home = this.site.declaration.getSourceFile();
    const wrapsHere = [...this.wrapped.values()].some((tools) => tools[0]!.call.getSourceFile() === home);
    return ['createRedisHandleRegistry', 'createRedisStore', ...(this.storeType ? ['type RedisStore'] : []), ...(wrapsHere ? ['withSharedState'] : [])];
  }

  private edit(node: ts.Node, text: string): void {
    const sf = node.getSourceFile();
    this.edits.push({ file: sf.fileName, start: node.getStart(sf), end: node.end, text });
  }

  private insert(sf: ts.SourceFile, offset: number, text: string): void {
    this.edits.push({ file: sf.fileName, start: offset, end: offset, text });
  }
}

/**
 * A store keeps its variable's name in Redis unless the registry uses that name for its own keys
 * (`handle`, `idem`, `handles-of`) or another store of the project has it: then `<name>_store`, `<name>_store2`, …
 */
function uniqueStoreName(name: string, taken: ReadonlySet<string>): string {
  if (!RESERVED_STORE_NAMES.includes(name) && !taken.has(name)) return name;
  for (let n = 1; ; n++) {
    const candidate = `${name}_store${n === 1 ? '' : n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The deployment's default key namespace: from the nearest package.json's name, else the directory's. */
function stateNamespaceOf(file: string): string {
  const pkg = nearestPackageJson(path.dirname(file));
  let name: string | undefined;
  try {
    const parsed = pkg ? (JSON.parse(readCurrentFile(pkg)) as { name?: unknown }) : undefined;
    if (typeof parsed?.name === 'string') name = parsed.name;
  } catch {
    /* an unreadable package.json names nothing */
  }
  return defaultStateNamespace(name, path.dirname(pkg ?? file));
}

function isAsync(fn: ts.FunctionLikeDeclaration): boolean {
  return !!fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
}

function functionName(fn: ts.FunctionLikeDeclaration): ts.Identifier | undefined {
  if (ts.isFunctionDeclaration(fn) && fn.name) return fn.name;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name;
  return undefined;
}



