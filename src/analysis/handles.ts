/**
 * Handles the code already has (docs/design.md, "The handle pattern"; issue 17): the one definition
 * the `handle-hygiene` rules read.
 *
 * A handle family is an argument `<noun>_id` (or `<noun>Id`) that
 * - one tool returns (a property of an object it returns or puts in `structuredContent`, or a value
 *   its text names: `cart_id: ${id}`) without taking it as input, and makes — the minting tool. Making it
 *   means writing an entry under the value into a store of the project (the value may be the tool's
 *   own argument: a name the client chose), or drawing it from a generator of fresh ids (a CSPRNG, a
 *   counter, the clock, `Math.random`) where the store it goes to is out of sight. A value the tool only
 *   relays (an id in an upstream API's response) or echoes (its own `id` argument) is not minted by it;
 * - other tools' input schemas take — the consuming tools;
 * - keys a store the project itself holds (a `Map`, a plain object): the minting tool writes an entry
 *   under the minted value, or a consuming tool reads one under the argument.
 * An id that only travels through (a GitHub issue number, a database row id that an API call returns)
 * keys no store of the server's and is no handle.
 *
 * Values are followed through variables, `??`/`||`, template literals and concatenation, and into
 * the parameters of the project's helpers (and back out through their returns), as far as MAX_DEPTH.
 */
import { ts } from '../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, isRequireCall, outermostWrapper, propertyNameText, unwrap } from './ast.js';
import { returnedExpressions } from './declarations.js';
import type { ToolRegistration } from './tools.js';
import type { ValueAnalysis } from './values.js';

/** Where a minted id comes from (`other`: nothing that says either way, e.g. a value read back from a store). */
type IdSourceKind = 'csprng' | 'counter' | 'time' | 'random' | 'input' | 'other';

interface IdSource {
  kind: IdSourceKind;
  node: ts.Node;
}

type StoreOperation = 'read' | 'lookup' | 'write' | 'delete';

interface HandleStore {
  /** The declaration of the collection (variable, class property, `this.x = new Map()`). */
  declaration: ts.Node;
  name: string;
  symbol: ts.Symbol;
}

export interface HandleStoreAccess {
  store: HandleStore;
  /** The call (`store.get(id)`) or element access (`store[id]`). */
  node: ts.Node;
  /** `lookup`: a `get`/index read that yields the entry; `read`: `has`; writes and deletes as named. */
  operation: StoreOperation;
  /** The helper calls from the tool handler to the function holding the access (empty: in the handler). */
  calls: readonly ts.CallExpression[];
}

interface HandleMint {
  tool: ToolRegistration;
  /** Where the handle leaves the tool: the returned property or the template span naming it. */
  returned: ts.Node;
  /** Where the minted value comes from, every leaf of its derivation. */
  sources: IdSource[];
  /** Store accesses keyed by the minted value (its registration). */
  writes: HandleStoreAccess[];
}

export interface HandleConsumer {
  tool: ToolRegistration;
  /** Store accesses keyed by the handle argument, in the handler and the helpers it hands the handle to. */
  accesses: HandleStoreAccess[];
  /** Every function the handle reaches (the handler first), with the calls that handed it on. */
  reached: readonly HandleReach[];
  /** Calls the handle is passed to whose callee is outside the project (a handle registry from a package). */
  externalCalls: ts.CallExpression[];
}

export interface HandleReach {
  fn: ts.FunctionLikeDeclaration;
  /** The helper calls from the tool handler to `fn` (empty: the handler). */
  calls: readonly ts.CallExpression[];
  /** The variables and parameters of `fn` that hold the handle or a key derived from it. */
  carriers: ReadonlySet<ts.Symbol>;
}

export interface HandleFamily {
  /** The argument name as the schemas spell it: `cart_id`, `sessionId`. */
  argument: string;
  mints: HandleMint[];
  consumers: HandleConsumer[];
  /** Every project store keyed by the handle. */
  stores: HandleStore[];
}

/** The kinds of id source anyone can guess or name (a counter, the clock, `Math.random`, the tool's own arguments). */
type GuessableKind = 'counter' | 'time' | 'random' | 'input';
const GUESSABLE = new Set<IdSourceKind>(['counter', 'time', 'random', 'input']);
/** The kinds of id source that make a new id (a tool whose value comes from one mints it, wherever it is stored). */
const FRESH = new Set<IdSourceKind>(['csprng', 'counter', 'time', 'random']);

export interface GuessableSource {
  family: HandleFamily;
  mint: HandleMint;
  kind: GuessableKind;
  node: ts.Node;
}

/**
 * The guessable parts of minted handles: shared by `handle-hygiene/guessable-handle` (the finding) and
 * `session-state-to-handles` (its marker), so both mean the same sites. One CSPRNG part makes a mint safe:
 * a timestamp prefix next to 128 random bits guesses nothing.
 */
export function guessableSources(families: readonly HandleFamily[]): GuessableSource[] {
  const out: GuessableSource[] = [];
  for (const family of families) {
    for (const mint of family.mints) {
      if (mint.sources.some((s) => s.kind === 'csprng')) continue;
      for (const source of mint.sources) {
        if (GUESSABLE.has(source.kind)) out.push({ family, mint, kind: source.kind as GuessableKind, node: source.node });
      }
    }
  }
  return out;
}

