/**
 * stdio on 2026-07-28: `server.connect(new StdioServerTransport())` becomes `serveStdio(factory)`, which builds a
 * server per connection. A server built at module level (or in the function that connects it) is extracted into a
 * factory first; a transport handed to a project helper that connects it serves that helper's construction.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, isInside, isUndefined, outermostWrapper, propertyNameText, statementOf, unwrap } from '../../analysis/ast.js';
import { CONNECT_METHOD, STDIO_SERVING_FUNCTION, STDIO_TRANSPORT_OPTION } from '../../analysis/sdk-modules.js';
import { RULE_ID } from '../../rule-ids.js';
import { indentAt } from '../kit/source-style.js';
import { helperConnection } from './connect-helper.js';
import { stdioRelayNote } from './gateway.js';
import { AdvisedRefusal, CannotRewrite } from './refusal.js';
import { connectsAnotherEntry, serverFactory } from './server-factory.js';
import type { ServingFile } from './serving-file.js';
import { builtElsewhereReason, fieldTransportConnect, functionLabel } from './stdio-block.js';
import { builtInPlace, extractFactory } from './factory-extraction.js';
import { inlineStdioHelper } from './stdio-helper.js';
import { referencesByName } from './text.js';
import { functionName } from '../../analysis/declarations.js';

const STDIO_MODULE = '@modelcontextprotocol/server/stdio';

/** What `serveStdio` is given, what goes with the connected server, and the `server.close()` references the serving handle takes over. */
interface ServedFrom {
  factory: string;
  /** The factory called once, as code (`createServer({ env })`, `await buildServer()`), when the project wrote the factory. */
  call?: string;
  /** Made by this rewrite (a server built in place, or in another module): it exists only if the rewrite is kept. */
  extracted?: boolean;
  serverStatement?: ts.Node;
  closes: Array<{ ref: ts.Identifier; name: string }>;
}

