/**
 * What an expression denotes, as far as the migration cares: an SDK server, a transport,
 * a request handler's context (`extra` / `ctx`), the MCP session id, or a registered tool.
 *
 * The inference runs backwards from a use to its origin: an identifier to its declaration,
 * a parameter to its type annotation (TS or JSDoc), to the registration call it is a
 * callback of, or to the arguments at every call site of its function (across files).
 * Each step that is not a plain alias is recorded as a hop, which becomes the chain shown
 * in a finding's message ("`extra` of registerTool('add_item') → getCart(extra) → ...").
 *
 * What the inference asks along the way lives in modules of its own, which take the analysis as the narrow
 * questions they need: the call graph (call-graph.ts), header reads (http-requests.ts), the HTTP+SSE
 * `?sessionId=` (sse-session-ids.ts), handler registrations (handler-registrations.ts), transport
 * options (constructor-options.ts) and what a type parameter is instantiated with (type-arguments.ts).
 */
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, forEachOfKind, isFunctionLike, isUndefined, memberAccess, outermostWrapper, propertyNameText, stringValue, unwrap, ITERATION_METHODS } from './ast.js';
import { CONTEXT_TYPES, HIGH_LEVEL_SERVER_CLASSES, LOW_LEVEL_SERVER_CLASSES, REGISTRATION_METHODS, REQUEST_HANDLER_PROPERTIES, TRANSPORT_CLASSES } from './sdk-modules.js';
import { resultIsKept, resultUsedAsServer } from './wrapper-results.js';
import type { SdkSymbols } from './sdk-symbols.js';
import { isServerKind, type Hop, type Value } from './value.js';
import { frameworkElement, frameworkInstance, frameworkMember, frameworkParameter } from './framework-values.js';
import { SymbolLookup } from './symbol-lookup.js';
import { CallGraph } from './call-graph.js';
import { ProgramText } from './program-text.js';
import { SESSION_HEADER, headerAccess, headerAccessOf, headerDecoratorCallOn } from './http-requests.js';
import { sseSessionQuery } from './sse-session-ids.js';
import { handlerContextIndex } from './handler-registrations.js';
import { sessionCallbackName } from './constructor-options.js';
import { arrayElementType, collectionElementType, declaredType, forOfLoop, returnedExpressions } from './declarations.js';
import { contextualParameterType } from './contextual-types.js';
import { valueOfTypeParameter } from './type-arguments.js';
import { declaresTransport } from './transport-interface.js';

export { declaredType, returnedExpressions } from './declarations.js';

/** Every path of a value (`paths`, or its one `hops`). */
export function pathsOf(value: Value): ReadonlyArray<readonly Hop[]> {
  return value.paths ?? [value.hops];
}

const MAX_PATHS = 64;

/** `value` one hop further on (every one of its paths). */
function withHop(value: Value, hop: Hop): Value {
  const paths = value.paths?.map((path) => [...path, hop]);
  return { ...value, hops: [...value.hops, hop], ...(paths ? { paths } : {}) };
}


export class ValueAnalysis {
  private readonly cache = new Map<ts.Node, Value | null>();
  private readonly thisAssignments = new Map<ts.Node, Map<string, ts.Expression[]>>();
  private readonly collectionWrites = new Map<ts.Node, Value | null>();
  private readonly carried = new Map<ts.Node, Value | null>();
  /** A class → the SDK server its instances are (`serverThis`), or null. */
  private readonly serverClasses = new Map<ts.ClassLikeDeclaration, Value | null>();
  private propertyIndex: Map<string, Array<ts.PropertyAssignment | ts.ShorthandPropertyAssignment>> | undefined;

  private readonly symbols: SymbolLookup;
  /** Who calls what in the analysed files (a parameter's value is what its callers pass). */
  readonly calls: CallGraph;
  /** What the program's text holds, which lets a question needing symbol lookups be skipped. */
  readonly programText: ProgramText;

  /**
   * `files`: the analysed files. `programFiles`: every file of the program (the analysed files and the context
   * modules), where a symbol's declaration can be; the analysed files when not given.
   */
  constructor(
    readonly checker: ts.TypeChecker,
    readonly sdk: SdkSymbols,
    readonly files: readonly ts.SourceFile[],
    programFiles: readonly ts.SourceFile[] = files,
  ) {
    this.symbols = new SymbolLookup(checker);
    this.calls = new CallGraph(this.symbols, sdk, files);
    this.programText = new ProgramText(programFiles);
  }

  valueOf(node: ts.Node): Value | undefined {
    const cached = this.cache.get(node);
    if (cached !== undefined) return cached ?? undefined;
    this.cache.set(node, null); // cycle guard: a value that depends on itself is unknown
    const value = this.compute(node);
    this.cache.set(node, value ?? null);
    return value;
  }

  /**
   * The read or write of the header `names` names at `node` (`headerAccessOf` of http-requests.ts). A delegate kept
   * on the analysis: the inference asks it (a session id read from its header), and so do eight rule, transform
   * and analysis files that hold only the analysis.
   */
  headerAccessOf(node: ts.Node, names: string | ReadonlySet<string>): { name: string; nameNode: ts.Node } | undefined {
    return headerAccessOf(this, node, names);
  }

  /**
   * `constantString(node)` when it passes `test`, else `undefined`. `test` must be one function kept for the
   * purpose (a module constant): its answers are cached by its identity. The symbol lookup an identifier or a property access needs (for `this.config.x`, the type of
   * `this.config`) is skipped when no declaration of the program that `constantString` reads holds a string
   * passing the test: then no lookup can answer one (most first arguments of `map.get(k)` or `f(a, b)`).
   */
  constantStringPassing(node: ts.Node, test: (text: string) => boolean): string | undefined {
    const direct = stringValue(node);
    if (direct !== undefined) return test(direct) ? direct : undefined;
    if (!this.programText.mayDeclareString(test)) return undefined;
    const constant = this.constantString(node);
    return constant !== undefined && test(constant) ? constant : undefined;
  }