const MAX_DEPTH = 4;
const HANDLE_ARGUMENT = /^[a-z][A-Za-z0-9]*(?:_id|Id)$/;
const STORE_CONSTRUCTORS = new Set(['Map', 'LRUCache', 'LRU', 'TTLCache', 'NodeCache', 'QuickLRU']);
const READ_METHODS = new Set(['has', 'peek']);
const LOOKUP_METHODS = new Set(['get']);
const WRITE_METHODS = new Set(['set']);
const DELETE_METHODS = new Set(['delete']);
const CSPRNG_FUNCTIONS = new Set(['randomUUID', 'randomBytes', 'getRandomValues', 'randomFillSync', 'randomFill', 'generateKeySync']);
const CSPRNG_MODULES = new Set(['crypto', 'node:crypto']);
/** Id packages whose default generators draw from the platform CSPRNG. */
const CSPRNG_PACKAGE_FUNCTIONS: Record<string, ReadonlySet<string>> = {
  uuid: new Set(['v4']),
  nanoid: new Set(['nanoid']),
};
/** Calls that turn a value into a string without adding entropy: the id is as guessable as what goes in. */
const DERIVING_METHODS = new Set([
  'toString', 'slice', 'substring', 'substr', 'replace', 'replaceAll', 'padStart', 'padEnd', 'toUpperCase', 'toLowerCase',
  'trim', 'concat', 'join', 'update', 'digest', 'from', 'stringify', 'toISOString', 'getTime', 'valueOf', 'toFixed',
]);
const DERIVING_FUNCTIONS = new Set(['String', 'Number', 'encodeURIComponent', 'btoa', 'parseInt']);

export function collectHandleFamilies(values: ValueAnalysis, tools: readonly ToolRegistration[]): HandleFamily[] {
  return new HandleModelBuilder(values, tools).build();
}

class HandleModelBuilder {
  private readonly storeCache = new Map<ts.Symbol, HandleStore | null>();

  constructor(
    private readonly values: ValueAnalysis,
    private readonly tools: readonly ToolRegistration[],
  ) {}

  build(): HandleFamily[] {
    const takenBy = new Map<string, ToolRegistration[]>();
    for (const tool of this.tools) {
      for (const name of schemaArguments(tool, this.values)) if (HANDLE_ARGUMENT.test(name)) (takenBy.get(name) ?? takenBy.set(name, []).get(name)!).push(tool);
    }
    const families: HandleFamily[] = [];
    for (const [argument, consumersOf] of takenBy) {
      const mints = this.tools.filter((t) => !consumersOf.includes(t)).flatMap((tool) => this.mintsIn(tool, argument));
      if (mints.length === 0) continue;
      const consumers = consumersOf.map((tool) => this.consumerOf(tool, argument));
      const stores = new Set<HandleStore>();
      for (const access of [...mints.flatMap((m) => m.writes), ...consumers.flatMap((c) => c.accesses)]) stores.add(access.store);
      if (stores.size === 0) continue;
      families.push({ argument, mints, consumers, stores: [...stores] });
    }
    return families;
  }

  // ── minting ──────────────────────────────────────────────────────────────────

  private mintsIn(tool: ToolRegistration, argument: string): HandleMint[] {
    const body = toolBody(tool);
    // A low-level tool's branch hands its result out through the `tools/call` handler's own `return result`.
    const limit = tool.handler?.body ?? body;
    if (!body || !limit) return [];
    const out: HandleMint[] = [];
    const searched = new Set<ts.Node>();
    const search = (root: ts.Node, within: ts.Node, depth: number): void => {
      forEachDescendant(root, (node) => {
        // `result = await handleStartSearch(args)` … `return result`: the helper's own result is the tool's.
        // The callee is looked up (a checker query) only for a call whose value is returned or assigned: no other can be returned as is.
        if (ts.isCallExpression(node) && depth < MAX_DEPTH && returnedOrAssigned(node) !== undefined) {
          const helper = this.values.calls.functionOfCall(node);
          if (helper?.body && !searched.has(helper) && this.isReturnedAsIs(node, within)) {
            searched.add(helper);
            search(helper.body, helper.body, depth + 1);
          }
        }
        const value = this.returnedHandleValue(node, argument, within);
        if (!value) return;
        const carriers = new Set<ts.Symbol>();
        const sources: IdSource[] = [];
        this.sourcesOf(value, 0, sources, carriers, tool);
        // The tool's own argument returned as it is (`collectionId: id`, or `users.set(name, …)` … `user_id: name`).
        const echoed = this.inputSymbolOf(value, tool);
        if (echoed) carriers.add(echoed);
        const writes = dedupeAccesses([...carriers].flatMap((symbol) => {
          const scope = scopeOf(symbol);
          return scope ? this.follow(scope, new Set([symbol]), [], 0).accesses : [];
        }));
        // A tool mints what it makes: an entry it writes under the value, or a fresh id. An id it relays from an
        // upstream API (`metadata: { collectionId: bookmark.collection.$id }`) or echoes (`collectionId: id`)
        // names something that lives elsewhere; a store other tools key by that id (a request de-duplication
        // map) is not the handle's.
        if (!writes.some((w) => w.operation === 'write') && !sources.some((s) => FRESH.has(s.kind))) return;
        out.push({ tool, returned: node, sources, writes });
      });
    };
    search(body, limit, 0);
    return out;
  }

