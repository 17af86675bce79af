/**
 * v1's `setRequestHandler(Schema, handler)` accepted any `ServerResult` from a handler; v2's
 * `setRequestHandler('tools/call' | 'resources/read' | 'prompts/get', …)` checks the result against
 * that method's own type. Code that type-checked under v1 only because of that looseness no longer
 * does after the official codemod (modelcontextprotocol/example-remote-server, `services/mcp.ts`):
 *
 * - resource contents typed with `Resource` (a list entry: uri, name, …): v1's passthrough types let
 *   `const ALL_RESOURCES: Resource[] = … { uri, name, text }`, and those objects are returned as
 *   `contents` of resources/read and embedded in prompt messages and tool results, where v2 wants
 *   `TextResourceContents | BlobResourceContents`. The declaration is typed with what every object
 *   it is built from carries: `Resource & TextResourceContents` (`text`), `… & BlobResourceContents`
 *   (`blob`), or their union, so it stays a `Resource` for resources/list and fits as contents.
 * - a tool result's content built in an unannotated `const content = []` (an evolving array whose
 *   pushed literals widen: `type: string`): returned as `{ content }` from a tools/call handler, it
 *   is typed `ContentBlock[]`, so the pushed literals keep their literal `type`.
 * - a tool result built by a local helper the handler returns the call of (`return errorResult(msg)`,
 *   microsoft/playwright-mcp): the helper's content entries keep their literal `type` (`'text' as const`).
 *
 * Resource contents are retyped in TypeScript only (a JavaScript file has no annotation to narrow); a
 * JavaScript content array gets the type as a JSDoc `@type` tag (checkJs reads it). Only when the v2 names are
 * free in the file; a declaration that is later pushed to or assigned is left alone (its later
 * values are not known to carry `text`/`blob`). apply's type check still judges the result.
 */
import type { Identifier, Node as TsMorphNode, SourceFile } from 'ts-morph';
import { loadTsMorph, ts } from '../../typescript.js';
import { descendantsOfKind } from './compiler-walk.js';
import { isReference, ownNames, referencesByName } from './bindings.js';
import { HIGH_LEVEL_SERVER_CLASSES, LOW_LEVEL_SERVER_CLASSES, REQUEST_HANDLER_REGISTRATION } from '../../analysis/sdk-modules.js';

const V2_SERVER = '@modelcontextprotocol/server';
const RESULT_METHODS = new Set(['tools/call']);
const MUTATORS = new Set(['push', 'unshift', 'splice', 'fill', 'copyWithin']);

/** Retypes what the v2 result types reject (see above); returns how many declarations changed. */
export function typeHandlerResults(sf: SourceFile): number {
  const typescript = /\.[cm]?tsx?$/.test(sf.getFilePath());
  const wanted = new Set<string>();
  let changes = typescript ? retypeResourceContents(sf, wanted) : 0;
  changes += typeContentArrays(sf, wanted, typescript);
  changes += completeEmptyToolResults(sf);
  if (wanted.size) addTypeImports(sf, [...wanted]);
  return changes;
}

/**
 * `return {}` from a tools/call handler (lincolnlopes/mcp-server, sweep 13 L9): v1's loose `ServerResult` took it, and a
 * client reads it as a result with no content (the schema's default); v2's type for the method wants `content`. It
 * is written `{ content: [] }`, which is what the client made of it.
 */
function completeEmptyToolResults(sf: SourceFile): number {
  const { Node, SyntaxKind } = loadTsMorph();
  let changes = 0;
  for (const handler of toolCallHandlers(sf)) {
    const body = handler.getBody();
    const results = Node.isBlock(body)
      ? body.getDescendantsOfKind(SyntaxKind.ReturnStatement).filter((r) => r.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a)) === handler).map((r) => r.getExpression())
      : [body];
    for (const result of results) {
      const inner = result && Node.isParenthesizedExpression(result) ? result.getExpression() : result;
      if (!inner || !Node.isObjectLiteralExpression(inner) || inner.getProperties().length > 0 || inner.getText().includes('/')) continue;
      inner.replaceWithText('{ content: [] }');
      changes++;
    }
  }
  return changes;
}

// ---- resource contents typed as Resource ----------------------------------------------------