export function planStdio(file: ServingFile, created: ts.NewExpression): void {
  const relay = stdioRelayNote(file.result, file.sf, created);
  if (relay) {
    file.plan.notes!.push(relay);
    throw new AdvisedRefusal('', created);
  }
  const found = connectionOf(file, created);
  // `const active = transport ?? new StdioServerTransport()`: a transport the caller may hand in, stdio by default, is
  // `serveStdio`'s own `transport` option, which defaults to stdio too (sweep 34 AH6).
  const defaulted = found.connect ? undefined : defaultedTransport(file, created);
  const connect = found.connect ?? defaulted?.connect;
  const transportStatement = defaulted ? undefined : found.transportStatement;
  // Already served: handed to `serveStdio` as its `transport` option, in place or through a `const` (a run before this one).
  if (!connect && handedToServeStdio(file, created)) return;
  if (!connect && planStdioHelper(file, created, transportStatement)) return;
  const fieldConnect = connect ? undefined : fieldTransportConnect(created);
  const kept = fieldConnect && builtElsewhereReason(unwrap(calleeParts(fieldConnect).receiver!), file.values, (fn) => functionLabel(fn, file.sf));
  if (kept) throw new CannotRewrite(`the stdio transport is kept in a field and connected to a server that ${kept.replace(/^the server /, '')}`, created, RULE_ID.perSessionServer);
  if (!connect) {
    // A helper that only makes the transport (`function createStdioTransport() { return new StdioServerTransport(); }`):
    // it is connected where the helper is called, and that is where serveStdio goes.
    const maker = returnedBy(created);
    if (maker) throw new CannotRewrite(`the stdio transport is made and returned by \`${maker}()\`, and connected where that is called: serve the server there, in place of its \`connect\`, and remove \`${maker}\`.`, created, RULE_ID.perSessionServer);
    const exported = exportedHolder(file, created);
    if (exported) throw new CannotRewrite(`the stdio transport is kept in \`${exported}\`, which this module exports, so other modules may use it (a shutdown closing it, a test): serve with the handle serveStdio returns instead (it has \`close()\`), exported in its place, and update what imports \`${exported}\`.`, created, RULE_ID.perSessionServer);
    throw new CannotRewrite('the stdio transport is used beyond `server.connect(transport)`.', created, RULE_ID.perSessionServer);
  }
  const connectStatement = statementOf(connect);
  const resultUsed = !ts.isExpressionStatement(connectStatement) || unwrap(connectStatement.expression) !== connect;
  const receiver = unwrap(calleeParts(connect).receiver!);
  const options: string[] = [];
  if (file.options.modernOnly) options.push(`legacy: ${file.q('reject')}`);
  if (defaulted) options.push(`${STDIO_TRANSPORT_OPTION}: ${defaulted.name}`);
  else if (created.arguments && created.arguments.length > 0) options.push(`${STDIO_TRANSPORT_OPTION}: ${created.getText(file.sf)}`);
  const decl = ts.isIdentifier(receiver) ? file.values.symbolOf(receiver)?.valueDeclaration : undefined;
  // A server built in place (`new McpServer(…)`, wrapped or not) is extracted into a factory; one a factory built, or one
  // imported from the module that builds it (which then exports a factory), is served from that factory.
  const inPlace = !!decl && ts.isVariableDeclaration(decl) && decl.getSourceFile() === file.sf && !!decl.initializer && builtInPlace(file.values, decl.initializer);
  const built: ServedFrom = inPlace ? { factory: extractHere(file, decl as ts.VariableDeclaration, connect, connectStatement as ts.Statement), closes: [] } : fromFactory(file, receiver, decl, connect, connectStatement);
  const { factory, serverStatement, closes } = built;
  // What a refusal from here on names: the project's factory, not one this rewrite would have extracted (rolled back with it).
  const existing = inPlace || built.extracted ? undefined : factory;
  // Refused after the factory is known, so that the marker names it (the edits made on the way are rolled back, review 42 S42-9).
  if (resultUsed) throw new CannotRewrite('the result of `server.connect(…)` is used: use the handle serveStdio returns instead (it has `close()`).', connect, RULE_ID.perSessionServer, undefined, existing);
  const serve = `serveStdio(${factory}${options.length ? `, { ${options.join(', ')} }` : ''});`;
  // A start that reports its failures (`main().catch((e) => { …; process.exit(1) })`, a `try` around the connect) would no
  // longer see a construction error: serveStdio builds its servers later, per connection, and answers a failed build with an
  // internal error. The project's factory is called once before serving, where the server was built (sweep 37 AK8).
  const check = built.call && startFailuresHandled(file, connect) && constructionMayThrow(file, decl) ? `${built.call}; // built once before serving: a configuration error stops the start, as it did before serveStdio\n${indentAt(file.text, connectStatement.getStart(file.sf))}` : '';
  file.edit(connectStatement.getStart(file.sf), connectStatement.end, `${check}${closes.length ? `const ${closes[0]!.name} = ${serve}` : serve}`);
  for (const { ref, name } of closes) file.edit(ref.getStart(file.sf), ref.end, name);
  // The comments above the server's construction stay: the first statement of the serving code is where a note about
  // the section sits (dynatrace's "// Default stdio mode"). The transport's ("// Create transport") go with it.
  if (serverStatement) file.remove(serverStatement, { keepComments: true });
  if (transportStatement) removeTransportStatement(file, transportStatement);
  if (!defaulted && found.declarationStatement) removeTransportStatement(file, found.declarationStatement);
  // A lazy `await import('…/stdio')` of the transport becomes the lazy import of `serveStdio` (the project chose not to
  // load stdio up front); otherwise `serveStdio` is imported.
  if (defaulted || !lazyStdioImport(file, created)) {
    // A transport class the module loads some other way (`({ StdioServerTransport } = await import(…))` in a `try`, an
    // optional SDK): a static import of `serveStdio` would make the module fail to load where the SDK is absent (sweep 36 AJ6).
    const loaded = loadedAtRunTime(file, created);
    if (loaded) throw new CannotRewrite(`\`${loaded}\` is loaded at run time (\`import()\`), not imported, so the SDK may be optional here: load \`serveStdio\` the same way (\`({ serveStdio } = await import('${STDIO_MODULE}'))\`) and serve with it, keeping what the module does when the SDK is absent.`, created, RULE_ID.perSessionServer, undefined, existing);
    file.imports.add(STDIO_MODULE, 'serveStdio');
  }
  file.plan.notes!.push(`serving: ${file.relative()} — server.connect(new StdioServerTransport()) → serveStdio(${factory})${file.options.modernOnly ? ' (modern-only)' : ' (2025-era clients still served)'}`);
}