  /**
   * `node` is where a tool hands `argument` out: `{ cart_id: id }` / `{ cart_id }` in what it returns or in its
   * `structuredContent`, or a template that names it (`cart_id: ${id}`, `session: ${result.sessionId}`).
   * Returns the value expression.
   */
  private returnedHandleValue(node: ts.Node, argument: string, body: ts.Node): ts.Expression | undefined {
    if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && propertyNameText(node.name) === argument && this.isHandedOut(node, body, 0)) {
      return ts.isPropertyAssignment(node) ? node.initializer : node.name;
    }
    if (ts.isTemplateSpan(node)) {
      const template = node.parent;
      const index = template.templateSpans.indexOf(node);
      const before = index === 0 ? template.head.text : template.templateSpans[index - 1]!.literal.text;
      const value = unwrap(node.expression);
      const named = ts.isPropertyAccessExpression(value) ? value.name.text : ts.isIdentifier(value) ? value.text : undefined;
      if ((named === argument || new RegExp(`\\b${argument}\\b\\W*$`).test(before)) && this.isHandedOut(node, body, 0)) return node.expression;
    }
    return undefined;
  }

  /** The call's value is what the function returns: `return call()`, `=> call()`, or `result = await call(); … return result`. */
  private isReturnedAsIs(call: ts.CallExpression, body: ts.Node): boolean {
    const shape = returnedOrAssigned(call);
    if (shape === undefined) return false;
    if (shape === true) return true;
    const variable = shape;
    const symbol = this.values.symbolOf(variable);
    if (!symbol) return false;
    let returned = false;
    forEachDescendant(body, (use) => {
      if (returned || !ts.isIdentifier(use) || use === variable || this.values.symbolOf(use) !== symbol) return;
      const holder = outermostWrapper(use).parent;
      if (holder && ts.isReturnStatement(holder) && ts.findAncestor(holder, isFunctionLike) === ts.findAncestor(call, isFunctionLike)) returned = true;
    });
    return returned;
  }

  /**
   * Inside a returned expression or a `structuredContent`/`content` property, with no function in between;
   * or in the value of a variable that is (`let output = …; output += …; return { content: [{ text: output }] }`).
   */
  private isHandedOut(node: ts.Node, body: ts.Node, depth: number): boolean {
    for (let current = node.parent; current && current !== body; current = current.parent) {
      if (isFunctionLike(current)) return false;
      if (ts.isReturnStatement(current)) return true;
      if (ts.isPropertyAssignment(current) && ['structuredContent', 'content'].includes(propertyNameText(current.name) ?? '')) return true;
      if (ts.isArrowFunction(current.parent) && current.parent.body === current) return true;
      const variable = assignedVariable(current);
      if (variable) {
        const symbol = depth < 2 ? this.values.symbolOf(variable) : undefined;
        if (!symbol) return false;
        let handed = false;
        forEachDescendant(body, (use) => {
          if (handed || !ts.isIdentifier(use) || use === variable || isDeclarationName(use) || isAssignmentTarget(use)) return;
          if (this.values.symbolOf(use) === symbol && this.isHandedOut(use, body, depth + 1)) handed = true;
        });
        return handed;
      }
    }
    return ts.isArrowFunction(body.parent) && body.parent.body === body && node !== body;
  }

  /** Every leaf the value is derived from; `carriers` gets the variables holding it on the way. */
  private sourcesOf(expr: ts.Node, depth: number, out: IdSource[], carriers: Set<ts.Symbol>, tool: ToolRegistration): void {
    const node = unwrap(expr);
    if (depth > MAX_DEPTH * 3) return void out.push({ kind: 'other', node });
    const next = (child: ts.Node): void => this.sourcesOf(child, depth + 1, out, carriers, tool);
    if (ts.isStringLiteralLike(node) || ts.isNumericLiteral(node)) return;
    if (ts.isTemplateExpression(node)) return node.templateSpans.forEach((span) => next(span.expression));
    if (ts.isArrayLiteralExpression(node)) return node.elements.forEach(next);
    if (ts.isConditionalExpression(node)) return [node.whenTrue, node.whenFalse].forEach(next);
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op === ts.SyntaxKind.PlusEqualsToken || op === ts.SyntaxKind.MinusEqualsToken) return void out.push({ kind: 'counter', node });
      if (op === ts.SyntaxKind.EqualsToken) return next(node.right);
      return [node.left, node.right].forEach(next);
    }
    if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && isIncrement(node.operator)) return void out.push({ kind: 'counter', node });
    if (ts.isNewExpression(node)) {
      const ctor = unwrap(node.expression);
      if (ts.isIdentifier(ctor) && ctor.text === 'Date' && this.isGlobal(ctor)) return void out.push({ kind: 'time', node });
      return void out.push({ kind: 'other', node });
    }
    if (ts.isCallExpression(node)) return this.callSources(node, depth, out, carriers, tool);
    if (ts.isPropertyAccessExpression(node)) {
      if ((node.name.text === 'size' || node.name.text === 'length') && !this.isToolInput(node.expression, tool)) return void out.push({ kind: 'counter', node });
      if (this.isToolInput(node, tool)) return void out.push({ kind: 'input', node });
      if (this.isIncremented(node)) return void out.push({ kind: 'counter', node });
      // `trip.id` where `trip` is an object the project builds (`{ id, title }`): the value of that property.
      const built = this.propertyValues(node.expression, node.name.text, depth);
      if (built.length > 0) return built.forEach(next);
      return void out.push({ kind: 'other', node });
    }
    if (ts.isIdentifier(node)) {
      const symbol = this.values.symbolOf(node);
      const decl = symbol?.valueDeclaration;
      if (!symbol || !decl) return void out.push({ kind: 'other', node });
      if (this.isToolInput(node, tool)) return void out.push({ kind: 'input', node });
      if (this.isIncremented(node)) return void out.push({ kind: 'counter', node });
      if (ts.isVariableDeclaration(decl) && decl.initializer) {
        carriers.add(symbol);
        return next(decl.initializer);
      }
      if (ts.isParameter(decl) && ts.isIdentifier(decl.name) && isFunctionLike(decl.parent) && depth < MAX_DEPTH * 3) {
        carriers.add(symbol);
        const index = decl.parent.parameters.indexOf(decl);
        const calls = this.values.calls.callsOf(decl.parent);
        if (calls.length === 0) return void out.push({ kind: 'other', node });
        for (const call of calls) {
          const argument = call.arguments[index];
          if (argument) this.sourcesOf(argument, depth + 1, out, carriers, toolOfCall(this.tools, call) ?? tool);
        }
        return;
      }
    }
    out.push({ kind: 'other', node });
  }

  /** The expressions property `name` is given in the object literals `object` can be (through variables and local functions' returns). */
  private propertyValues(object: ts.Expression, name: string, depth: number): ts.Expression[] {
    const node = unwrap(object);
    if (depth > MAX_DEPTH * 3) return [];
    if (ts.isObjectLiteralExpression(node)) {
      const prop = node.properties.find((p) => propertyNameText(p.name) === name);
      if (prop && ts.isPropertyAssignment(prop)) return [prop.initializer];
      if (prop && ts.isShorthandPropertyAssignment(prop)) return [prop.name];
      return [];
    }
    if (ts.isIdentifier(node)) {
      const decl = this.values.symbolOf(node)?.valueDeclaration;
      return decl && ts.isVariableDeclaration(decl) && decl.initializer ? this.propertyValues(decl.initializer, name, depth + 1) : [];
    }
    if (ts.isCallExpression(node)) {
      const fn = this.values.calls.functionOfCall(node);
      return fn ? returnedExpressions(fn).flatMap((e) => this.propertyValues(e, name, depth + 1)) : [];
    }
    return [];
  }

  private callSources(call: ts.CallExpression, depth: number, out: IdSource[], carriers: Set<ts.Symbol>, tool: ToolRegistration): void {
    const { name, receiver } = calleeParts(call);
    const callee = unwrap(call.expression);
    if (name && this.isCsprng(call, name)) return void out.push({ kind: 'csprng', node: call });
    if (name === 'now' && receiver && ts.isIdentifier(unwrap(receiver)) && ['Date', 'performance'].includes((unwrap(receiver) as ts.Identifier).text) && this.isGlobal(unwrap(receiver) as ts.Identifier)) {
      return void out.push({ kind: 'time', node: call });
    }
    if (name === 'hrtime' || (name === 'bigint' && receiver && ts.isPropertyAccessExpression(unwrap(receiver)))) return void out.push({ kind: 'time', node: call });
    if (name === 'random' && receiver && ts.isIdentifier(unwrap(receiver)) && (unwrap(receiver) as ts.Identifier).text === 'Math' && this.isGlobal(unwrap(receiver) as ts.Identifier)) {
      return void out.push({ kind: 'random', node: call });
    }
    const fn = this.values.calls.functionOfCall(call);
    if (fn && depth < MAX_DEPTH * 3) {
      const returned = returnedExpressions(fn);
      if (returned.length === 0) return void out.push({ kind: 'other', node: call });
      for (const value of returned) this.sourcesOf(value, depth + 1, out, carriers, tool);
      return;
    }
    if (name && ((receiver && DERIVING_METHODS.has(name)) || (!receiver && ts.isIdentifier(callee) && DERIVING_FUNCTIONS.has(name)))) {
      if (receiver) this.sourcesOf(receiver, depth + 1, out, carriers, tool);
      for (const argument of call.arguments) this.sourcesOf(argument, depth + 1, out, carriers, tool);
      return;
    }
    out.push({ kind: 'other', node: call });
  }

  /** `randomUUID()`/`crypto.randomBytes(16)` from `node:crypto`, the global Web Crypto, `uuid`'s v4, `nanoid`. */
  private isCsprng(call: ts.CallExpression, name: string): boolean {
    const callee = unwrap(call.expression);
    const root = rootIdentifier(callee);
    if (!root) return false;
    const module = this.moduleOf(root);
    if (CSPRNG_FUNCTIONS.has(name)) return module === 'global' ? root.text === 'crypto' || root.text === 'globalThis' : module !== undefined && CSPRNG_MODULES.has(module);
    if (module && CSPRNG_PACKAGE_FUNCTIONS[module]?.has(ts.isIdentifier(callee) ? this.importedName(callee) ?? name : name)) return true;
    return false;
  }

  private moduleOf(identifier: ts.Identifier): string | undefined {
    return moduleOfIdentifier(this.values, identifier);
  }

  private importedName(identifier: ts.Identifier): string | undefined {
    return importedNameOf(this.values, identifier);
  }

  private isGlobal(identifier: ts.Identifier): boolean {
    return this.moduleOf(identifier) === 'global';
  }

  /** A tool argument: the handler's arguments parameter, a binding destructured from it, or a property read from it. */
  private isToolInput(expr: ts.Node, tool: ToolRegistration): boolean {
    const node = unwrap(expr);
    const args = tool.handler && tool.api !== 'low-level' && tool.contextIndex > 0 ? tool.handler.parameters[0] : undefined;
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return this.isToolInput(node.expression, tool);
    if (!ts.isIdentifier(node)) return false;
    const decl = this.values.symbolOf(node)?.valueDeclaration;
    if (!decl) return false;
    if (args && (decl === args || ts.findAncestor(decl, (n) => n === args) !== undefined)) return true;
    // Low-level servers: `request.params.arguments` and what is destructured from it.
    if (tool.api === 'low-level' && ts.isVariableDeclaration(decl) && decl.initializer) return /\.arguments\b/.test(unwrap(decl.initializer).getText());
    return false;
  }

  /**
   * The tool argument the value is, as it is: a binding of the handler's arguments (`{ id }`), also through copies
   * (`const key = id`). Not a value derived from one (`\`${name}-1\``): a store keyed by the argument is not keyed by that.
   */
  private inputSymbolOf(value: ts.Expression, tool: ToolRegistration): ts.Symbol | undefined {
    let node = unwrap(value);
    for (let depth = 0; depth <= MAX_DEPTH && ts.isIdentifier(node); depth++) {
      const symbol = this.values.symbolOf(node);
      const decl = symbol?.valueDeclaration;
      if (!symbol || !decl) return undefined;
      if (this.isToolInput(node, tool)) return symbol;
      if (!ts.isVariableDeclaration(decl) || !decl.initializer) return undefined;
      node = unwrap(decl.initializer);
    }
    return undefined;
  }

  /** A `let`/`var` or property that something increments (`++n`, `n += 1`, `this.next++`). */
  private isIncremented(node: ts.Identifier | ts.PropertyAccessExpression): boolean {
    const symbol = this.values.symbolOf(ts.isPropertyAccessExpression(node) ? node.name : node);
    const decl = symbol?.valueDeclaration;
    if (!symbol || !decl) return false;
    if (ts.isVariableDeclaration(decl) && decl.parent.flags & ts.NodeFlags.Const) return false;
    let incremented = false;
    forEachDescendant(decl.getSourceFile(), (n) => {
      if (incremented) return;
      const target = ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n) ? (isIncrement(n.operator) ? n.operand : undefined)
        : ts.isBinaryExpression(n) && (n.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken || n.operatorToken.kind === ts.SyntaxKind.MinusEqualsToken) ? n.left : undefined;
      if (!target) return;
      const inner = unwrap(target);
      const targetSymbol = ts.isPropertyAccessExpression(inner) ? this.values.symbolOf(inner.name) : ts.isIdentifier(inner) ? this.values.symbolOf(inner) : undefined;
      if (targetSymbol === symbol) incremented = true;
    });
    return incremented;
  }

  // ── consuming ────────────────────────────────────────────────────────────────

  private consumerOf(tool: ToolRegistration, argument: string): HandleConsumer {
    const body = toolBody(tool);
    const handler = tool.handler;
    if (!body || !handler) return { tool, accesses: [], reached: [], externalCalls: [] };
    const symbols = new Set<ts.Symbol>();
    const reads: ts.Node[] = [];
    const scopes = [...(tool.api === 'low-level' ? [] : handler.parameters.slice(0, 1)), body];
    for (const scope of scopes) {
      forEachDescendant(scope, (node) => {
        if (ts.isBindingElement(node) && (propertyNameText(node.propertyName) ?? (ts.isIdentifier(node.name) ? node.name.text : undefined)) === argument && ts.isIdentifier(node.name)) {
          const symbol = this.values.symbolOf(node.name);
          if (symbol) symbols.add(symbol);
        }
        if (ts.isPropertyAccessExpression(node) && node.name.text === argument && this.isToolInput(node.expression, tool)) reads.push(node);
      });
    }
    const result = this.follow(handler, symbols, [], 0, reads, tool.branch);
    return { tool, accesses: dedupeAccesses(result.accesses), reached: result.reached, externalCalls: result.externalCalls };
  }

  /**
   * Follows the values held by `symbols` (and the expressions `seeds`) forward through `fn`: to the store
   * accesses they key, and into the helpers they are passed to.
   */
  private follow(
    fn: ts.FunctionLikeDeclaration,
    symbols: ReadonlySet<ts.Symbol>,
    calls: readonly ts.CallExpression[],
    depth: number,
    seeds: readonly ts.Node[] = [],
    within?: ts.Node,
  ): { accesses: HandleStoreAccess[]; reached: HandleReach[]; externalCalls: ts.CallExpression[] } {
    const accesses: HandleStoreAccess[] = [];
    const carriers = new Set(symbols);
    const reached: HandleReach[] = [{ fn, calls, carriers }];
    const externalCalls: ts.CallExpression[] = [];
    const root = within ?? fn.body;
    if (!root) return { accesses, reached, externalCalls };
    const pending: ts.Node[] = [...seeds];
    const visited = new Set<ts.Node>();
    // Carrier variables are found in source order, so one pass per new variable is enough. A use of a carrier is
    // spelled with its name (a local, a parameter, a binding): identifiers of other names are not looked up (the
    // checker's symbol lookup was most of this walk); a carrier reached through an alias turns the filter off.
    const names = new Set<string>();
    let byName = true;
    const collectUses = (): void => {
      for (const carrier of carriers) {
        names.add(carrier.name);
        for (const decl of carrier.declarations ?? []) {
          const name = (decl as { name?: ts.Node }).name;
          if (name && ts.isIdentifier(name)) names.add(name.text);
        }
        if (carrier.flags & ts.SymbolFlags.Alias) byName = false;
      }
      forEachDescendant(root, (node) => {
        if (ts.isIdentifier(node) && (!byName || names.has(node.text)) && !visited.has(node) && !isDeclarationName(node)) {
          const symbol = this.values.symbolOf(node);
          if (symbol && carriers.has(symbol)) pending.push(node);
        }
      });
    };
    collectUses();
    while (pending.length > 0) {
      const use = pending.shift()!;
      if (visited.has(use)) continue;
      visited.add(use);
      const derived = derivedExpression(use);
      const parent = derived.parent;
      if (!parent) continue;
      if (ts.isVariableDeclaration(parent) && parent.initializer === derived && ts.isIdentifier(parent.name)) {
        const symbol = this.values.symbolOf(parent.name);
        if (symbol && !carriers.has(symbol)) {
          carriers.add(symbol);
          collectUses();
        }
        continue;
      }
      if (ts.isElementAccessExpression(parent) && parent.argumentExpression === derived) {
        const store = this.storeOf(parent.expression);
        if (store) accesses.push({ store, node: parent, operation: elementOperation(parent), calls });
        continue;
      }
      if (ts.isCallExpression(parent) && parent.arguments.includes(derived as ts.Expression)) {
        const index = parent.arguments.indexOf(derived as ts.Expression);
        const { name, receiver } = calleeParts(parent);
        const store = index === 0 && name && receiver ? this.storeOf(receiver) : undefined;
        if (store && name) {
          const operation = LOOKUP_METHODS.has(name) ? 'lookup' : READ_METHODS.has(name) ? 'read' : WRITE_METHODS.has(name) ? 'write' : DELETE_METHODS.has(name) ? 'delete' : undefined;
          if (operation) accesses.push({ store, node: parent, operation, calls });
          continue;
        }
        const callee = this.values.calls.functionOfCall(parent);
        const param = callee?.parameters[index];
        if (callee && param && ts.isIdentifier(param.name) && depth < MAX_DEPTH && !calls.includes(parent)) {
          const symbol = this.values.symbolOf(param.name);
          if (symbol) {
            const inner = this.follow(callee, new Set([symbol]), [...calls, parent], depth + 1);
            accesses.push(...inner.accesses);
            reached.push(...inner.reached);
            externalCalls.push(...inner.externalCalls);
          }
        } else if (!callee) externalCalls.push(parent);
      }
    }
    return { accesses, reached, externalCalls };
  }

  /** A collection the project declares: `new Map()` (and LRU/TTL caches), `{}`, or one typed `Map<…>`/`Record<…>`. */
  storeOf(receiver: ts.Expression): HandleStore | undefined {
    const inner = unwrap(receiver);
    const nameNode = ts.isPropertyAccessExpression(inner) ? inner.name : ts.isIdentifier(inner) ? inner : undefined;
    const symbol = nameNode && this.values.symbolOf(nameNode);
    if (!symbol) return undefined;
    const cached = this.storeCache.get(symbol);
    if (cached !== undefined) return cached ?? undefined;
    let store: HandleStore | undefined;
    for (const decl of symbol.declarations ?? []) {
      const init = initializerOf(decl);
      const type = (decl as { type?: ts.TypeNode }).type;
      if ((init && isCollectionInitializer(init)) || (type && isCollectionType(type))) {
        store = { declaration: decl, name: nameNode.text, symbol };
        break;
      }
    }
    this.storeCache.set(symbol, store ?? null);
    return store;
  }
}