  /** A string literal, or an identifier bound to a `const` string literal. */
  constantString(node: ts.Node): string | undefined {
    const direct = stringValue(node);
    if (direct !== undefined) return direct;
    const inner = unwrap(node);
    if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) return undefined;
    const symbol = this.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner);
    const decl = symbol?.valueDeclaration;
    if (decl && (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl) || ts.isPropertyDeclaration(decl)) && decl.initializer) {
      return stringValue(decl.initializer);
    }
    return undefined;
  }

  /** The symbol `node` names, through aliases (`SymbolLookup`): kept on the analysis, which nearly every question holds. */
  symbolOf(node: ts.Node): ts.Symbol | undefined {
    return this.symbols.symbolOf(node);
  }

  /**
   * `options.session` where `options` is a parameter (or a `const`) with no value of its own: the
   * `session` property of the object literals its callers pass (`createModel({ session: this.session })`,
   * `new LanguageModel({ session: options.session })`), followed through parameters handed on.
   */
  private memberOfPassedObject(object: ts.Node, name: string, depth = 0): Value | undefined {
    const inner = unwrap(object);
    if (depth > 4 || !ts.isIdentifier(inner)) return undefined;
    const decl = this.symbolOf(inner)?.valueDeclaration;
    if (!decl) return undefined;
    if (ts.isParameter(decl)) return this.memberOfPassedArgument(decl, name, depth);
    if (ts.isVariableDeclaration(decl) && decl.initializer && !forOfLoop(decl)) return this.propertyOfPassed(decl.initializer, name, depth + 1);
    return undefined;
  }

  private memberOfPassedArgument(param: ts.ParameterDeclaration, name: string, depth: number): Value | undefined {
    const fn = param.parent;
    if (!isFunctionLike(fn) || param.dotDotDotToken) return undefined;
    const index = fn.parameters.indexOf(param);
    for (const site of this.calls.invocationsOf(fn)) {
      const arg = site.arguments?.[index];
      if (!arg || ts.isSpreadElement(arg)) continue;
      const value = this.propertyOfPassed(arg, name, depth + 1);
      if (value) return withHop(value, { text: `\`${name}\` passed to ${ts.isNewExpression(site) ? 'new ' : ''}${calleeText(site)}(${argsText(site)})`, node: site });
    }
    return undefined;
  }

  /** The value of property `name` of what `expression` is: an object literal, or a parameter/const holding one. */
  private propertyOfPassed(expression: ts.Node, name: string, depth: number): Value | undefined {
    const inner = unwrap(expression);
    if (ts.isObjectLiteralExpression(inner)) {
      for (const prop of inner.properties) {
        if (prop.name && propertyNameText(prop.name) !== name) continue;
        if (ts.isPropertyAssignment(prop)) return this.valueOf(prop.initializer);
        if (ts.isShorthandPropertyAssignment(prop)) return this.valueOf(prop.name);
      }
      return undefined;
    }
    return this.memberOfPassedObject(inner, name, depth);
  }

  /**
   * `this` in a project class that extends an SDK server (`class PageServer extends McpServer`, registering its tools with
   * `this.tool(…)` in its constructor, sweep 28 AB1): that server. Only a server: `this` of any other class stays
   * unknown here, as before. A function that rebinds `this` (not an arrow) between it and the class ends the search.
   */
  private serverThis(node: ts.Node): Value | undefined {
    for (let current = node.parent; current; current = current.parent) {
      if (ts.isFunctionDeclaration(current) || ts.isFunctionExpression(current)) return undefined;
      if (ts.isClassLike(current)) {
        if (!current.name) return undefined;
        // Per class, not per `this`: a class refers to itself many times.
        if (!this.serverClasses.has(current)) {
          const value = this.instanceOf(current.name, []);
          this.serverClasses.set(current, value && isServerKind(value) ? value : null);
        }
        return this.serverClasses.get(current) ?? undefined;
      }
    }
    return undefined;
  }

  private compute(node: ts.Node): Value | undefined {
    const value = this.computeUnwrapped(node);
    if (value) return value;
    // `globalThis.mcp as unknown as McpServer`, `<Server>x`: what the code asserts, when nothing else says.
    const asserted = assertedType(node);
    return asserted ? this.valueOfType(asserted, []) : undefined;
  }

  private computeUnwrapped(node: ts.Node): Value | undefined {
    const inner = unwrap(node);
    if (sseSessionQuery(this, inner)) return { kind: 'session-id', origin: 'query', hops: [] };
    if (ts.isNewExpression(inner)) return this.instanceOf(inner.expression, []);
    if (ts.isIdentifier(inner)) return this.valueOfIdentifier(inner);
    if (inner.kind === ts.SyntaxKind.ThisKeyword) return this.serverThis(inner);
    if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) {
      const header = headerAccess(this, inner);
      if (header) return header.name === SESSION_HEADER ? { kind: 'session-id', origin: 'header', hops: [] } : undefined;
      const access = memberAccess(inner);
      if (access) {
        const object = this.valueOf(access.object);
        const member = this.memberOf(object, access.name);
        if (member) return member;
        const passed = object ? undefined : this.memberOfPassedObject(access.object, access.name);
        if (passed) return passed;
      }
      if (ts.isPropertyAccessExpression(inner)) return this.valueOfDeclaredMember(inner);
      // `server.sessions[0]`: an element of a framework list.
      const listed = ts.isPropertyAccessExpression(unwrap(inner.expression)) ? frameworkElement(this.valueOf(inner.expression)) : undefined;
      return listed ?? this.elementOfCollection(inner.expression);
    }
    if (ts.isCallExpression(inner)) return this.valueOfCall(inner);
    if (ts.isBinaryExpression(inner)) {
      const op = inner.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
        return this.valueOf(inner.left) ?? this.valueOf(inner.right);
      }
      return undefined;
    }
    if (ts.isConditionalExpression(inner)) return this.valueOf(inner.whenTrue) ?? this.valueOf(inner.whenFalse);
    return undefined;
  }

  /** What an instance of the class `classExpr` names is: an SDK class, a framework's, or a project subclass of one. */
  instanceOf(classExpr: ts.Node, hops: readonly Hop[], depth = 0): Value | undefined {
    const ref = this.sdk.exportOf(classExpr);
    if (!ref) return frameworkInstance(this.sdk.frameworkExportOf(classExpr), hops) ?? (depth < 5 ? this.instanceOfSubclass(classExpr, hops, depth) : undefined);
    if (HIGH_LEVEL_SERVER_CLASSES.has(ref.name)) return { kind: 'mcp-server', cls: ref.name, hops };
    if (LOW_LEVEL_SERVER_CLASSES.has(ref.name)) return { kind: 'server', cls: ref.name, hops };
    if (TRANSPORT_CLASSES.has(ref.name)) return { kind: 'transport', cls: ref.name, hops };
    if (CONTEXT_TYPES.has(ref.name)) return { kind: 'context', cls: ref.name, hops };
    return undefined;
  }

  /**
   * What iterating `iterable` yields: `for (const t of getActiveTransports())` where the function is
   * declared to return `StreamableHTTPServerTransport[]`, a typed array variable, or `map.values()`.
   */
  private elementOf(iterable: ts.Expression, depth = 0): Value | undefined {
    const inner = unwrap(iterable);
    if (depth > 4) return undefined;
    if (ts.isPropertyAccessExpression(inner)) {
      const listed = frameworkElement(this.valueOf(inner)); // `for (const s of server.sessions)`
      if (listed) return listed;
    }
    // `[...connections.values()]`, `Array.from(connections.values())`: a copy yields what the original does.
    if (ts.isArrayLiteralExpression(inner) && inner.elements.length === 1 && ts.isSpreadElement(inner.elements[0]!)) return this.elementOf(inner.elements[0].expression, depth + 1);
    let type: ts.TypeNode | undefined;
    if (ts.isCallExpression(inner)) {
      const { name, receiver } = calleeParts(inner);
      if (name === 'from' && receiver && ts.isIdentifier(unwrap(receiver)) && (unwrap(receiver) as ts.Identifier).text === 'Array' && inner.arguments.length === 1) return this.elementOf(inner.arguments[0]!, depth + 1);
      // map.values(), Object.values(record)
      if (receiver && name === 'values') {
        if (ts.isIdentifier(receiver) && receiver.text === 'Object' && inner.arguments[0]) return this.elementOfCollection(inner.arguments[0]);
        return this.elementOfCollection(receiver);
      }
      type = this.calls.functionOfCall(inner)?.type;
    } else if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
      const decl = this.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner)?.valueDeclaration;
      type = decl ? declaredType(decl) : undefined;
      if (!type && decl && ts.isVariableDeclaration(decl) && decl.initializer) return this.elementOf(decl.initializer, depth + 1);
      // A Set<T> iterates its T (a Map iterates entries, handled with array destructuring).
      if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Set') return this.elementOfCollection(inner);
    }
    const element = type && arrayElementType(type);
    return element ? this.valueOfType(element, []) : undefined;
  }

  /** The SDK value held by a typed collection: `Map<string, McpServer>`, `Record<string, Transport>`, `{ [id: string]: T }`. */
  private elementOfCollection(collection: ts.Expression): Value | undefined {
    const inner = unwrap(collection);
    const target = ts.isPropertyAccessExpression(inner) ? inner.name : inner;
    if (!ts.isIdentifier(target)) return undefined;
    const decl = this.symbolOf(target)?.valueDeclaration;
    if (!decl) return undefined;
    const elements: ts.TypeNode[] = [];
    const declared = declaredType(decl);
    const declaredElement = declared && collectionElementType(declared);
    if (declaredElement) elements.push(declaredElement);
    const init = (decl as { initializer?: ts.Expression }).initializer;
    const created = init && unwrap(init);
    if (created && ts.isNewExpression(created) && created.typeArguments?.length) elements.push(created.typeArguments[created.typeArguments.length - 1]!);
    return firstTypedValue(this, elements) ?? this.elementWrittenInto(decl);
  }

  /**
   * An untyped collection (`const live = new Map()`, `const transports = {}`, common in JS): what the
   * code puts into it, `live.set(id, server.registerResource(…))` or `transports[id] = transport`.
   * Looked up once per collection, in the file that declares it.
   */
  private elementWrittenInto(decl: ts.Node): Value | undefined {
    const cached = this.collectionWrites.get(decl);
    if (cached !== undefined) return cached ?? undefined;
    this.collectionWrites.set(decl, null); // a value stored into its own collection must not loop
    const name = (decl as { name?: ts.Node }).name;
    const text = name && ts.isIdentifier(name) ? name.text : undefined;
    const written: ts.Expression[] = [];
    if (text) {
      const symbol = this.symbolOf(name!);
      const sameCollection = (node: ts.Node): boolean => {
        const target = ts.isPropertyAccessExpression(node) ? node.name : node;
        return ts.isIdentifier(target) && target.text === text && this.symbolOf(target) === symbol;
      };
      forEachDescendant(decl.getSourceFile(), (node) => {
        if (ts.isCallExpression(node) && node.arguments.length >= 2) {
          const { name: method, receiver } = calleeParts(node);
          if (method === 'set' && receiver && sameCollection(unwrap(receiver))) written.push(node.arguments[1]!);
        } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isElementAccessExpression(node.left)) {
          if (sameCollection(unwrap(node.left.expression))) written.push(node.right);
        }
      });
    }
    const value = firstValue(this, written);
    this.collectionWrites.set(decl, value ?? null);
    return value;
  }

  /** `class ManagedMcpServer extends McpServer`: instances of a project subclass are what its SDK base is. */
  private instanceOfSubclass(classExpr: ts.Node, hops: readonly Hop[], depth: number): Value | undefined {
    const inner = unwrap(classExpr);
    if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner) && !ts.isQualifiedName(inner)) return undefined;
    const symbol = this.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : ts.isQualifiedName(inner) ? inner.right : inner);
    for (const decl of symbol?.declarations ?? []) {
      // `class SessionStore<T extends Closeable>`: what the code instantiates `T` with.
      if (ts.isTypeParameterDeclaration(decl)) {
        const value = valueOfTypeParameter(this, decl);
        return value && { ...value, hops };
      }
      // `type Extra = RequestHandlerExtra<...>` and `/** @typedef {import('...').McpServer} Server */`
      if (ts.isTypeAliasDeclaration(decl)) return this.valueOfType(decl.type, hops);
      if (ts.isInterfaceDeclaration(decl)) {
        // `interface AppServer extends McpServer { … }`: an SDK server with the project's extras (sweep 26 Z5).
        for (const clause of decl.heritageClauses ?? []) {
          if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
          for (const base of clause.types) {
            const value = this.instanceOf(base.expression, hops, depth + 1);
            if (value && value.kind !== 'shape') return value;
          }
        }
        return { kind: 'shape', shape: decl, hops };
      }
      if (ts.isJSDocTypedefTag(decl) && decl.typeExpression && ts.isJSDocTypeExpression(decl.typeExpression)) {
        return this.valueOfType(decl.typeExpression.type, hops);
      }
      if (!ts.isClassDeclaration(decl) && !ts.isClassExpression(decl)) continue;
      for (const clause of decl.heritageClauses ?? []) {
        if (clause.token !== ts.SyntaxKind.ExtendsKeyword || !clause.types[0]) continue;
        const base = this.instanceOf(clause.types[0].expression, hops, depth + 1);
        if (base) return base;
      }
      // `class SSETransport implements Transport`: the project's own transport (no SDK class behind it).
      if (declaresTransport(this.sdk, decl)) return { kind: 'transport', hops };
    }
    return undefined;
  }

  /** Value of a type annotation naming an SDK class or context type (TS or JSDoc). */
  valueOfType(type: ts.TypeNode | undefined, hops: readonly Hop[]): Value | undefined {
    if (!type) return undefined;
    if (ts.isTypeReferenceNode(type)) return this.instanceOf(type.typeName, hops);
    // `import('../server.js').WalletMcpServer` (JSDoc in JavaScript, sweep 37 AK4): a project class, through its qualifier.
    if (ts.isImportTypeNode(type)) return this.instanceOf(type, hops) ?? (type.qualifier && !type.isTypeOf ? this.instanceOfSubclass(type.qualifier, hops, 0) : undefined);
    if (ts.isUnionTypeNode(type)) {
      for (const member of type.types) {
        const value = this.valueOfType(member, hops);
        if (value) return value;
      }
    }
    if (ts.isParenthesizedTypeNode(type)) return this.valueOfType(type.type, hops);
    if (ts.isIndexedAccessTypeNode(type)) {
      // `McpServer['server']`, `Ctx['transport']`: the member of what the object type is.
      const index = type.indexType;
      const name = ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) ? index.literal.text : undefined;
      return name ? this.memberOf(this.valueOfType(type.objectType, hops), name) : undefined;
    }
    if (ts.isTypeLiteralNode(type)) return { kind: 'shape', shape: type, hops };
    return undefined;
  }

  private valueOfIdentifier(id: ts.Identifier): Value | undefined {
    for (const decl of this.symbolOf(id)?.declarations ?? []) {
      const value = this.valueOfDeclaration(decl);
      if (value) return value;
    }
    return undefined;
  }

  valueOfDeclaration(decl: ts.Node): Value | undefined {
    if (ts.isVariableDeclaration(decl)) return this.valueOfVariable(decl);
    if (ts.isParameter(decl)) return this.valueOfParameter(decl);
    if (ts.isBindingElement(decl)) return this.valueOfBindingElement(decl);
    if (ts.isPropertyDeclaration(decl) || ts.isPropertySignature(decl)) {
      const typed = this.valueOfType(declaredType(decl), []);
      if (typed) return typed;
      if (ts.isPropertyDeclaration(decl) && decl.initializer) return this.valueOf(decl.initializer);
      return ts.isPropertyDeclaration(decl) ? this.valueAssignedInClass(decl) : undefined;
    }
    if (ts.isPropertyAssignment(decl)) return this.valueOf(decl.initializer);
    if (ts.isShorthandPropertyAssignment(decl)) return this.valueOf(decl.name);
    if (ts.isBinaryExpression(decl)) return this.valueOf(decl.right);
    if (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent)) {
      // JS: `this.server = new McpServer(...)` declares `server` at the assignment.
      return this.valueOf(decl.parent.right);
    }
    return undefined;
  }

  /** A class field declared without initializer but assigned in the class (`this.server = new McpServer()`). */
  private valueAssignedInClass(decl: ts.PropertyDeclaration): Value | undefined {
    const name = propertyNameText(decl.name);
    if (!name) return undefined;
    let byName = this.thisAssignments.get(decl.parent);
    if (!byName) {
      // Indexed once per class: a class with thousands of `this.db` uses must not re-walk itself for each.
      byName = new Map();
      forEachDescendant(decl.parent, (node) => {
        if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
        const left = node.left;
        if (ts.isPropertyAccessExpression(left) && left.expression.kind === ts.SyntaxKind.ThisKeyword) {
          const list = byName!.get(left.name.text) ?? [];
          list.push(node.right);
          byName!.set(left.name.text, list);
        }
      });
      this.thisAssignments.set(decl.parent, byName);
    }
    return firstValue(this, byName.get(name));
  }

  /** `let transport; … transport = new StreamableHTTPServerTransport(…)`: what is assigned later in the scope. */
  private valueAssignedLater(decl: ts.VariableDeclaration): Value | undefined {
    if (!ts.isIdentifier(decl.name)) return undefined;
    const symbol = this.symbolOf(decl.name);
    const scope = enclosingFunction(decl) ?? decl.getSourceFile();
    const assigned: ts.Expression[] = [];
    forEachDescendant(scope, (node) => {
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isIdentifier(node.left) &&
        node.left.text === (decl.name as ts.Identifier).text &&
        this.symbolOf(node.left) === symbol
      ) {
        assigned.push(node.right);
      }
    });
    return firstValue(this, assigned);
  }

  /** `obj.member` where `obj` is not SDK-typed: follow the member's own declaration (class fields, object literals, JS this-assignments). */
  private valueOfDeclaredMember(access: ts.PropertyAccessExpression): Value | undefined {
    const symbol = this.symbolOf(access.name);
    for (const decl of symbol?.declarations ?? []) {
      if (decl === access) continue;
      const value = this.valueOfDeclaration(decl);
      if (value) return value;
    }
    return undefined;
  }

  private memberOf(object: Value | undefined, name: string): Value | undefined {
    if (!object) return undefined;
    for (const candidate of [object, ...(object.alternatives ?? [])]) {
      const member = this.memberOfOne(candidate, name);
      if (member) return candidate.paths && member.hops === candidate.hops ? { ...member, paths: candidate.paths } : member;
    }
    return undefined;
  }

  private memberOfOne(object: Value, name: string): Value | undefined {
    switch (object.kind) {
      case 'mcp-server':
        if (name === 'server') return { kind: 'server', cls: 'Server', hops: object.hops };
        if (name === 'transport') return { kind: 'transport', hops: object.hops };
        return undefined;
      case 'server':
        if (name === 'transport') return { kind: 'transport', hops: object.hops };
        // `server.experimental.tasks` (SDK ≥ 1.24): a facade that sends the server's own
        // server→client requests (`elicitInputStream`, `createMessageStream`) from a task.
        if (name === 'experimental' && object.cls === 'Server') return { kind: 'server', cls: 'ExperimentalServer', hops: object.hops };
        if (name === 'tasks' && object.cls === 'ExperimentalServer') return { kind: 'server', cls: 'ExperimentalServerTasks', hops: object.hops };
        return undefined;
      case 'transport':
        if (name === 'sessionId') return { kind: 'session-id', origin: 'transport', hops: object.hops };
        // v1's Node `StreamableHTTPServerTransport` (1.2x) delegates to a private web-standard transport.
        if (name === '_webStandardTransport' && object.cls !== 'WebStandardStreamableHTTPServerTransport') {
          return { kind: 'transport', cls: 'WebStandardStreamableHTTPServerTransport', hops: object.hops };
        }
        return undefined;
      case 'shape': {
        if (object.shape && (ts.isClassDeclaration(object.shape) || ts.isClassExpression(object.shape))) {
          const field = object.shape.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && propertyNameText(m.name) === name);
          const value = field ? this.valueOfDeclaration(field) : undefined;
          return value && { ...value, hops: [...object.hops, ...value.hops] };
        }
        const shape = object.shape as ts.TypeLiteralNode | ts.InterfaceDeclaration | undefined;
        const member = shape?.members.find((m) => ts.isPropertySignature(m) && propertyNameText(m.name) === name) as ts.PropertySignature | undefined;
        const typed = member?.type ? this.valueOfType(member.type, object.hops) : undefined;
        return typed ?? (member && shape ? this.carriedInto(shape, member) : undefined);
      }
      case 'context':
        if (name === 'sessionId') return { kind: 'session-id', origin: 'context', hops: object.hops };
        if (name === 'mcpReq' || name === 'sendRequest' || name === 'sendNotification') return { kind: 'context-request', hops: object.hops };
        return undefined;
      default:
        return frameworkMember(object, name);
    }
  }

  private valueOfCall(call: ts.CallExpression): Value | undefined {
    const { name, receiver } = calleeParts(call);
    if (receiver && name && REGISTRATION_METHODS.has(name) && isServerKind(this.valueOf(receiver))) {
      return { kind: 'registered', hops: [] };
    }
    if (this.headerAccessOf(call, SESSION_HEADER)) return { kind: 'session-id', origin: 'header', hops: [] };
    if (name === 'String' && !receiver && call.arguments.length === 1) return this.valueOf(call.arguments[0]!);
    if (name === 'get' && receiver) {
      const element = this.elementOfCollection(receiver);
      if (element) return element;
    }
    // A local factory: `const server = createServer()` where createServer returns `new McpServer(...)`.
    const fn = this.calls.functionOfCall(call);
    if (fn?.body) {
      for (const returned of returnedExpressions(fn)) {
        const value = this.valueOf(returned);
        if (value && value.kind !== 'session-id' && value.kind !== 'context') return value;
        if (value) return withHop(value, { text: `returned by ${calleeText(call)}`, node: call });
      }
    }
    // A factory known only by its declared type: `private createMcpServer: () => Promise<McpServer>` handed in,
    // `abstract createServer(): McpServer`, `function make(): Promise<McpServer>` whose body returns something untyped.
    return this.valueOfDeclaredReturn(call) ?? (fn?.body ? undefined : this.serverThroughWrapper(call));
  }

  /**
   * A server handed through a function the program cannot read, an instrumentation library's
   * (`const server = Sentry.wrapMcpServerWithSentry(new McpServer(…))`): the server it was given, when what the call
   * returns is then used as a server (`wrapper-results.ts`). A call that makes something else of a server
   * (`const health = monitor(server)`, `health.ping()`) is not used so, and an SDK function has its own meaning.
   */
  private serverThroughWrapper(call: ts.CallExpression): Value | undefined {
    const first = call.arguments[0];
    if (!first || !resultIsKept(call)) return undefined;
    const server = this.valueOf(first);
    if (!isServerKind(server) || this.sdk.refOf(call.expression)) return undefined;
    return resultUsedAsServer(this, call) ? server : undefined;
  }

  /** The SDK value a call returns according to the callee's declared return type (through `Promise<…>`). */
  private valueOfDeclaredReturn(call: ts.CallExpression): Value | undefined {
    const callee = unwrap(call.expression);
    if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return undefined;
    const symbol = this.symbolOf(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
    for (const decl of symbol?.declarations ?? []) {
      let returnType: ts.TypeNode | undefined;
      if (isFunctionLike(decl) || ts.isMethodSignature(decl)) returnType = decl.type;
      else if (ts.isPropertyDeclaration(decl) || ts.isPropertySignature(decl) || ts.isParameter(decl) || ts.isVariableDeclaration(decl)) {
        const type = decl.type;
        if (type && ts.isFunctionTypeNode(type)) returnType = type.type;
      }
      const value = this.valueOfType(awaitedType(returnType), []);
      if (value && value.kind !== 'shape') return value;
    }
    return undefined;
  }

  /** A variable: the element of a `for…of`, its declared type, its initializer, or what is assigned to it later. */
  private valueOfVariable(decl: ts.VariableDeclaration): Value | undefined {
    const loop = forOfLoop(decl);
    if (loop) return this.elementOf(loop.expression);
    return this.valueOfType(declaredType(decl), []) ?? (decl.initializer ? this.valueOf(decl.initializer) : this.valueAssignedLater(decl));
  }

  private valueOfBindingElement(element: ts.BindingElement): Value | undefined {
    const pattern = element.parent;
    const owner = pattern.parent;
    if (ts.isArrayBindingPattern(pattern)) {
      // for (const [id, server] of servers) / servers.entries(): the value half of a Map entry.
      const loop = ts.isVariableDeclaration(owner) ? forOfLoop(owner) : undefined;
      if (!loop || pattern.elements.indexOf(element) !== 1) return undefined;
      const iterable = unwrap(loop.expression);
      const map = ts.isCallExpression(iterable) && calleeParts(iterable).name === 'entries' ? calleeParts(iterable).receiver : (iterable as ts.Expression);
      return map ? this.elementOfCollection(map) : undefined;
    }
    const name = propertyNameText(element.propertyName) ?? (ts.isIdentifier(element.name) ? element.name.text : undefined);
    if (!name) return undefined;
    let base: Value | undefined;
    if (ts.isVariableDeclaration(owner)) base = this.valueOfVariable(owner);
    else if (ts.isParameter(owner)) base = this.valueOfParameter(owner);
    else if (ts.isBindingElement(owner)) base = this.valueOfBindingElement(owner);
    // `constructor({ session })`: the property of the object literals callers pass.
    if (!base && ts.isParameter(owner)) return this.memberOfPassedArgument(owner, name, 0);
    const member = this.memberOf(base, name);
    if (member || !ts.isVariableDeclaration(owner) || !owner.initializer) return member;
    // `const { sendRequest } = options` where `options: { sendRequest?: SendRequest }` names a type we cannot
    // follow (built with the lib's `Parameters<…>`): what the function's callers pass in that property.
    const source = unwrap(owner.initializer);
    const param = ts.isIdentifier(source) ? this.symbolOf(source)?.valueDeclaration : undefined;
    return param && ts.isParameter(param) ? this.memberOfPassedArgument(param, name, 0) : undefined;
  }

  /** The SDK server property `fn` is assigned to as its raw request handler (`server.fallbackRequestHandler = fn`), shown as written. */
  private requestHandlerProperty(fn: ts.SignatureDeclaration): string | undefined {
    const holder = outermostWrapper(fn).parent;
    if (!holder || !ts.isBinaryExpression(holder) || holder.operatorToken.kind !== ts.SyntaxKind.EqualsToken || outermostWrapper(holder.right) !== outermostWrapper(fn)) return undefined;
    const target = memberAccess(holder.left);
    if (!target || !REQUEST_HANDLER_PROPERTIES.has(target.name) || !isServerKind(this.valueOf(target.object))) return undefined;
    return holder.left.getText();
  }

  private valueOfParameter(param: ts.ParameterDeclaration): Value | undefined {
    const typed = this.valueOfType(declaredType(param), []);
    // A context-typed parameter is still traced to its handler or callers, for the chain in messages.
    if (typed && typed.kind !== 'context' && typed.kind !== 'shape') return typed;
    const fn = param.parent;
    if (!isFunctionLike(fn)) return typed;
    const index = fn.parameters.indexOf(param);
    const handler = handlerContextIndex(this, fn);
    if (handler && handler.index === index) {
      return { kind: 'context', hops: [{ text: `\`${paramText(param)}\` of ${handler.label}`, node: param }] };
    }
    // `server.server.fallbackRequestHandler = async (request, extra) => …`: a request handler by assignment (sweep 34 AH4).
    const property = index === 1 ? this.requestHandlerProperty(fn) : undefined;
    if (property) return { kind: 'context', hops: [{ text: `\`${paramText(param)}\` of \`${property}\``, node: param }] };
    const supplied = frameworkParameter(this, this.sdk, param);
    if (supplied) return supplied;
    // `@Headers('mcp-session-id') sessionId`: the header, injected by the framework (sweep 23 W1).
    const decorator = headerDecoratorCallOn(this, param);
    if (decorator && headerAccessOf(this, decorator, SESSION_HEADER)) return { kind: 'session-id', origin: 'header', hops: [] };
    // servers.forEach((server) => …), list.map((bundle) => …): the element of the receiver.
    const iteration = fn.parent;
    if (index === 0 && ts.isCallExpression(iteration) && iteration.arguments[0] === fn) {
      const { name, receiver } = calleeParts(iteration);
      if (receiver && name && ITERATION_METHODS.has(name)) {
        const element = this.elementOf(receiver) ?? this.elementOfCollection(receiver);
        if (element) return element;
      }
    }
    const sessionCallback = sessionCallbackName(this, fn);
    if (sessionCallback && index === 0) {
      return { kind: 'session-id', origin: 'callback', hops: [{ text: `\`${paramText(param)}\` of ${sessionCallback}`, node: param }] };
    }
    // A helper parameter: what its callers pass — every caller, not the first one found. The session kinds
    // (context, session id) win, with one path per caller chain; other kinds stay as alternatives.
    const sessionLike: Value[] = [];
    const others: Value[] = [];
    for (const call of this.calls.invocationsOf(fn)) {
      const arg = call.arguments?.[index];
      if (!arg || ts.isSpreadElement(arg)) continue;
      const value = this.valueOf(arg);
      if (!value) continue;
      if (value.kind === 'context' || value.kind === 'context-request' || value.kind === 'session-id') {
        sessionLike.push(withHop(value, { text: `${ts.isNewExpression(call) ? 'new ' : ''}${calleeText(call)}(${argsText(call)})`, node: call }));
      } else if (!others.some((o) => o.kind === value.kind)) others.push(value);
    }
    if (sessionLike.length > 0) {
      const primary = sessionLike[0]!;
      const same = sessionLike.filter((v) => v.kind === primary.kind && v.origin === primary.origin);
      const paths = same.flatMap((v) => pathsOf(v)).slice(0, MAX_PATHS);
      const alternatives = [...sessionLike.filter((v) => !same.includes(v)), ...others];
      return { ...primary, ...(paths.length > 1 ? { paths } : {}), ...(alternatives.length ? { alternatives } : {}) };
    }
    if (typed) return typed;
    if (others.length === 0) return this.valueOfContextualParameter(fn, index);
    return others.length > 1 ? { ...others[0]!, alternatives: others.slice(1) } : others[0];
  }

  /**
   * An unannotated callback parameter typed by where its function is written (`send: (s) => …` in an object
   * declared as `{ send: (session: Session) => … }` takes `Session`): used when no caller can be seen, since
   * such a callback is called through a lookup.
   */
  private valueOfContextualParameter(fn: ts.FunctionLikeDeclaration, index: number): Value | undefined {
    if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return undefined;
    const lookup = { declarationsOf: (name: ts.Node) => this.symbolOf(name)?.declarations ?? [], functionOfCall: (call: ts.CallExpression) => this.calls.functionOfCall(call) };
    return this.valueOfType(contextualParameterType(fn, index, lookup), []);
  }

  /**
   * Whether an expression is always `undefined`: `undefined` / `void 0`, a `const` holding it, something
   * declared with the type `undefined` (`sessionIdGenerator?: undefined` in an options type), a conditional
   * whose branches both are, or a parameter every caller of its function leaves out or passes `undefined`
   * (`makeTransport(undefined)` for `makeTransport(sessionIdGenerator?: () => string)`).
   */
  isUndefinedValue(node: ts.Node, depth = 0): boolean {
    if (isUndefined(node)) return true;
    if (depth > 4) return false;
    const inner = unwrap(node);
    if (ts.isConditionalExpression(inner)) return this.isUndefinedValue(inner.whenTrue, depth + 1) && this.isUndefinedValue(inner.whenFalse, depth + 1);
    if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) return false;
    const symbol = this.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner);
    const decls = symbol?.declarations ?? [];
    if (decls.length === 0) return false;
    return decls.every((decl) => this.declaresUndefined(decl, depth));
  }

  private declaresUndefined(decl: ts.Node, depth: number): boolean {
    const type = declaredType(decl);
    if (type && isUndefinedType(type)) return true;
    if (ts.isParameter(decl) && isFunctionLike(decl.parent)) {
      // Passed through: whatever its type says, what matters is what every caller passes.
      const fn = decl.parent;
      const index = fn.parameters.indexOf(decl);
      const calls = this.calls.callsOf(fn);
      if (calls.length === 0 || decl.dotDotDotToken || !ts.isIdentifier(decl.name)) return false;
      return calls.every((call) => {
        const arg = call.arguments[index];
        if (!arg) return !decl.initializer || this.isUndefinedValue(decl.initializer, depth + 1);
        return !ts.isSpreadElement(arg) && this.isUndefinedValue(arg, depth + 1);
      });
    }
    if (type) return false;
    if (ts.isVariableDeclaration(decl)) {
      const list = decl.parent;
      const constant = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
      return constant && !!decl.initializer && this.isUndefinedValue(decl.initializer, depth + 1);
    }
    if (ts.isPropertyAssignment(decl)) return this.isUndefinedValue(decl.initializer, depth + 1);
    return false;
  }

  /**
   * The session id (or context) copied by hand into a member of a project type: a dispatcher builds
   * `const ctx: ToolContext = { sessionId: extra.sessionId, authInfo: extra.authInfo }` and hands it to tool
   * modules, which read `ctx.sessionId`. The member carries what the code writes into it: object literals of
   * that type (declared, asserted, or — for an untyped literal of two or more properties — structurally one:
   * every key a member of the type) whose property of that name is a session id or a context.
   */
  private carriedInto(shape: ts.TypeLiteralNode | ts.InterfaceDeclaration, member: ts.PropertySignature): Value | undefined {
    const cached = this.carried.get(member);
    if (cached !== undefined) return cached ?? undefined;
    this.carried.set(member, null);
    const name = propertyNameText(member.name);
    const memberNames = new Set(shape.members.map((m) => propertyNameText(m.name)).filter((n): n is string => !!n));
    const shapeName = ts.isInterfaceDeclaration(shape) ? shape.name.text : ts.isTypeAliasDeclaration(shape.parent) ? shape.parent.name.text : 'an object type';
    let found: Value | undefined;
    for (const prop of name ? this.propertiesNamed(name) : []) {
      const literal = prop.parent;
      const declared = literalType(literal) ?? this.parameterTypeFor(literal);
      if (declared ? !this.namesShape(declared, shape) : literal.properties.length < 2 || !literal.properties.every((p) => memberNames.has(propertyNameText(p.name) ?? ''))) continue;
      const value = this.valueOf(ts.isPropertyAssignment(prop) ? prop.initializer : prop.name);
      if (value?.kind !== 'session-id' && value?.kind !== 'context') continue;
      found = withHop(value, { text: `copied into \`${shapeName}.${name}\``, node: prop });
      break;
    }
    this.carried.set(member, found ?? null);
    return found;
  }

  /**
   * The declared type of the parameter an object literal is passed as (`tool.execute({ sessionId: extra.sessionId })`
   * for `execute(context: ToolContext)`): the literal's contextual type (puppeteer-mcp-server's dispatcher; sweep 10).
   */
  private parameterTypeFor(literal: ts.ObjectLiteralExpression): ts.TypeNode | undefined {
    let current: ts.Node = literal;
    while (current.parent && ts.isParenthesizedExpression(current.parent)) current = current.parent;
    const call = current.parent;
    if (!call || !ts.isCallExpression(call)) return undefined;
    const index = call.arguments.indexOf(current as ts.Expression);
    const param = index < 0 ? undefined : this.calls.functionOfCall(call)?.parameters[index];
    const type = param && !param.dotDotDotToken ? param.type : undefined;
    // `context: unknown` (cast inside the callee) names no shape: the literal is matched by its keys, as an untyped one.
    return type && type.kind !== ts.SyntaxKind.UnknownKeyword && type.kind !== ts.SyntaxKind.AnyKeyword && type.kind !== ts.SyntaxKind.ObjectKeyword ? type : undefined;
  }

  /** Object-literal properties named `name` in the analysed files (an index per name, built on first use). */
  private propertiesNamed(name: string): Array<ts.PropertyAssignment | ts.ShorthandPropertyAssignment> {
    let byName = this.propertyIndex;
    if (!byName) {
      byName = this.propertyIndex = new Map();
      for (const file of this.files) {
        forEachOfKind(file, [ts.SyntaxKind.PropertyAssignment, ts.SyntaxKind.ShorthandPropertyAssignment], (node) => {
          if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && ts.isObjectLiteralExpression(node.parent)) {
            const key = propertyNameText(node.name);
            if (!key) return;
            const list = byName!.get(key) ?? [];
            list.push(node);
            byName!.set(key, list);
          }
        });
      }
    }
    return byName.get(name) ?? [];
  }

  /** Whether a type node names `shape` (the interface itself, or a type alias of the type literal). */
  private namesShape(type: ts.TypeNode, shape: ts.TypeLiteralNode | ts.InterfaceDeclaration): boolean {
    if (type === shape) return true;
    if (!ts.isTypeReferenceNode(type)) return false;
    const target = ts.isIdentifier(type.typeName) ? type.typeName : type.typeName.right;
    return (this.symbolOf(target)?.declarations ?? []).some((d) => d === shape || (ts.isTypeAliasDeclaration(d) && d.type === shape));
  }
}