/**
 * The server built in place, extracted into a factory for `serveStdio`. What holds it back elsewhere (an HTTP+SSE route
 * of the same program connecting the same server) is marked here, at the stdio `connect` that stays on the 2025
 * protocol, quoting that use: a marker in the other route would say nothing about the stdio entry (sweep 21 U4).
 */
function extractHere(file: ServingFile, decl: ts.VariableDeclaration, connect: ts.CallExpression, connectStatement: ts.Statement): string {
  try {
    return extractFactory(file, decl, connectStatement).name;
  } catch (error) {
    // Another entry connecting the same server in another function (a route handler nested in the same one counts).
    if (!(error instanceof CannotRewrite) || enclosingFunction(error.node) === enclosingFunction(connect) || !connectsServer(error.node)) throw error;
    const use = statementOf(error.node).getText(file.sf).replace(/\s+/g, ' ');
    const shown = use.length > 80 ? `${use.slice(0, 77)}…` : use;
    throw new CannotRewrite(`\`${(decl.name as ts.Identifier).text}\`, the server this stdio transport is connected to, is also used in another function (\`${shown}\`), so its construction cannot move into a factory for this entry alone: ${error.message.replace(/^`[^`]+` is used here, outside its construction: /, '')}`, connect, error.ruleId);
  }
}

/**
 * The transport's declaration goes with the comments about it ("// Create transport"); a comment above it that does not
 * name the transport is a note about the section it opens (contentful-mcp's "// Traditional stdio mode" in the `else`
 * branch of its HTTP mode) and stays.
 */
function removeTransportStatement(file: ServingFile, statement: ts.Node): void {
  const comments = (ts.getLeadingCommentRanges(file.text, statement.getFullStart()) ?? []).map((c) => file.text.slice(c.pos, c.end));
  file.remove(statement, { keepComments: comments.length > 0 && !comments.some((c) => /transport/i.test(c)) });
}

/**
 * `const active = transport ?? new StdioServerTransport(); … await server.connect(active)`: the transport a caller may hand
 * in, a new stdio one by default, connected once. Its other uses may only read it (`active.constructor.name` in a log
 * line): `serveStdio` owns the transport it is given (it starts it, takes every message and closes it).
 */
function defaultedTransport(file: ServingFile, created: ts.NewExpression): { connect: ts.CallExpression; name: string } | undefined {
  const outer = outermostWrapper(created);
  const fallback = outer.parent;
  if (!fallback || !ts.isBinaryExpression(fallback) || fallback.right !== outer || ![ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(fallback.operatorToken.kind)) return undefined;
  const holder = outermostWrapper(fallback).parent;
  if (!holder || !ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name) || !ts.isVariableDeclarationList(holder.parent)) return undefined;
  const symbol = file.values.symbolOf(holder.name);
  const refs = referencesByName(file.sf, holder.name.text).filter((r) => r !== holder.name && file.values.symbolOf(r) === symbol);
  // A `let` never assigned again is the `const` it could have been (review 42 S42-9).
  if (!(holder.parent.flags & ts.NodeFlags.Const) && refs.some(isAssignedTo)) return undefined;
  let connect: ts.CallExpression | undefined;
  for (const ref of refs) {
    const up = outermostWrapper(ref).parent;
    if (up && ts.isCallExpression(up) && calleeParts(up).name === CONNECT_METHOD && up.arguments.length === 1 && outermostWrapper(up.arguments[0]!) === outermostWrapper(ref) && !connect) {
      connect = up;
      continue;
    }
    // A read of one of its properties that is neither called nor assigned.
    const read = ts.isPropertyAccessExpression(ref.parent) && ref.parent.expression === ref && !(ts.isCallExpression(ref.parent.parent) && ref.parent.parent.expression === ref.parent) && !(ts.isBinaryExpression(ref.parent.parent) && ref.parent.parent.left === ref.parent);
    if (!read) return undefined;
  }
  return connect ? { connect, name: holder.name.text } : undefined;
}

/**
 * `const { StdioServerTransport } = await import('@modelcontextprotocol/server/stdio')` that only the replaced `new
 * StdioServerTransport()` used: the project loads stdio lazily (a test importing the factory does not pull the transport
 * in), so the binding becomes `serveStdio` from the same import rather than a static import beside an unused binding
 * (sweep 35 AI4's shape; `noUnusedLocals` would reject it). Whether it was so rewritten.
 */
function lazyStdioImport(file: ServingFile, created: ts.NewExpression): boolean {
  const cls = unwrap(created.expression);
  if (!ts.isIdentifier(cls)) return false;
  const symbol = file.values.symbolOf(cls);
  const binding = symbol?.valueDeclaration;
  if (!binding || !ts.isBindingElement(binding) || !ts.isObjectBindingPattern(binding.parent)) return false;
  const holder = binding.parent.parent;
  if (!ts.isVariableDeclaration(holder) || !holder.initializer) return false;
  let init: ts.Node = unwrap(holder.initializer);
  if (ts.isAwaitExpression(init)) init = unwrap(init.expression);
  if (!ts.isCallExpression(init) || init.expression.kind !== ts.SyntaxKind.ImportKeyword) return false;
  const spec = init.arguments[0];
  if (!spec || !ts.isStringLiteralLike(spec) || spec.text !== STDIO_MODULE) return false;
  // It must run before the entry: in the function the `connect` was in, above it.
  if (enclosingFunction(holder) !== enclosingFunction(created) || holder.getStart(file.sf) > created.getStart(file.sf)) return false;
  const uses = referencesByName(file.sf, cls.text).filter((r) => r !== binding.name && r !== cls && file.values.symbolOf(r) === symbol);
  if (uses.length > 0 || binding.parent.elements.some((e) => ts.isIdentifier(e.name) && e.name.text === STDIO_SERVING_FUNCTION)) return false;
  file.edit(binding.getStart(file.sf), binding.end, STDIO_SERVING_FUNCTION);
  return true;
}

/**
 * The transport class's name when what the module binds it to comes from a dynamic `import()` (`({ StdioServerTransport }
 * = await import(…))`, `StdioServerTransport = mod.StdioServerTransport` with `const mod = await import(…)`): what a static
 * import of `serveStdio` would not respect. An alias of a static import (`const T = StdioServerTransport`) is no such
 * binding, whatever else the module loads with `import()` (review 43 S43-5).
 */
function loadedAtRunTime(file: ServingFile, created: ts.NewExpression): string | undefined {
  const cls = unwrap(created.expression);
  if (!ts.isIdentifier(cls)) return undefined;
  const symbol = file.values.symbolOf(cls);
  const decl = symbol?.declarations?.[0];
  if (!decl || ts.isImportSpecifier(decl) || ts.isImportClause(decl) || ts.isNamespaceImport(decl) || ts.isImportEqualsDeclaration(decl)) return undefined;
  // What is written into the binding: its initializer, and the right side of every assignment to it (plain or destructuring).
  const sources: ts.Node[] = [];
  const holder = ts.isBindingElement(decl) ? decl.parent.parent : decl;
  if (ts.isVariableDeclaration(holder) && holder.initializer) sources.push(holder.initializer);
  forEachDescendant(file.sf, (node) => {
    if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
    let written = false;
    forEachDescendant(node.left, (n) => {
      if (ts.isIdentifier(n) && n.text === cls.text && file.values.symbolOf(n) === symbol) written = true;
    });
    if (ts.isIdentifier(node.left) && node.left.text === cls.text && file.values.symbolOf(node.left) === symbol) written = true;
    if (written) sources.push(node.right);
  });
  return sources.some((source) => fedByImportCall(file, source, 0)) ? cls.text : undefined;
}

/** Whether an expression is (or reads from a `const` holding) the result of a dynamic `import()`. */
function fedByImportCall(file: ServingFile, node: ts.Node, depth: number): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) found = true;
    else if (ts.isIdentifier(n) && depth < 2) {
      const decl = file.values.symbolOf(n)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && decl.initializer !== node && fedByImportCall(file, decl.initializer, depth + 1)) found = true;
    }
    if (!found) ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** Whether the transport (or the `const` holding it, also as the default of `x ?? new …`) is the `transport` option of a `serveStdio` call. */
function handedToServeStdio(file: ServingFile, created: ts.NewExpression): boolean {
  const option = (node: ts.Node): boolean => {
    const property = outermostWrapper(node).parent;
    if (!property || !ts.isPropertyAssignment(property) || propertyNameText(property.name) !== STDIO_TRANSPORT_OPTION || !ts.isObjectLiteralExpression(property.parent)) return false;
    const call = property.parent.parent;
    return !!call && ts.isCallExpression(call) && call.arguments[1] === property.parent && file.result.analysis.sdk.exportOf(unwrap(call.expression))?.name === STDIO_SERVING_FUNCTION;
  };
  if (option(created)) return true;
  let holder = outermostWrapper(created).parent;
  if (holder && ts.isBinaryExpression(holder) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(holder.operatorToken.kind)) holder = outermostWrapper(holder).parent;
  if (!holder || !ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name)) return false;
  const symbol = file.values.symbolOf(holder.name);
  return referencesByName(file.sf, holder.name.text).some((r) => r !== holder!.name && file.values.symbolOf(r) === symbol && option(r));
}

/** `server.connect(transport)` of the transport made in place or held in a `const` used only there, and that declaration. */
function connectionOf(file: ServingFile, created: ts.NewExpression): { connect?: ts.CallExpression; transportStatement?: ts.Node; declarationStatement?: ts.Node } {
  let transportStatement: ts.Node | undefined;
  let connect: ts.CallExpression | undefined;
  const parent = unwrap(created).parent;
  if (parent && ts.isCallExpression(parent) && calleeParts(parent).name === CONNECT_METHOD && parent.arguments[0] === created) connect = parent;
  else if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
    const refs = referencesByName(file.sf, parent.name.text).filter((r) => file.values.symbolOf(r)?.valueDeclaration === parent);
    const only = refs.length === 1 ? refs[0]!.parent : undefined;
    if (only && ts.isCallExpression(only) && calleeParts(only).name === CONNECT_METHOD) connect = only;
    transportStatement = statementOf(parent);
    if (!ts.isVariableStatement(transportStatement) || transportStatement.declarationList.declarations.length !== 1) connect = undefined;
  } else if (parent && ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === outermostWrapper(created) && ts.isIdentifier(parent.left)) {
    return assignedOnceThenConnected(file, parent as ts.BinaryExpression & { left: ts.Identifier }) ?? {};
  }
  return { connect, transportStatement };
}

/**
 * `let stdioTransport = null; … stdioTransport = new StdioServerTransport(); await server.connect(stdioTransport);`: a
 * variable declared apart (jobspy's module-level `let`), assigned the transport once in a statement of its own and read
 * only by the `connect` of that assignment's block. It is a `const` in all but form: the assignment and the declaration
 * go, as the `const` would (sweep 36 AJ3).
 */
function assignedOnceThenConnected(file: ServingFile, assignment: ts.BinaryExpression & { left: ts.Identifier }): { connect: ts.CallExpression; transportStatement: ts.Node; declarationStatement: ts.Node } | undefined {
  const decl = file.values.symbolOf(assignment.left)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.getSourceFile() !== file.sf || !ts.isIdentifier(decl.name)) return undefined;
  if (decl.initializer && unwrap(decl.initializer).kind !== ts.SyntaxKind.NullKeyword && !isUndefined(decl.initializer)) return undefined;
  const declarationStatement = statementOf(decl);
  if (!ts.isVariableStatement(declarationStatement) || declarationStatement.declarationList.declarations.length !== 1) return undefined;
  // Exported (`export let t`, or named in an `export { t }`): other modules may read it, which this file cannot see (review 43 S43-1).
  if (ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Export || exportedByName(file.sf, decl.name.text)) return undefined;
  const transportStatement = statementOf(assignment);
  if (!ts.isExpressionStatement(transportStatement) || unwrap(transportStatement.expression) !== assignment) return undefined;
  const refs = referencesByName(file.sf, decl.name.text).filter((r) => r !== decl.name && r !== assignment.left && file.values.symbolOf(r)?.valueDeclaration === decl);
  const only = refs.length === 1 ? outermostWrapper(refs[0]!).parent : undefined;
  if (!only || !ts.isCallExpression(only) || calleeParts(only).name !== CONNECT_METHOD || only.arguments.length !== 1 || outermostWrapper(only.arguments[0]!) !== outermostWrapper(refs[0]!)) return undefined;
  // Connected in the same block, after the assignment: nothing can run between them that reads the variable.
  const connectStatement = statementOf(only);
  if (connectStatement.parent !== transportStatement.parent || connectStatement.getStart(file.sf) < transportStatement.end) return undefined;
  return { connect: only, transportStatement, declarationStatement };
}

/**
 * A connected server a factory built (`const server = createServer()`): served from that factory. Its declaration
 * goes; `server.close()` calls on shutdown become the serving handle's (`closes`); any other use refuses.
 */
function fromFactory(file: ServingFile, receiver: ts.Node, decl: ts.Declaration | undefined, connect: ts.CallExpression, connectStatement: ts.Node): ServedFrom {
  const scope = enclosingFunction(connect) ?? file.sf;
  const elsewhere = builtElsewhereReason(receiver, file.values, (fn) => functionLabel(fn, file.sf));
  if (elsewhere) throw new CannotRewrite(elsewhere, connect, RULE_ID.perSessionServer);
  const found = serverFactory(file, receiver, scope, connect, 'stdio');
  const factory = found.expression;
  // A factory this rewrite extracts (from a server another module builds) is no call of the project's to name or make.
  const call = found.extracted ? undefined : found.call;
  const extracted = !!found.extracted;
  // A server imported from its own module became a factory there; its import here is the factory's now.
  if (!ts.isIdentifier(receiver) || decl?.getSourceFile() !== file.sf) return { factory, call, extracted, closes: [] };
  const serverStatement = statementOf(file.values.symbolOf(receiver)!.valueDeclaration!);
  // A use in code an HTTP rewrite of this file already replaced (the route that connected the same instance, AG1) is gone.
  const others = referencesByName(file.sf, receiver.text).filter((r) => file.values.symbolOf(r)?.valueDeclaration === decl && !isInside(r, connectStatement) && !isInside(r, serverStatement) && !file.isReplaced(r));
  // `server.close()` on shutdown becomes the serving handle's `close()`; any other use needs a person.
  const other = others.find((r) => !(ts.isPropertyAccessExpression(r.parent) && r.parent.name.text === 'close' && ts.isCallExpression(r.parent.parent) && r.parent.parent.expression === r.parent));
  // What still connects the same instance to another entry (an HTTP+SSE endpoint kept for 2025-era clients) keeps it:
  // stdio is served from the factory all the same, and the instance stays for that entry (AG1).
  if (others.length > 0 && others.every((r) => connectsAnotherEntry(file, r))) return { factory, call, extracted, closes: [] };
  if (other && enclosingFunction(other) !== enclosingFunction(connect)) {
    // A use in another function (the HTTP route the other entry connects the same instance in, kept by its own marker):
    // said here, at the stdio entry, quoting that use; a second marker in the route would speak of stdio there (AG1).
    const use = statementOf(other).getText(file.sf).replace(/\s+/g, ' ');
    const shown = use.length > 80 ? `${use.slice(0, 77)}…` : use;
    // Where the use is, as the code has it: module-level code, or the function (named when it has a name) around it (review 42 S42-12).
    const holder = enclosingFunction(other);
    const own = holder && functionName(holder)?.text;
    const where = !holder ? 'by module-level code' : own ? `in \`${own}()\`` : 'in another function';
    throw new CannotRewrite(`\`${receiver.text}\`, the server this stdio transport is connected to, is also used ${where} (\`${shown}\`), which keeps it: serve stdio from the factory once that use is gone.`, connect, RULE_ID.perSessionServer, undefined, extracted ? undefined : factory);
  }
  if (other) {
    // Each refusal is marked above the statement it names (`ServingFile.attempt`), so it says "here", not a line of
    // the text this transform read (earlier transforms and the marker itself move it).
    const when = other.getStart(file.sf) < connectStatement.getStart(file.sf) ? 'before it is connected' : 'after it is connected';
    throw new CannotRewrite(`\`${receiver.text}\` is used here, ${when}: the serving entry builds one server per connection from the factory; move that use into the factory (or onto the handle the entry returns, which has \`close()\`) and drop \`${receiver.text}\`.`, other, RULE_ID.perSessionServer, undefined, extracted ? undefined : factory);
  }
  if (others.length === 0) return { factory, call, extracted, serverStatement, closes: [] };
  const handleName = file.freshName('stdioServing');
  return { factory, call, extracted, serverStatement, closes: others.map((r) => ({ ref: r, name: handleName })) };
}