/** The handler body, or a low-level tool's branch of the `tools/call` handler. */
function toolBody(tool: ToolRegistration): ts.Node | undefined {
  return tool.branch ?? tool.handler?.body;
}

/**
 * Functions that turn a zod schema into the JSON Schema of a `tools/list` entry, by module: the tool takes
 * the zod schema's properties (`inputSchema: zodToJsonSchema(SearchArgs)`).
 */
const JSON_SCHEMA_CONVERTERS: Record<string, ReadonlySet<string>> = {
  'zod-to-json-schema': new Set(['zodToJsonSchema', 'default']),
  zod: new Set(['toJSONSchema']),
  'zod/v4': new Set(['toJSONSchema']),
};

/**
 * Property names of the tool's input schema (zod raw shape, `z.object`, JSON Schema `properties`). With
 * `values`, a schema the registration cannot edit in place is read too: a `const` in another module, or
 * a zod schema passed through a JSON Schema converter.
 */
export function schemaArguments(tool: ToolRegistration, values?: ValueAnalysis): string[] {
  const node = tool.schema.node;
  if (!node) return values && tool.schema.kind === 'opaque' && tool.schema.expression ? resolvedSchemaArguments(values, tool.schema.expression, 0) ?? [] : [];
  if (tool.schema.kind === 'json-schema') {
    const props = node.properties.find((p) => propertyNameText(p.name) === 'properties');
    const object = props && ts.isPropertyAssignment(props) ? unwrap(props.initializer) : undefined;
    return object && ts.isObjectLiteralExpression(object) ? object.properties.flatMap((p) => propertyNameText(p.name) ?? []) : [];
  }
  return node.properties.flatMap((p) => propertyNameText(p.name) ?? []);
}