/** The type an object literal is declared with: `const x: T = {…}`, `{…} as T`, `{…} satisfies T`, `<T>{…}`. */
function literalType(literal: ts.ObjectLiteralExpression): ts.TypeNode | undefined {
  let current: ts.Node = literal;
  while (current.parent && (ts.isParenthesizedExpression(current.parent) || ts.isAsExpression(current.parent) || ts.isSatisfiesExpression(current.parent) || ts.isTypeAssertionExpression(current.parent))) {
    current = current.parent;
    if (!ts.isParenthesizedExpression(current)) return (current as ts.AsExpression).type;
  }
  const parent = current.parent;
  if (parent && ts.isVariableDeclaration(parent) && parent.initializer === current) return declaredType(parent);
  return undefined;
}

/** The outermost type asserted on an expression (`as T`, `<T>x`, `satisfies T`), skipping `unknown`/`any`. */
function assertedType(node: ts.Node): ts.TypeNode | undefined {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isTypeAssertionExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current)) {
    if (ts.isAsExpression(current) || ts.isTypeAssertionExpression(current) || ts.isSatisfiesExpression(current)) {
      const kind = current.type.kind;
      if (kind !== ts.SyntaxKind.UnknownKeyword && kind !== ts.SyntaxKind.AnyKeyword) return current.type;
    }
    current = current.expression;
  }
  return undefined;
}