function retypeResourceContents(sf: SourceFile, wanted: Set<string>): number {
  const { Node, SyntaxKind } = loadTsMorph();
  const local = v2Local(sf, 'Resource');
  if (!local || !namesFree(sf, ['TextResourceContents', 'BlobResourceContents'])) return 0;
  let changes = 0;
  for (const decl of sf.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
    const typeNode = decl.getTypeNode();
    const init = decl.getInitializer();
    const name = decl.getNameNode();
    if (!typeNode || !init || !Node.isIdentifier(name)) continue;
    const shape = typeShape(typeNode, local);
    if (!shape) continue;
    const literals = producedLiterals(init, shape === 'array');
    if (!literals?.length) continue;
    const kinds = new Set<string>();
    for (const literal of literals) {
      const keys = new Set(literal.getProperties().map((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? p.getName() : '')));
      if (keys.has('text') === keys.has('blob')) {
        kinds.clear();
        break;
      }
      kinds.add(keys.has('text') ? 'TextResourceContents' : 'BlobResourceContents');
    }
    if (!kinds.size || mutated(sf, name)) continue;
    const contents = [...kinds].sort().reverse();
    const element = `${local} & ${contents.length === 1 ? contents[0] : `(${contents.join(' | ')})`}`;
    typeNode.replaceWithText(shape === 'array' ? `(${element})[]` : element);
    for (const c of contents) wanted.add(c);
    changes++;
  }
  return changes;
}

/** `Resource` → 'single', `Resource[]` / `Array<Resource>` → 'array' (the v2 `Resource` bound as `local`). */
function typeShape(typeNode: TsMorphNode, local: string): 'single' | 'array' | undefined {
  const { Node } = loadTsMorph();
  const isResource = (n: TsMorphNode | undefined): boolean => Boolean(n && Node.isTypeReference(n) && n.getTypeName().getText() === local && !n.getTypeArguments().length);
  if (isResource(typeNode)) return 'single';
  if (Node.isArrayTypeNode(typeNode) && isResource(typeNode.getElementTypeNode())) return 'array';
  if (Node.isTypeReference(typeNode) && typeNode.getTypeName().getText() === 'Array' && typeNode.getTypeArguments().length === 1 && isResource(typeNode.getTypeArguments()[0])) return 'array';
  return undefined;
}

/**
 * The object literals a declaration's value is made of: the literal itself; an array literal's
 * elements; the values a callback passed to the initializing call returns (`Array.from({ length }, (_, i) => { … return { … } })`,
 * `.map(…)`). Undefined when anything else could flow in (a spread, a returned variable).
 */
function producedLiterals(init: TsMorphNode, array: boolean): import('ts-morph').ObjectLiteralExpression[] | undefined {
  const { Node, SyntaxKind } = loadTsMorph();
  const expr = skipParens(init);
  if (!array) return Node.isObjectLiteralExpression(expr) ? [expr] : undefined;
  if (Node.isArrayLiteralExpression(expr)) {
    const elements = expr.getElements().map(skipParens);
    return elements.every((e) => Node.isObjectLiteralExpression(e)) ? (elements as import('ts-morph').ObjectLiteralExpression[]) : undefined;
  }
  if (!Node.isCallExpression(expr)) return undefined;
  const callbacks = expr.getArguments().filter((a) => Node.isArrowFunction(a) || Node.isFunctionExpression(a));
  if (callbacks.length !== 1) return undefined;
  const callback = callbacks[0] as import('ts-morph').ArrowFunction | import('ts-morph').FunctionExpression;
  const body = callback.getBody();
  if (!Node.isBlock(body)) {
    const value = skipParens(body);
    return Node.isObjectLiteralExpression(value) ? [value] : undefined;
  }
  const out: import('ts-morph').ObjectLiteralExpression[] = [];
  for (const ret of body.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
    if (ret.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) !== callback) continue;
    const value = ret.getExpression() && skipParens(ret.getExpression()!);
    if (!value || !Node.isObjectLiteralExpression(value)) return undefined;
    out.push(value);
  }
  return out;
}

// ---- tool result content built in an untyped array ------------------------------------------