/**
 * The stdio transport handed to a function of the project that builds a server and connects it to the
 * transport (`await connect(backendFactory, new StdioServerTransport())`): the call becomes
 * `serveStdio(() => { …the helper's construction… })`. Returns false when the transport goes anywhere else.
 */
function planStdioHelper(file: ServingFile, created: ts.NewExpression, transportStatement: ts.Node | undefined): boolean {
  if (created.arguments?.length) return false;
  const held = transportStatement ? (unwrap(created).parent as ts.VariableDeclaration).name : undefined;
  const isTransport = (node: ts.Node) => node === created || (!!held && ts.isIdentifier(node) && file.values.symbolOf(node)?.valueDeclaration === held.parent);
  const scope = transportStatement ? transportStatement.parent : statementOf(created);
  const h = helperConnection(scope, isTransport, file.values);
  if (!h) return false;
  const uses = held && ts.isIdentifier(held) ? referencesByName(file.sf, held.text).filter((r) => r !== held && file.values.symbolOf(r)?.valueDeclaration === held.parent) : [];
  if (held && (uses.length !== 1 || !h.call.arguments.includes(uses[0] as ts.Expression))) return false;
  const callStatement = statementOf(h.call);
  if (!ts.isExpressionStatement(callStatement) || unwrap(callStatement.expression) !== h.call) {
    throw new CannotRewrite(`the result of \`${h.call.expression.getText(file.sf)}(…)\`, which connects the server, is used: use the handle serveStdio returns instead (it has \`close()\`).`, h.call, RULE_ID.perSessionServer);
  }
  const inlined = inlineStdioHelper(h, held ? uses[0]! : created, file.values, file.unit, indentAt(file.text, callStatement.getStart(file.sf)));
  if ('reason' in inlined) throw new CannotRewrite(inlined.reason, h.call, RULE_ID.perSessionServer);
  const options = file.options.modernOnly ? `, { legacy: ${file.q('reject')} }` : '';
  file.edit(callStatement.getStart(file.sf), callStatement.end, `serveStdio(${inlined.factory}${options});`);
  if (transportStatement) removeTransportStatement(file, transportStatement);
  file.imports.add(STDIO_MODULE, 'serveStdio');
  file.plan.notes!.push(`serving: ${file.relative()} — ${h.call.expression.getText(file.sf)}(…, new StdioServerTransport()) → serveStdio(factory built from its construction)${file.options.modernOnly ? ' (modern-only)' : ' (2025-era clients still served)'}`);
  return true;
}