/** `undefined`, `void`, or a union of only those. */
function isUndefinedType(type: ts.TypeNode): boolean {
  if (type.kind === ts.SyntaxKind.UndefinedKeyword || type.kind === ts.SyntaxKind.VoidKeyword) return true;
  if (ts.isLiteralTypeNode(type)) return false;
  if (ts.isParenthesizedTypeNode(type)) return isUndefinedType(type.type);
  return ts.isUnionTypeNode(type) && type.types.every(isUndefinedType);
}

function firstTypedValue(values: ValueAnalysis, types: readonly ts.TypeNode[]): Value | undefined {
  for (const type of types) {
    const value = values.valueOfType(type, []);
    if (value) return value;
  }
  return undefined;
}

function firstValue(values: ValueAnalysis, expressions: readonly ts.Expression[] | undefined): Value | undefined {
  for (const expression of expressions ?? []) {
    const value = values.valueOf(expression);
    if (value) return value;
  }
  return undefined;
}

function paramText(param: ts.ParameterDeclaration): string {
  return ts.isIdentifier(param.name) ? param.name.text : param.name.getText().replace(/\s+/g, ' ');
}

export function calleeText(call: ts.CallExpression | ts.NewExpression): string {
  return unwrap(call.expression).getText().replace(/\s+/g, '');
}

function argsText(call: ts.CallExpression | ts.NewExpression): string {
  const text = (call.arguments ?? []).map((a) => a.getText().replace(/\s+/g, ' ')).join(', ');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** `Promise<T>` → `T` (an async factory's declared return type). */
function awaitedType(type: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Promise' && type.typeArguments?.length === 1) {
    return type.typeArguments[0];
  }
  return type;
}