/** Property names of a schema written elsewhere: followed through `const`s (any module) and JSON Schema converters. */
function resolvedSchemaArguments(values: ValueAnalysis, expression: ts.Expression, depth: number): string[] | undefined {
  const node = unwrap(expression);
  if (depth > MAX_DEPTH) return undefined;
  if (ts.isObjectLiteralExpression(node)) {
    // A JSON Schema (`{ type: 'object', properties }`) or a zod raw shape.
    const props = node.properties.find((p) => propertyNameText(p.name) === 'properties');
    const object = props && ts.isPropertyAssignment(props) ? unwrap(props.initializer) : node;
    return ts.isObjectLiteralExpression(object) ? object.properties.flatMap((p) => propertyNameText(p.name) ?? []) : undefined;
  }
  if (ts.isIdentifier(node)) {
    const decl = values.symbolOf(node)?.valueDeclaration;
    return decl && ts.isVariableDeclaration(decl) && decl.initializer ? resolvedSchemaArguments(values, decl.initializer, depth + 1) : undefined;
  }
  if (!ts.isCallExpression(node)) return undefined;
  const callee = unwrap(node.expression);
  if (ts.isPropertyAccessExpression(callee)) {
    // z.object({...}), also under `.strict()`/`.describe()`/`.extend()` chains.
    if (callee.name.text === 'object' && node.arguments[0] && ts.isObjectLiteralExpression(unwrap(node.arguments[0]))) return resolvedSchemaArguments(values, node.arguments[0], depth);
    if (isConverterCall(values, node) && node.arguments[0]) return resolvedSchemaArguments(values, node.arguments[0], depth + 1);
    if (ts.isCallExpression(unwrap(callee.expression)) || ts.isIdentifier(unwrap(callee.expression))) return resolvedSchemaArguments(values, callee.expression, depth + 1);
    return undefined;
  }
  return isConverterCall(values, node) && node.arguments[0] ? resolvedSchemaArguments(values, node.arguments[0], depth + 1) : undefined;
}