function typeContentArrays(sf: SourceFile, wanted: Set<string>, typescript: boolean): number {
  const { Node, SyntaxKind } = loadTsMorph();
  if (![...LOW_LEVEL_SERVER_CLASSES, ...HIGH_LEVEL_SERVER_CLASSES].some((server) => v2Local(sf, server))) return 0;
  let changes = typescript ? keepHelperContentTypes(sf) : 0;
  const contentBlock = !typescript ? `import('${V2_SERVER}').ContentBlock` : (v2Local(sf, 'ContentBlock') ?? (namesFree(sf, ['ContentBlock']) ? 'ContentBlock' : undefined));
  if (!contentBlock) return changes;
  for (const handler of toolCallHandlers(sf)) {
    for (const ret of handler.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
      if (ret.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) !== handler) continue;
      const value = ret.getExpression() && skipParens(ret.getExpression()!);
      if (!value || !Node.isObjectLiteralExpression(value)) continue;
      const property = value.getProperty('content');
      let id: TsMorphNode | undefined;
      if (Node.isShorthandPropertyAssignment(property)) id = property.getNameNode();
      else if (Node.isPropertyAssignment(property)) id = property.getInitializer() && skipParens(property.getInitializer()!);
      if (!id || !Node.isIdentifier(id)) continue;
      const decl = localDeclaration(handler, id.getText());
      if (!decl || decl.getTypeNode()) continue;
      const init = decl.getInitializer();
      if (!init || !Node.isArrayLiteralExpression(skipParens(init)) || (skipParens(init) as import('ts-morph').ArrayLiteralExpression).getElements().length) continue;
      if (typescript) {
        decl.setType(`${contentBlock}[]`);
        if (contentBlock === 'ContentBlock') wanted.add('ContentBlock');
      } else {
        // JavaScript: the same type as a JSDoc tag (read by checkJs and editors), on a statement of its own.
        const statement = decl.getVariableStatement();
        if (!statement || statement.getDeclarations().length !== 1 || statement.getJsDocs().length) continue;
        const indent = statement.getIndentationText();
        statement.replaceWithText(`/** @type {${contentBlock}[]} */\n${indent}${statement.getText()}`);
      }
      changes++;
    }
  }
  return changes;
}

/**
 * A tools/call handler that returns what a local helper builds (`return errorResult(msg)` with
 * `const errorResult = (...m) => ({ content: [{ type: 'text', text: … }], isError: true })`, microsoft/playwright-mcp):
 * the helper's literal has no contextual type, so its `type: 'text'` widens to `string`, which v2's
 * CallToolResult rejects. Each content entry's `type` keeps its literal type (`'text' as const`). TypeScript only.
 */
function keepHelperContentTypes(sf: SourceFile): number {
  const { Node, SyntaxKind } = loadTsMorph();
  let changes = 0;
  const done = new Set<TsMorphNode>();
  for (const handler of toolCallHandlers(sf)) {
    for (const ret of handler.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
      if (ret.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) !== handler) continue;
      let value = ret.getExpression() && skipParens(ret.getExpression()!);
      if (value && Node.isAwaitExpression(value)) value = skipParens(value.getExpression());
      if (!value || !Node.isCallExpression(value)) continue;
      const callee = value.getExpression();
      if (!Node.isIdentifier(callee)) continue;
      const helper = localHelper(handler, sf, callee.getText());
      if (!helper || done.has(helper)) continue;
      done.add(helper);
      for (const literal of returnedLiterals(helper)) {
        const content = literal.getProperty('content');
        const list = Node.isPropertyAssignment(content) && content.getInitializer() ? skipParens(content.getInitializer()!) : undefined;
        if (!list || !Node.isArrayLiteralExpression(list)) continue;
        for (const element of list.getElements().map(skipParens)) {
          if (!Node.isObjectLiteralExpression(element)) continue;
          const type = element.getProperty('type');
          const init = Node.isPropertyAssignment(type) ? type.getInitializer() : undefined;
          if (!init || !Node.isStringLiteral(init)) continue;
          init.replaceWithText(`${init.getText()} as const`);
          changes++;
        }
      }
    }
  }
  return changes;
}

/** A function the handler calls by name, declared without a return type in the handler or at the file's top level. */
function localHelper(handler: TsMorphNode, sf: SourceFile, name: string): import('ts-morph').ArrowFunction | import('ts-morph').FunctionExpression | import('ts-morph').FunctionDeclaration | undefined {
  const { Node } = loadTsMorph();
  const decl = localDeclaration(handler, name) ?? sf.getVariableDeclaration(name);
  const fn = decl ? decl.getInitializer() && skipParens(decl.getInitializer()!) : sf.getFunction(name);
  if (!fn || !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isFunctionDeclaration(fn)) || fn.getReturnTypeNode() || decl?.getTypeNode()) return undefined;
  return fn;
}

