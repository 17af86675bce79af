/**
 * Who calls what in the analysed files: the function a call invokes, every call of a function (also
 * through imported and destructured aliases), the `new` expressions of a class, its subclasses, and
 * where a function is passed by reference. The inference follows a parameter to what every caller
 * passes; the recognisers ask the same questions of helpers. Symbols are looked up through the
 * analysis's `SymbolLookup`, so every question shares one symbol cache.
 */
import { ts } from '../typescript.js';
import { forEachOfKind, isFunctionLike, propertyNameText, unwrap } from './ast.js';
import { buildCallIndex, functionNames, type CallIndex } from './call-index.js';
import { collectionElementType, declaredType, forOfLoop, functionOfDeclaration, returnedExpressions } from './declarations.js';
import type { SdkSymbols } from './sdk-symbols.js';
import type { SymbolLookup } from './symbol-lookup.js';

export class CallGraph {
  /** Functions whose parameters `methodOfParameterArgument` is resolving (a recursive function would loop). */
  private readonly resolvingParameters = new Set<ts.Node>();
  /** Built on first use: a program nobody asks about calls is never indexed. */
  private index: CallIndex | undefined;
  private readonly callSites = new Map<ts.Node, ts.CallExpression[]>();
  private readonly everyCallSite = new Map<ts.Node, readonly ts.CallExpression[]>();
  private readonly constructionSites = new Map<ts.Node, ts.NewExpression[]>();
  private subclassIndex: Map<string, ts.ClassLikeDeclaration[]> | undefined;

  constructor(
    private readonly symbols: SymbolLookup,
    private readonly sdk: SdkSymbols,
    private readonly files: readonly ts.SourceFile[],
  ) {}