/** The name of the function whose result `created` is (`return new StdioServerTransport()`, or an arrow's body). */
function returnedBy(created: ts.NewExpression): string | undefined {
  const outer = outermostWrapper(created);
  const parent = outer.parent;
  const fn = ts.isReturnStatement(parent) ? enclosingFunction(parent) : ts.isArrowFunction(parent) && parent.body === outer ? parent : undefined;
  if (!fn) return undefined;
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const holder = outermostWrapper(fn).parent;
  return holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : undefined;
}

/** `server` in `server.connect(…)`: where another entry connects the same server. */
function connectsServer(node: ts.Node): boolean {
  const access = node.parent;
  return ts.isPropertyAccessExpression(access) && access.expression === node && access.name.text === CONNECT_METHOD && ts.isCallExpression(access.parent) && access.parent.expression === access;
}

/** `x = …`, `x += …`, `x++`, `--x`: the identifier is written, not only read. */
function isAssignedTo(ref: ts.Identifier): boolean {
  const up = outermostWrapper(ref);
  const parent = up.parent;
  if (ts.isBinaryExpression(parent) && parent.left === up) return parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
  return (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && [ts.SyntaxKind.PlusPlusToken, ts.SyntaxKind.MinusMinusToken].includes(parent.operator);
}

/** Whether the module names `name` in an `export { … }` of its own (not a re-export from another module). */
function exportedByName(sf: ts.SourceFile, name: string): boolean {
  return sf.statements.some((st) => ts.isExportDeclaration(st) && !st.moduleSpecifier && !!st.exportClause && ts.isNamedExports(st.exportClause) && st.exportClause.elements.some((e) => (e.propertyName ?? e.name).text === name));
}

/** The exported variable the transport is assigned to or initialises (`export let stdioTransport`), by name. */
function exportedHolder(file: ServingFile, created: ts.NewExpression): string | undefined {
  const parent = outermostWrapper(created).parent;
  const target = ts.isVariableDeclaration(parent) ? parent.name : ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken ? parent.left : undefined;
  if (!target || !ts.isIdentifier(target)) return undefined;
  const decl = file.values.symbolOf(target)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.getSourceFile() !== file.sf) return undefined;
  return ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Export || exportedByName(file.sf, target.text) ? target.text : undefined;
}