/** The object literals a function returns (its expression body, or every `return` of its own). */
function returnedLiterals(fn: import('ts-morph').ArrowFunction | import('ts-morph').FunctionExpression | import('ts-morph').FunctionDeclaration): import('ts-morph').ObjectLiteralExpression[] {
  const { Node, SyntaxKind } = loadTsMorph();
  const body = fn.getBody();
  if (!body) return [];
  if (!Node.isBlock(body)) {
    const value = skipParens(body);
    return Node.isObjectLiteralExpression(value) ? [value] : [];
  }
  const out: import('ts-morph').ObjectLiteralExpression[] = [];
  for (const ret of body.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
    if (ret.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) !== fn) continue;
    const value = ret.getExpression() && skipParens(ret.getExpression()!);
    if (value && Node.isObjectLiteralExpression(value)) out.push(value);
  }
  return out;
}

/** The handlers of `setRequestHandler('tools/call', fn)` (v2's method-string form, as the official codemod writes it). */
function toolCallHandlers(sf: SourceFile): Array<import('ts-morph').ArrowFunction | import('ts-morph').FunctionExpression> {
  const { Node, SyntaxKind } = loadTsMorph();
  const out: Array<import('ts-morph').ArrowFunction | import('ts-morph').FunctionExpression> = [];
  const named = (node: ts.Node): boolean => {
    const callee = (node as ts.CallExpression).expression;
    return ts.isPropertyAccessExpression(callee) && callee.name.text === REQUEST_HANDLER_REGISTRATION;
  };
  for (const call of descendantsOfKind<import('ts-morph').CallExpression>(sf, SyntaxKind.CallExpression, named)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== REQUEST_HANDLER_REGISTRATION) continue;
    const [method, handler] = call.getArguments();
    if (!method || !Node.isStringLiteral(method) || !RESULT_METHODS.has(method.getLiteralValue())) continue;
    if (handler && (Node.isArrowFunction(handler) || Node.isFunctionExpression(handler))) out.push(handler);
  }
  return out;
}

/** The `const`/`let` declaration of `name` directly in the handler's body (not in a nested function). */
function localDeclaration(handler: TsMorphNode, name: string): import('ts-morph').VariableDeclaration | undefined {
  const { Node, SyntaxKind } = loadTsMorph();
  const found = handler.getDescendantsOfKind(SyntaxKind.VariableDeclaration).filter((d) => d.getName() === name && d.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) === handler);
  return found.length === 1 ? found[0] : undefined;
}

// ---- helpers --------------------------------------------------------------------------------

function skipParens(node: TsMorphNode): TsMorphNode {
  const { Node } = loadTsMorph();
  let current = node;
  while (Node.isParenthesizedExpression(current)) current = current.getExpression();
  return current;
}

/** The local name of a v2 server export the file imports (after the codemod). */
function v2Local(sf: SourceFile, name: string): string | undefined {
  for (const decl of sf.getImportDeclarations()) {
    if (decl.getModuleSpecifierValue() !== V2_SERVER) continue;
    for (const named of decl.getNamedImports()) if (named.getName() === name) return named.getAliasNode()?.getText() ?? name;
  }
  return undefined;
}

function namesFree(sf: SourceFile, names: readonly string[]): boolean {
  const own = ownNames(sf);
  const imported = new Set(sf.getImportDeclarations().flatMap((d) => d.getNamedImports().map((n) => n.getAliasNode()?.getText() ?? n.getName())));
  return names.every((n) => !own.has(n) && (!imported.has(n) || v2Local(sf, n) === n));
}

/** Whether the variable is pushed to, spliced or assigned after its declaration. */
function mutated(sf: SourceFile, name: Identifier): boolean {
  const { Node, SyntaxKind } = loadTsMorph();
  for (const ref of referencesByName(sf, name.getText())) {
    if (ref === name || !isReference(ref)) continue;
    const parent = ref.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === ref && MUTATORS.has(parent.getName())) return true;
    if (Node.isBinaryExpression(parent) && parent.getLeft() === ref && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken) return true;
  }
  return false;
}

/** `type X` added to the file's import from the v2 server package (a new type-only import if it has none). */
function addTypeImports(sf: SourceFile, names: readonly string[]): void {
  const missing = names.filter((n) => !v2Local(sf, n));
  if (!missing.length) return;
  const decl = sf.getImportDeclarations().find((d) => d.getModuleSpecifierValue() === V2_SERVER && !d.getNamespaceImport() && !d.getDefaultImport());
  if (decl) {
    const typeOnly = decl.isTypeOnly();
    // At the end of the list (ts-morph's addNamedImport would sort them in among the file's own).
    decl.insertNamedImports(decl.getNamedImports().length, missing.sort().map((name) => (typeOnly ? name : { name, isTypeOnly: true })));
    return;
  }
  sf.addImportDeclaration({ moduleSpecifier: V2_SERVER, namedImports: [...missing].sort(), isTypeOnly: true });
}