  /** The function a call invokes, when it is declared in the analysed project. */
  functionOfCall(call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined {
    return this.functionOfReference(unwrap(call.expression));
  }

  /** Whether the analysed code calls the SDK function `name` anywhere (`serveStdio`, `createMcpHandler`). */
  callsSdkFunction(name: string): boolean {
    const index = this.callIndex();
    return (index.byName.get(name) ?? []).some((call) => this.sdk.exportOf(unwrap(call.expression))?.name === name);
  }

  /** The names `fn` can be referred to by: its own, and local aliases of it (imports, destructuring, default imports). */
  private namesOf(fn: ts.FunctionLikeDeclaration, index: CallIndex): Set<string> {
    const names = new Set<string>();
    for (const name of functionNames(fn)) {
      names.add(name);
      for (const alias of index.aliases.get(name) ?? []) names.add(alias);
    }
    return names;
  }

  /** The function an identifier or property access refers to, when declared in the project. */
  private functionOfReference(ref: ts.Node): ts.FunctionLikeDeclaration | undefined {
    const symbol = this.symbols.symbolOf(ts.isPropertyAccessExpression(ref) ? ref.name : ref);
    for (const decl of symbol?.declarations ?? []) {
      const fn = functionOfDeclaration(decl) ?? (ts.isBindingElement(decl) ? this.functionOfBinding(decl) : undefined) ?? this.functionOfShorthand(decl);
      if (fn) return fn;
    }
    return ts.isPropertyAccessExpression(ref) && !symbol?.declarations?.length ? (this.methodOfElement(ref) ?? this.methodOfParameterArgument(ref)) : undefined;
  }

  /**
   * `helper.ask(…)` where `helper` is an untyped parameter of the function the call is in (plain JavaScript:
   * `createUserTool(server, elicitationHelper)`), and the callers of that function hand it a project object
   * (`new ElicitationHelper(server)`, directly or through a constant): the method of that object's class. Every caller
   * must hand an object of the same class (SLdragon/mcp-elicitation-server, sweep 13 L8).
   */
  private methodOfParameterArgument(ref: ts.PropertyAccessExpression): ts.FunctionLikeDeclaration | undefined {
    const receiver = unwrap(ref.expression);
    const parameter = ts.isIdentifier(receiver) ? this.symbols.symbolOf(receiver)?.valueDeclaration : undefined;
    if (!parameter || !ts.isParameter(parameter) || parameter.type || parameter.dotDotDotToken || !ts.isIdentifier(parameter.name)) return undefined;
    const owner = parameter.parent as ts.Node;
    if (!isFunctionLike(owner) || this.resolvingParameters.has(owner)) return undefined;
    const index = owner.parameters.indexOf(parameter);
    this.resolvingParameters.add(owner);
    try {
      const classes = new Set<ts.ClassLikeDeclaration>();
      const calls = this.callsOf(owner);
      if (calls.length === 0) return undefined;
      for (const call of calls) {
        let argument: ts.Node | undefined = call.arguments[index] && unwrap(call.arguments[index]!);
        if (argument && ts.isIdentifier(argument)) {
          const decl = this.symbols.symbolOf(argument)?.valueDeclaration;
          argument = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
        }
        if (!argument || !ts.isNewExpression(argument)) return undefined;
        const cls = (this.symbols.symbolOf(unwrap(argument.expression))?.declarations ?? []).find(ts.isClassLike);
        if (!cls) return undefined;
        classes.add(cls);
      }
      if (classes.size !== 1) return undefined;
      const method = [...classes][0]!.members.find((m) => ts.isMethodDeclaration(m) && propertyNameText(m.name) === ref.name.text);
      return method ? functionOfDeclaration(method) : undefined;
    } finally {
      this.resolvingParameters.delete(owner);
    }
  }

  /**
   * `tool.execute(…)` where `const tool = tools.get(name)!` and `tools` is a `Map<string, BaseTool>`: the method of
   * the class the collection holds. The program has no lib, so the checker cannot type `Map.get` (a tools/call
   * handler dispatching from a table of tool classes: puppeteer-mcp-server, sweep 10).
   */
  private methodOfElement(ref: ts.PropertyAccessExpression): ts.FunctionLikeDeclaration | undefined {
    const receiver = unwrap(ref.expression);
    const local = ts.isIdentifier(receiver) ? this.symbols.symbolOf(receiver)?.valueDeclaration : undefined;
    const init = local && ts.isVariableDeclaration(local) && local.initializer ? unwrap(local.initializer) : ts.isCallExpression(receiver) ? receiver : undefined;
    if (!init || !ts.isCallExpression(init) || !ts.isPropertyAccessExpression(init.expression) || init.expression.name.text !== 'get') return undefined;
    const collection = unwrap(init.expression.expression);
    const decl = ts.isIdentifier(collection) ? this.symbols.symbolOf(collection)?.valueDeclaration : undefined;
    if (!decl || !ts.isVariableDeclaration(decl)) return undefined;
    const created = decl.initializer && unwrap(decl.initializer);
    // `new Map<string, BaseTool>(…)`: the last type argument is what it holds, as in a declared `Map<string, BaseTool>`.
    const declared = declaredType(decl);
    const element = declared ? collectionElementType(declared) : created && ts.isNewExpression(created) ? created.typeArguments?.at(-1) : undefined;
    if (!element || !ts.isTypeReferenceNode(element) || !ts.isIdentifier(element.typeName)) return undefined;
    for (const cls of this.symbols.symbolOf(element.typeName)?.declarations ?? []) {
      if (!ts.isClassLike(cls)) continue;
      const method = cls.members.find((m) => ts.isMethodDeclaration(m) && propertyNameText(m.name) === ref.name.text);
      if (method) return functionOfDeclaration(method);
    }
    return undefined;
  }

  /** Whether `call` may invoke `fn`: the one function it names, or one of the modules of a list it iterates (listedModuleFunctions). */
  private invokes(call: ts.CallExpression, fn: ts.FunctionLikeDeclaration): boolean {
    const named = this.functionOfCall(call);
    return named ? named === fn : this.listedModuleFunctions(call).includes(fn);
  }

  /**
   * `for (const mod of toolModules) mod.registerTools(server)` (or `toolModules.forEach((mod) => …)`) over a list of modules
   * written out (`const toolModules = [require('./tools/notes'), require('./tools/clock')]`): the call runs each module's
   * function of that name, one per element (StevenJohnson998/AIngram's eleven tool modules, sweep 28 AB2/AB3). Not one
   * function, so not `functionOfCall`'s answer: the callers of each (who feeds their parameters) include it.
   */
  private listedModuleFunctions(call: ts.CallExpression): ts.FunctionLikeDeclaration[] {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee)) return [];
    const receiver = unwrap(callee.expression);
    if (!ts.isIdentifier(receiver)) return [];
    const decl = this.symbols.symbolOf(receiver)?.valueDeclaration;
    let list: ts.Expression | undefined;
    if (decl && ts.isVariableDeclaration(decl)) list = forOfLoop(decl)?.expression;
    else if (decl && ts.isParameter(decl) && isFunctionLike(decl.parent) && decl.parent.parameters[0] === decl) {
      const iteration = decl.parent.parent;
      if (ts.isCallExpression(iteration) && ts.isPropertyAccessExpression(iteration.expression) && iteration.expression.name.text === 'forEach') list = iteration.expression.expression;
    }
    let array = list && unwrap(list);
    if (array && ts.isIdentifier(array)) {
      const held = this.symbols.symbolOf(array)?.valueDeclaration;
      array = held && ts.isVariableDeclaration(held) && held.initializer ? unwrap(held.initializer) : undefined;
    }
    if (!array || !ts.isArrayLiteralExpression(array)) return [];
    const out: ts.FunctionLikeDeclaration[] = [];
    for (const element of array.elements) {
      let member: ts.Symbol | undefined;
      try {
        member = this.symbols.checker.getTypeAtLocation(element).getProperty(callee.name.text);
      } catch {
        continue;
      }
      for (const d of member?.declarations ?? []) {
        const fn = functionOfDeclaration(d) ?? this.functionOfShorthand(d);
        if (fn) {
          out.push(fn);
          break;
        }
      }
    }
    return out;
  }

  /** `export const api = { getCart }`: the shorthand property names the function declared elsewhere. */
  private functionOfShorthand(decl: ts.Node): ts.FunctionLikeDeclaration | undefined {
    if (!ts.isShorthandPropertyAssignment(decl)) return undefined;
    let value: ts.Symbol | undefined;
    try {
      value = this.symbols.checker.getShorthandAssignmentValueSymbol(decl);
    } catch {
      return undefined;
    }
    for (const inner of value?.declarations ?? []) {
      const fn = functionOfDeclaration(inner);
      if (fn) return fn;
    }
    return undefined;
  }

  /** `const { server, cleanup } = createServer()` where createServer returns `{ server, cleanup: (id) => ... }`. */
  private functionOfBinding(element: ts.BindingElement): ts.FunctionLikeDeclaration | undefined {
    const owner = element.parent.parent;
    const name = propertyNameText(element.propertyName) ?? (ts.isIdentifier(element.name) ? element.name.text : undefined);
    if (!name || !ts.isVariableDeclaration(owner) || !owner.initializer) return undefined;
    const init = unwrap(owner.initializer);
    if (!ts.isCallExpression(init)) return undefined;
    const factory = this.functionOfCall(init);
    for (const returned of factory ? returnedExpressions(factory) : []) {
      const object = unwrap(returned);
      if (!ts.isObjectLiteralExpression(object)) continue;
      for (const prop of object.properties) {
        if (propertyNameText(prop.name) !== name) continue;
        if (ts.isPropertyAssignment(prop) || ts.isMethodDeclaration(prop)) {
          const fn = functionOfDeclaration(prop);
          if (fn) return fn;
        }
        if (ts.isShorthandPropertyAssignment(prop)) {
          for (const decl of this.symbols.symbolOf(prop.name)?.declarations ?? []) {
            const fn = functionOfDeclaration(decl);
            if (fn) return fn;
          }
        }
      }
    }
    return undefined;
  }

  /** Project classes declared `class X extends <cls>` (direct subclasses), resolved through the base's symbol. */
  subclassesOf(cls: ts.ClassLikeDeclaration): ts.ClassLikeDeclaration[] {
    if (!cls.name) return [];
    let byBase = this.subclassIndex;
    if (!byBase) {
      byBase = this.subclassIndex = new Map();
      for (const file of this.files) {
        forEachOfKind(file, [ts.SyntaxKind.ClassDeclaration, ts.SyntaxKind.ClassExpression], (node) => {
          if (!ts.isClassDeclaration(node) && !ts.isClassExpression(node)) return;
          const base = node.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
          const name = base && (ts.isIdentifier(base) ? base.text : ts.isPropertyAccessExpression(base) ? base.name.text : undefined);
          if (!name) return;
          byBase!.set(name, [...(byBase!.get(name) ?? []), node]);
        });
      }
    }
    return (byBase.get(cls.name.text) ?? []).filter((sub) => {
      const base = sub.heritageClauses!.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)!.types[0]!.expression;
      return this.symbols.symbolOf(ts.isPropertyAccessExpression(base) ? base.name : base)?.declarations?.includes(cls) ?? false;
    });
  }

  /**
   * Every call in the analysed files of `fn`. Calls are indexed once by callee name (a
   * syntactic pass, no symbol lookups); only calls whose name matches `fn`'s name or a
   * local alias of it (`import { getCart as gc }`, `const { getCart: gc } = require(...)`)
   * are resolved, since resolving every `console.log` and `z.string()` would dominate.
   */
  callsOf(fn: ts.FunctionLikeDeclaration): readonly ts.CallExpression[] {
    const cached = this.callSites.get(fn);
    if (cached) return cached;
    const index = this.callIndex();
    const calls = [...this.namesOf(fn, index)].flatMap((name) => index.byName.get(name) ?? []).filter((call) => this.invokes(call, fn));
    this.callSites.set(fn, calls);
    return calls;
  }

  /** The calls without arguments of a method or function of this name (`als.getStore()`), unresolved. */
  argumentlessCallsNamed(name: string): readonly ts.CallExpression[] {
    return this.callIndex().withoutArguments.get(name) ?? [];
  }

  /** Every call of `fn`, also those without arguments (`context.currentTab()`): who runs its body, not who feeds its parameters. */
  everyCallOf(fn: ts.FunctionLikeDeclaration): readonly ts.CallExpression[] {
    const cached = this.everyCallSite.get(fn);
    if (cached) return cached;
    const index = this.callIndex();
    const bare = [...this.namesOf(fn, index)].flatMap((name) => index.withoutArguments.get(name) ?? []).filter((call) => this.invokes(call, fn));
    const calls = bare.length > 0 ? [...this.callsOf(fn), ...bare] : this.callsOf(fn);
    this.everyCallSite.set(fn, calls);
    return calls;
  }

  /**
   * Where `fn` is invoked with arguments: its calls, or for a class constructor the `new` expressions
   * of its class (`new LanguageModel({ session })`), also through an imported alias of the class.
   */
  invocationsOf(fn: ts.FunctionLikeDeclaration): ReadonlyArray<ts.CallExpression | ts.NewExpression> {
    if (!ts.isConstructorDeclaration(fn)) return this.callsOf(fn);
    const cached = this.constructionSites.get(fn);
    if (cached) return cached;
    const cls = fn.parent;
    const own = cls.name?.text ?? (ts.isVariableDeclaration(cls.parent) && ts.isIdentifier(cls.parent.name) ? cls.parent.name.text : undefined);
    const index = this.callIndex();
    const names = new Set<string>(own ? [own, ...(index.aliases.get(own) ?? [])] : []);
    if (own && ts.getModifiers(cls)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) for (const alias of index.aliases.get('default') ?? []) names.add(alias);
    const sites = [...names].flatMap((name) => index.constructions.get(name) ?? []).filter((site) => {
      const callee = unwrap(site.expression);
      const symbol = this.symbols.symbolOf(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
      return (symbol?.declarations ?? []).some((d) => d === cls || (ts.isVariableDeclaration(d) && d.initializer && unwrap(d.initializer) === cls));
    });
    this.constructionSites.set(fn, sites);
    return sites;
  }

  /** The arguments every invocation of `param`'s function passes at its position (spread arguments left out). */
  argumentsFor(param: ts.ParameterDeclaration): ts.Expression[] {
    const fn = param.parent;
    if (!isFunctionLike(fn)) return [];
    const index = fn.parameters.indexOf(param);
    return this.invocationsOf(fn).flatMap((call) => {
      const arg = call.arguments?.[index];
      return arg && !ts.isSpreadElement(arg) ? [arg] : [];
    });
  }

  /** The references passed as call arguments that name `fn` (`server.tool('view', viewCart)`), by every name it goes by. */
  passedAsArgument(fn: ts.FunctionLikeDeclaration): ts.Node[] {
    const index = this.callIndex();
    const refs: ts.Node[] = [];
    for (const name of this.namesOf(fn, index)) {
      for (const ref of index.argumentRefs.get(name) ?? []) {
        if (this.functionOfReference(ref) === fn) refs.push(ref);
      }
    }
    return refs;
  }

  /** Identifiers and `x.name` accesses passed as call arguments under the name `name` (unresolved: the caller checks the symbol). */
  argumentsNamed(name: string): readonly ts.Node[] {
    return this.callIndex().argumentRefs.get(name) ?? [];
  }

  private callIndex(): CallIndex {
    return (this.index ??= buildCallIndex(this.files));
  }
}