/**
 * Whether what fails while the server is built at the connect is reported by the start: the connect sits in a `try` with a
 * `catch`, or in a function whose every call is handed a rejection handler (`main().catch(…)`, `.then(ok, fail)`).
 */
function startFailuresHandled(file: ServingFile, connect: ts.CallExpression): boolean {
  for (let current: ts.Node | undefined = connect.parent; current && !ts.isSourceFile(current); current = current.parent) {
    const holder: ts.Node | undefined = current.parent;
    if (holder && ts.isTryStatement(holder) && holder.tryBlock === current && holder.catchClause) return true;
    if (!isFunctionLike(current)) continue;
    const calls = file.values.calls.everyCallOf(current as ts.FunctionLikeDeclaration);
    return calls.length > 0 && calls.every((c) => {
      let up: ts.Node = c;
      while (ts.isAwaitExpression(up.parent) || ts.isParenthesizedExpression(up.parent)) up = up.parent;
      const access = up.parent;
      if (!ts.isPropertyAccessExpression(access) || access.expression !== up || !ts.isCallExpression(access.parent)) return false;
      return access.name.text === 'catch' || (access.name.text === 'then' && access.parent.arguments.length >= 2);
    });
  }
  return false;
}

/**
 * Whether building the server may throw: the project function whose call initialises it (`createServer({ env })`) throws,
 * itself or through the functions of the project it calls (`authFromEnv(env)` throwing "Set API_TOKEN"), outside a `try`.
 */