/** `zodToJsonSchema(schema)` imported from `zod-to-json-schema`, `z.toJSONSchema(schema)` from zod. */
function isConverterCall(values: ValueAnalysis, call: ts.CallExpression): boolean {
  const callee = unwrap(call.expression);
  const root = rootIdentifier(callee);
  const module = root && moduleOfIdentifier(values, root);
  const names = module ? JSON_SCHEMA_CONVERTERS[module] : undefined;
  if (!names || !root) return false;
  if (ts.isIdentifier(callee)) return names.has(isDefaultImport(values, callee) ? 'default' : importedNameOf(values, callee) ?? callee.text);
  return ts.isPropertyAccessExpression(callee) && names.has(callee.name.text);
}

function isDefaultImport(values: ValueAnalysis, identifier: ts.Identifier): boolean {
  try {
    const decl = values.checker.getSymbolAtLocation(identifier)?.declarations?.[0];
    return decl !== undefined && ts.isImportClause(decl);
  } catch {
    return false;
  }
}

/** The module an identifier is imported or required from; `global` when nothing in the project declares it. */
function moduleOfIdentifier(values: ValueAnalysis, identifier: ts.Identifier): string | undefined {
  let symbol: ts.Symbol | undefined;
  try {
    symbol = values.checker.getSymbolAtLocation(identifier);
  } catch {
    return undefined;
  }
  const decl = symbol?.declarations?.[0];
  if (!decl) return 'global';
  const importDecl = ts.findAncestor(decl, ts.isImportDeclaration);
  if (importDecl && ts.isStringLiteral(importDecl.moduleSpecifier)) return importDecl.moduleSpecifier.text;
  const variable = ts.findAncestor(decl, ts.isVariableDeclaration);
  const init = variable?.initializer && unwrap(variable.initializer);
  if (init && isRequireCall(init)) return (init.arguments[0] as ts.StringLiteral).text;
  if (init && ts.isPropertyAccessExpression(init) && isRequireCall(unwrap(init.expression))) return ((unwrap(init.expression) as ts.CallExpression).arguments[0] as ts.StringLiteral).text;
  return undefined;
}