function constructionMayThrow(file: ServingFile, decl: ts.Declaration | undefined): boolean {
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return false;
  let init = unwrap(decl.initializer);
  if (ts.isAwaitExpression(init)) init = unwrap(init.expression);
  const fn = ts.isCallExpression(init) ? file.values.calls.functionOfCall(init) : undefined;
  return !!fn && throwsOutsideTry(file, fn, 0, new Set());
}

function throwsOutsideTry(file: ServingFile, fn: ts.FunctionLikeDeclaration, depth: number, seen: Set<ts.Node>): boolean {
  if (!fn.body || depth > 3 || seen.has(fn)) return false;
  seen.add(fn);
  let throws = false;
  const visit = (node: ts.Node): void => {
    if (throws || (node !== fn.body && isFunctionLike(node))) return;
    if (ts.isTryStatement(node)) {
      if (node.catchClause) visit(node.catchClause.block);
      if (node.finallyBlock) visit(node.finallyBlock);
      return;
    }
    if (ts.isThrowStatement(node)) throws = true;
    else if (ts.isCallExpression(node)) {
      const callee = file.values.calls.functionOfCall(node);
      if (callee && throwsOutsideTry(file, callee, depth + 1, seen)) throws = true;
    }
    if (!throws) ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return throws;
}