/** `import { v4 as uuid } from 'uuid'`: `v4`. */
function importedNameOf(values: ValueAnalysis, identifier: ts.Identifier): string | undefined {
  try {
    const decl = values.checker.getSymbolAtLocation(identifier)?.declarations?.[0];
    if (decl && ts.isImportSpecifier(decl)) return (decl.propertyName ?? decl.name).text;
    if (decl && ts.isBindingElement(decl)) return propertyNameText(decl.propertyName) ?? (ts.isIdentifier(decl.name) ? decl.name.text : undefined);
  } catch {
    /* unresolved */
  }
  return undefined;
}

/** The schema property declaring `argument` (for reports). */
export function schemaProperty(tool: ToolRegistration, argument: string): ts.Node | undefined {
  const node = tool.schema.node;
  if (!node) return undefined;
  const props = tool.schema.kind === 'json-schema' ? node.properties.find((p) => propertyNameText(p.name) === 'properties') : undefined;
  const object = props && ts.isPropertyAssignment(props) ? unwrap(props.initializer) : node;
  return ts.isObjectLiteralExpression(object) ? object.properties.find((p) => propertyNameText(p.name) === argument) : undefined;
}

/**
 * What a call's value becomes, read from the syntax alone: `true` when it is returned as it is (`return call()`,
 * `=> call()`), the variable it is assigned to (`const result = await call()`, `result = call()`), else undefined.
 */
function returnedOrAssigned(call: ts.CallExpression): ts.Identifier | true | undefined {
  const outer = outermostWrapper(call);
  const parent = outer.parent;
  if (!parent) return undefined;
  if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === outer)) return true;
  return ts.isVariableDeclaration(parent) && parent.initializer === outer ? assignedVariable(parent)
    : ts.isBinaryExpression(parent) && parent.right === outer && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken ? assignedVariable(parent) : undefined;
}

/** The variable a declaration or an assignment (`=`, `+=`) gives a value: `let output = …`, `output += …`. */
function assignedVariable(node: ts.Node): ts.Identifier | undefined {
  if (ts.isVariableDeclaration(node) && node.initializer && ts.isIdentifier(node.name)) return node.name;
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.EqualsToken || node.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken)) {
    const left = unwrap(node.left);
    return ts.isIdentifier(left) ? left : undefined;
  }
  return undefined;
}

function isAssignmentTarget(node: ts.Identifier): boolean {
  const outer = outermostWrapper(node);
  const parent = outer.parent;
  return parent !== undefined && ts.isBinaryExpression(parent) && parent.left === outer && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
}

/** The tool whose handler holds the call (for the tool-input test of a helper's caller). */
function toolOfCall(tools: readonly ToolRegistration[], call: ts.Node): ToolRegistration | undefined {
  return tools.find((t) => {
    const body = toolBody(t);
    return body && call.pos >= body.pos && call.end <= body.end && call.getSourceFile() === body.getSourceFile();
  });
}

function scopeOf(symbol: ts.Symbol): ts.FunctionLikeDeclaration | undefined {
  const decl = symbol.valueDeclaration;
  return decl ? (ts.findAncestor(decl.parent, isFunctionLike) as ts.FunctionLikeDeclaration | undefined) : undefined;
}

function rootIdentifier(node: ts.Node): ts.Identifier | undefined {
  let current = unwrap(node);
  while (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current) || ts.isCallExpression(current)) current = unwrap(current.expression);
  return ts.isIdentifier(current) ? current : undefined;
}

function isIncrement(operator: ts.SyntaxKind): boolean {
  return operator === ts.SyntaxKind.PlusPlusToken || operator === ts.SyntaxKind.MinusMinusToken;
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent)) && parent.name === node;
}

/** Climbs through what keeps the value a key derived from it: `id ?? x`, `\`cart:${id}\``, `'c' + id`, `String(id)`. */
function derivedExpression(node: ts.Node): ts.Node {
  let current = outermostWrapper(node);
  for (;;) {
    const parent = current.parent;
    if (!parent) return current;
    if (ts.isTemplateSpan(parent) && parent.expression === current) {
      current = outermostWrapper(parent.parent);
      continue;
    }
    if (ts.isBinaryExpression(parent) && [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(parent.operatorToken.kind)) {
      current = outermostWrapper(parent);
      continue;
    }
    return current;
  }
}

function elementOperation(access: ts.ElementAccessExpression): StoreOperation {
  const outer = outermostWrapper(access);
  const parent = outer.parent;
  if (parent && ts.isDeleteExpression(parent)) return 'delete';
  if (parent && ts.isBinaryExpression(parent) && parent.left === outer && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return 'write';
  return 'lookup';
}

function initializerOf(decl: ts.Node): ts.Expression | undefined {
  if ((ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer) return unwrap(decl.initializer) as ts.Expression;
  // JavaScript: `this.sessions = new Map()` in a constructor declares the property.
  if ((ts.isPropertyAccessExpression(decl) || ts.isBinaryExpression(decl)) && ts.isBinaryExpression(ts.isBinaryExpression(decl) ? decl : decl.parent)) {
    const assignment = (ts.isBinaryExpression(decl) ? decl : decl.parent) as ts.BinaryExpression;
    return unwrap(assignment.right) as ts.Expression;
  }
  return undefined;
}

function isCollectionInitializer(init: ts.Expression): boolean {
  if (ts.isNewExpression(init)) {
    const ctor = unwrap(init.expression);
    const name = ts.isIdentifier(ctor) ? ctor.text : ts.isPropertyAccessExpression(ctor) ? ctor.name.text : undefined;
    return name !== undefined && STORE_CONSTRUCTORS.has(name);
  }
  if (ts.isObjectLiteralExpression(init)) return init.properties.length === 0;
  if (ts.isCallExpression(init)) {
    const { name, receiver } = calleeParts(init);
    return name === 'create' && receiver !== undefined && ts.isIdentifier(unwrap(receiver)) && (unwrap(receiver) as ts.Identifier).text === 'Object' && init.arguments.length > 0 && unwrap(init.arguments[0]!).kind === ts.SyntaxKind.NullKeyword;
  }
  return false;
}

function isCollectionType(type: ts.TypeNode): boolean {
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) return ['Map', 'Record'].includes(type.typeName.text);
  return ts.isTypeLiteralNode(type) && type.members.some(ts.isIndexSignatureDeclaration);
}

function dedupeAccesses(accesses: HandleStoreAccess[]): HandleStoreAccess[] {
  const seen = new Set<ts.Node>();
  return accesses.filter((a) => (seen.has(a.node) ? false : (seen.add(a.node), true)));
}
