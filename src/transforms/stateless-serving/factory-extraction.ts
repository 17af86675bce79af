/**
 * A server built once, at module level or in the function that connects it, lifted into a factory: the statements
 * that build and configure it become `function createServer() { …; return server; }` where they were, for a serving
 * entry that builds a server per connection (stdio, `serveStdio`) or per request (HTTP, `createMcpHandler`; SDK 1.x's
 * stateless idiom). What cannot move refuses the rewrite: an exported server, a use of it outside its construction
 * and its `connect`, work that must run once, control flow that would mean something else inside a function.
 */
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant, isFunctionLike, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import { RULE_ID } from '../../rule-ids.js';
import { markerComment } from '../../markers.js';
import { SCHEDULING_TIMERS, timerStarted } from '../../analysis/timers.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { isServerKind } from '../../analysis/value.js';
import { indentAt } from '../kit/source-style.js';
import { CannotRewrite } from './refusal.js';
import type { TextEdit } from '../kit/edits.js';
import type { ServingFile } from './serving-file.js';
import { escapingFlow, factoryBlock, usesOfDeclared, type FactoryBlock } from './stdio-block.js';
import { referencesByName, reindent, removalRange } from './text.js';

/**
 * A server built in a module of its own and exported from it (`export const server = …`, or `export { server }`),
 * connected by another module: the whole rest of the module may build it (all of it runs on import, before the
 * importer can connect), and the export names the factory instead (`factory` is the name, fresh in both modules).
 */
export interface ExportedServer {
  /** `export { server }`: the specifier that becomes `export { createServer }`; `declaration`: `export const server`. */
  exportedBy: ts.ExportSpecifier | 'declaration';
  factory: string;
}

/**
 * Whether a server variable's initializer builds the server right there: `new McpServer(…)`, or such a construction
 * handed through a wrapper the program cannot read that returns the server (`Sentry.wrapMcpServerWithSentry(new
 * McpServer(…))`, sweep 14 M1): the statement moves into a factory whole, wrapper included.
 */
export function builtInPlace(values: ValueAnalysis, initializer: ts.Expression): boolean {
  const inner = unwrap(initializer);
  // An SDK server class or a project subclass of one; a class of the project's own that holds an SDK server in a field
  // (`new BaseMCPServer()`, whose `server` is the SDK's) is not what a serving entry's factory must return (sweep 19 S1).
  if (ts.isNewExpression(inner)) return isServerKind(values.instanceOf(inner.expression, []));
  // A fluent chain on the construction (`new WalletMcpServer(…).useWallet(…).usePricing()`), each a method of the
  // project's that returns `this` (sweep 37 AK3): the construction with its configuration.
  if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression)) {
    const method = values.calls.functionOfCall(inner);
    if (method?.body && returnsThisOnly(method) && builtInPlace(values, inner.expression.expression)) return true;
  }
  return ts.isCallExpression(inner) && !!inner.arguments[0] && !values.calls.functionOfCall(inner)?.body && isServerKind(values.valueOf(inner)) && builtInPlace(values, inner.arguments[0]);
}

/** A method whose every `return` (not in a nested function) returns `this`, with at least one. */
function returnsThisOnly(method: ts.FunctionLikeDeclaration): boolean {
  if (!ts.isMethodDeclaration(method) || !method.body) return false;
  let returns = 0;
  let other = false;
  const visit = (node: ts.Node): void => {
    if (other || (node !== method.body && isFunctionLike(node))) return;
    if (ts.isReturnStatement(node)) {
      if (node.expression && unwrap(node.expression).kind === ts.SyntaxKind.ThisKeyword) returns++;
      else other = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(method.body);
  return returns > 0 && !other;
}

/**
 * A server built at module level (`const server = new McpServer(…)` and the top-level statements that
 * configure it) becomes `function createServer() { …; return server; }`, placed where it was built.
 * `connectStatement` is where it is connected in this file; for a server exported to the module that connects it,
 * `exported` says how it is exported instead.
 */
export function extractFactory(file: ServingFile, decl: ts.VariableDeclaration, connectStatement: ts.Node | undefined, exported?: ExportedServer): { name: string; async: boolean; tail?: TextEdit } {
  const declStatement = statementOf(decl);
  const name = (decl.name as ts.Identifier).text;
  // A wrapper the server is built through (`withMetrics(new McpServer(…))`) moves with it and runs each time a server is
  // built: harmless for an instrumentation wrapper, not for one that sets something up once (a metric registered twice).
  const wrapper = decl.initializer && unwrap(decl.initializer);
  if (wrapper && ts.isCallExpression(wrapper)) {
    file.plan.notes!.push(`serving: ${file.relative()} — \`${wrapper.expression.getText(file.sf)}(…)\`, which the server is built through and mcp-migrate cannot read, moved into the factory with it: it now runs for every server built (per request over HTTP, per connection over stdio). Check that it may: one that registers something once (a metric, a global hook) would do it again.`);
  }
  // The module top level, or the body of the function that connects it (the factory is then declared in that body);
  // or the module top level when a function of the module connects it (the quickstart's `async function main()`).
  const sameBlock = exported ? (declStatement.parent === file.sf ? { statements: file.sf.statements } : undefined) : factoryBlock(declStatement, connectStatement!);
  const across = sameBlock || exported ? undefined : connectedInModuleFunction(file, declStatement, connectStatement!);
  const block = sameBlock ?? across?.block;
  // The `export { server }` statement stays where it is, naming the factory.
  const exportStatement = exported && exported.exportedBy !== 'declaration' ? (statementOf(exported.exportedBy) as ts.Statement) : undefined;
  if (!connectStatement && !exported) throw new Error('extractFactory: neither a connect statement nor an export');
  if (!block || !ts.isVariableStatement(declStatement) || declStatement.declarationList.declarations.length !== 1) {
    if (!connectStatement) throw new CannotRewrite(`\`${name}\` is not built by a statement of its own at the top of its module: extract its construction into a factory.`, declStatement, RULE_ID.perSessionServer);
    const nested = declStatement.parent === connectStatement.parent && ts.isBlock(declStatement.parent) ? nestedBlockKind(declStatement.parent) : undefined;
    const where = nested
      ? `the server is built and connected inside ${nested}, not at the top of a function or the module, so no factory is extracted around them`
      : 'the server is built in another block than the one connecting it (a branch, a loop, another function)';
    throw new CannotRewrite(`${where}: extract its construction into a factory.`, connectStatement, RULE_ID.perSessionServer);
  }
  const statements = block.statements;
  const from = statements.indexOf(declStatement as ts.Statement);
  const to = across ? across.end : connectStatement ? statements.indexOf(connectStatement as ts.Statement) : statements.length;
  const refs = referencesByName(file.sf, name).filter((r) => file.values.symbolOf(r)?.valueDeclaration === decl);
  // The statements that use the server, and (transitively) the helpers declared among them that others use.
  const movedSet = new Set<ts.Statement>([declStatement as ts.Statement]);
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = from + 1; i < to; i++) {
      const statement = statements[i]!;
      if (movedSet.has(statement) || statement === across?.host || statement === exportStatement) continue;
      const usesServer = refs.some((r) => isInside(r, statement));
      const usesMoved = usesOfDeclared(statement, movedSet, file.values).length > 0;
      if (usesServer || usesMoved) {
        movedSet.add(statement);
        changed = true;
      }
    }
  }
  // A binding the construction fills (`tools.push(walletTool)` while building) but declared apart from it would be filled
  // again by every server the entry builds (the connection's, and a server/discover probe's): its declaration moves into
  // the factory with it when nothing else uses it, else the extraction is refused (sweep 37 AK1).
  for (let changed = true; changed; ) {
    changed = false;
    for (const target of mutatedOuterBindings(movedSet, file.values)) {
      const holder = statementOf(target);
      const index = statements.indexOf(holder as ts.Statement);
      const uses = referencesByName(file.sf, (target.name as ts.Identifier).text).filter((r) => r !== target.name && file.values.symbolOf(r)?.valueDeclaration === target);
      const movable = index > from && index < to && ts.isVariableStatement(holder) && holder.declarationList.declarations.length === 1 && uses.every((r) => [...movedSet].some((m) => isInside(r, m)));
      if (!movable) {
        const outsideUse = uses.find((r) => ![...movedSet].some((m) => isInside(r, m)));
        throw new CannotRewrite(`\`${(target.name as ts.Identifier).text}\` is filled while the server is built, but declared apart from it${outsideUse ? ' and used after it' : ''}: a factory builds a server per connection (and one for a discarded server/discover probe), so each would fill it again. Build it inside the construction (or from a function of its own the factory calls), then extract the server into a factory.`, outsideUse ?? target, RULE_ID.perSessionServer);
      }
      movedSet.add(holder as ts.Statement);
      changed = true;
    }
  }
  const moved = statements.filter((s) => movedSet.has(s));
  for (const statement of moved) {
    // An export (`export const server`, `export { server }`, `module.exports.server = server`) cannot move into a function.
    const exportAt = statement === declStatement && exported?.exportedBy === 'declaration' ? undefined : exportIn(statement);
    if (exportAt) throw new CannotRewrite(`\`${name}\` is exported here: a factory builds a server per connection, so there is no one server to export. Export the factory instead, then extract the server into it by hand.`, exportAt, RULE_ID.perSessionServer);
    // Work that must run once (a signal listener, a timer) would run for every server the entry builds (the
    // connection's and a discarded server/discover probe's).
    const once = statement !== declStatement ? runOnceCall(statement, file.values) : undefined;
    if (once) throw new CannotRewrite(`\`${once.expression.getText(file.sf)}(…)\` uses the server and must run once, but the serving entry builds a server per connection (and one for a discarded server/discover probe): move it out of the server's construction (onto the handle serveStdio returns, which has \`close()\`), then extract the server into a factory.`, once, RULE_ID.perSessionServer);
    // A statement that uses the server only inside a function it hands on (another route's handler connecting the same
    // server, run per request) does not build the server: it would be registered again by every server built.
    if (statement !== declStatement && !once) {
      const within = refs.filter((r) => isInside(r, statement));
      if (within.length > 0 && within.every((r) => insideFunctionOf(r, statement))) {
        throw new CannotRewrite(`\`${name}\` is used here, outside its construction: extract the server into a factory by hand.`, within[0]!, RULE_ID.perSessionServer);
      }
    }
    const escaping = block.fn && escapingFlow(statement);
    if (escaping) throw new CannotRewrite(`\`${escaping.getText(file.sf)}\` is in this statement, which builds the server, and would mean something else inside a factory function: extract the server into a factory by hand.`, escaping, RULE_ID.perSessionServer);
  }
  for (const ref of refs) {
    if ((connectStatement && isInside(ref, connectStatement)) || (exported && exported.exportedBy !== 'declaration' && isInside(ref, exported.exportedBy)) || moved.some((s) => isInside(ref, s))) continue;
    throw new CannotRewrite(`\`${name}\` is used here, outside its construction: extract the server into a factory by hand.`, ref, RULE_ID.perSessionServer);
  }
  // Names the moved statements declare must not be used by code that stays.
  const outside = usesOfDeclared(file.sf, movedSet, file.values, [...moved, ...(connectStatement ? [connectStatement] : []), ...(exported && exported.exportedBy !== 'declaration' ? [exported.exportedBy] : [])])[0];
  if (outside) throw new CannotRewrite(`\`${outside.text}\` is declared while building the server and used here: extract the server into a factory by hand.`, outside, RULE_ID.perSessionServer);
  const factory = exported?.factory ?? file.freshName('createServer');
  let hasAwait = false;
  for (const statement of moved) {
    forEachDescendant(statement, (node) => {
      if (ts.isAwaitExpression(node) && enclosingFunction(node) === block.fn) hasAwait = true;
    });
  }
  const u = file.unit;
  const at = block.fn ? indentAt(file.text, declStatement.getStart(file.sf)) : '';
  // What each moved statement takes with it: its line and the comments right above it, and, when the statement before
  // it moves too, the comments between them that a blank line sets apart (`// Register the tools`, then a blank line,
  // then the registrations): they sit inside the code that moves, and left behind they would describe nothing.
  const rangeOf = (statement: ts.Statement, i: number): { start: number; end: number } => {
    const range = removalRange(file.sf, statement, true, false);
    const previous = statements[statements.indexOf(statement) - 1];
    if (i === 0 || previous !== moved[i - 1]) return range;
    const afterPrevious = file.text.indexOf('\n', previous.end) + 1;
    if (afterPrevious <= 0 || afterPrevious >= range.start) return range;
    const between = file.text.slice(afterPrevious, range.start).split('\n');
    return between.every((line) => line.trim() === '' || /^\s*(\/\/|\/\*|\*)/.test(line)) && between.some((line) => line.trim() !== '') ? { start: afterPrevious, end: range.end } : range;
  };
  const ranges = moved.map(rangeOf);
  const parts: string[] = [];
  // `export const server = …`: the declaration moves into the factory without its `export` (the factory has it).
  const exportKeyword = exported?.exportedBy === 'declaration' ? ts.getModifiers(declStatement)?.find((m) => m.kind === ts.SyntaxKind.ExportKeyword) : undefined;
  moved.forEach((statement, i) => {
    const range = ranges[i]!;
    let text = file.text.slice(range.start, range.end).replace(/\n$/, '');
    if (exportKeyword && statement === declStatement) {
      const cut = exportKeyword.getStart(file.sf) - range.start;
      text = text.slice(0, cut) + text.slice(cut).replace(/^export\s+/, '');
    }
    const leadingBlank = /^([ \t]*\n)+/.exec(text);
    if (leadingBlank) text = text.slice(leadingBlank[0].length);
    const blank = i > 0 && (!!leadingBlank || /\n[ \t]*\n[ \t]*$/.test(file.text.slice(0, range.start)));
    parts.push(`${blank ? '\n' : ''}${reindent(text, at, at + u)}`);
  });
  const lastMoved = moved[moved.length - 1]!;
  const commented = commentedStatementsAfter(file, lastMoved, statements[statements.indexOf(lastMoved) + 1], ranges[ranges.length - 1]!.end, name);
  if (commented) parts.push(`${commented.blank ? '\n' : ''}${reindent(commented.text, at, at + u)}`);
  const fn = [`${at}${exportKeyword ? 'export ' : ''}${hasAwait ? 'async ' : ''}function ${factory}() {`, ...parts, `${at}${u}return ${name};`, `${at}}`].join('\n');
  const first = removalRange(file.sf, declStatement, true, false);
  file.edit(first.start, first.end, `${fn}\n`);
  let tail: TextEdit | undefined;
  moved.slice(1).forEach((statement, i) => {
    const range = ranges[i + 1]!;
    if (range.start === removalRange(file.sf, statement, true, false).start) file.remove(statement);
    else file.edit(range.start, range.end, '');
    tail = file.edits[file.edits.length - 1];
  });
  if (commented) file.edit(commented.start, commented.end, '');
  if (exported && exported.exportedBy !== 'declaration') file.edit(exported.exportedBy.getStart(file.sf), exported.exportedBy.end, factory);
  // `tail`: the removal of the last statement that moved, where everything the factory reads when it runs is declared.
  return { name: factory, async: hasAwait, ...(tail ? { tail } : {}) };
}

/** The comment opening a statement an earlier step commented out because SDK v2 has no such call. */
const DISABLED_STATEMENT_MARKER = markerComment(RULE_ID.experimentalTasks, '').replace(/:\s*$/, '');

/**
 * Statements of the server's that an earlier step commented out under its marker, right after the last statement
 * that moves (sdk-v2 disables a v1 task tool, `// @mcp-migrate-todo(deprecated-feature/experimental-tasks): …` over
 * `// server.experimental.tasks.registerToolTask(…` lines): they go into the factory too, so that a person bringing
 * one back finds the server in scope (sweep 26 Z1). Between two moved statements they move already (`rangeOf`).
 * `from` is where the last moved statement's removal ends; the blocks run up to the next statement's own comments.
 */
function commentedStatementsAfter(file: ServingFile, last: ts.Statement, next: ts.Statement | undefined, from: number, name: string): { start: number; end: number; text: string; blank: boolean } | undefined {
  const until = next ? next.getStart(file.sf) : file.text.length;
  if (from < last.end || from >= until) return undefined;
  const lines = file.text.slice(from, until).split('\n');
  const usesServer = new RegExp(`^\\s*//\\s*${name.replace(/\$/g, '\\$')}\\.`);
  let offset = from;
  let end: number | undefined;
  let blank = false;
  for (let i = 0; i < lines.length; ) {
    if (lines[i]!.trim() === '') {
      if (end === undefined) blank = true;
      offset += lines[i]!.length + 1;
      i++;
      continue;
    }
    // A block: the marker line, then the commented code up to the line that closes the statement (brackets balanced,
    // ending with `;` or `)`), or to a line that is not a `//` comment. A comment right under it belongs to what follows
    // (`// Serve on stdio…` above `main`: review 38 R7).
    let j = i + 1;
    let depth = 0;
    while (j < lines.length && /^\s*\/\//.test(lines[j]!)) {
      const code = lines[j]!.replace(/^\s*\/\/ ?/, '');
      for (const ch of code.replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '')) depth += '([{'.includes(ch) ? 1 : ')]}'.includes(ch) ? -1 : 0;
      j++;
      if (depth <= 0 && /[;)]\s*$/.test(code)) break;
    }
    if (!/^\s*\/\//.test(lines[i]!)) j = i;
    const block = lines.slice(i, j);
    // Code, not a comment (an export between the moved statements and the next one): nothing of this kind here.
    if (j === i || j >= lines.length || !block[0]!.trim().startsWith(DISABLED_STATEMENT_MARKER) || !block.slice(1).some((line) => usesServer.test(line))) break;
    offset += block.reduce((n, line) => n + line.length + 1, 0);
    end = offset;
    i = j;
  }
  if (end === undefined) return undefined;
  const text = file.text.slice(from, end).replace(/^([ \t]*\n)+/, '').replace(/\n$/, '');
  return { start: from, end, text, blank };
}

/** Mutating methods of a collection: a call of one fills or empties it. */
const MUTATORS = new Set(['push', 'unshift', 'splice', 'set', 'add', 'delete', 'clear', 'pop', 'shift']);

/**
 * The variables declared outside the statements that a statement among them mutates while it runs (not in a callback it
 * hands on, which runs later): `tools.push(x)`, `tools = […]`, `config.mode = 'x'`, `cache[k] = v`.
 */
function mutatedOuterBindings(statements: ReadonlySet<ts.Statement>, values: ValueAnalysis): ts.VariableDeclaration[] {
  const found = new Set<ts.VariableDeclaration>();
  const inside = (node: ts.Node): boolean => [...statements].some((s) => isInside(node, s));
  for (const statement of statements) {
    forEachDescendant(statement, (node) => {
      let target: ts.Expression | undefined;
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && MUTATORS.has(node.expression.name.text)) target = node.expression.expression;
      else if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) target = node.left;
      if (!target || insideFunctionOf(node, statement)) return;
      let root = unwrap(target);
      while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = unwrap(root.expression);
      if (!ts.isIdentifier(root)) return;
      const decl = values.symbolOf(root)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) && !inside(decl) && !isServerKind(values.valueOf(root))) found.add(decl);
    });
  }
  return [...found];
}

/** Whether `node` sits inside a function declared within `statement` (a callback it registers or hands on). */
function insideFunctionOf(node: ts.Node, statement: ts.Node): boolean {
  for (let current = node.parent; current && current !== statement; current = current.parent) if (isFunctionLike(current)) return true;
  return false;
}

/**
 * A server built at the module's top level and connected inside a function of the module (the SDK quickstart:
 * `const server = new McpServer(…)`, its registrations, then `async function main() { … await server.connect(t) }`
 * and `main()`): the factory is built from the top-level statements between the server's declaration and the first
 * statement that can run the connect (`end`: the call of that function, or the statement holding the connect when
 * it declares no function; without a call in the module, the module's end, as all of it runs on import before an
 * importer can call the function). `host` is the top-level statement holding the connect, which stays.
 */
function connectedInModuleFunction(file: ServingFile, declStatement: ts.Node, connectStatement: ts.Node): { block: FactoryBlock; host: ts.Statement; end: number } | undefined {
  // Both in this file (a server imported from another module is built there, not here).
  if (declStatement.parent !== file.sf || !enclosingFunction(connectStatement)) return undefined;
  const statements = file.sf.statements;
  const host = statements.find((s) => isInside(connectStatement, s));
  if (!host) return undefined;
  const from = statements.indexOf(declStatement as ts.Statement);
  const hostAt = statements.indexOf(host);
  // The function the host declares (`function main`, `const main = async () => …`), whose calls run the connect.
  const declared = ts.isFunctionDeclaration(host) && host.name ? host.name : ts.isVariableStatement(host) && host.declarationList.declarations.length === 1 && ts.isIdentifier(host.declarationList.declarations[0]!.name) && host.declarationList.declarations[0]!.initializer && isFunctionLike(unwrap(host.declarationList.declarations[0]!.initializer)) ? (host.declarationList.declarations[0]!.name as ts.Identifier) : undefined;
  if (!declared) return hostAt > from ? { block: { statements }, host, end: hostAt } : undefined;
  const symbol = file.values.symbolOf(declared);
  // A call before the server is built would connect a server not yet declared: not this shape.
  if (statements.some((s, i) => i < from && s !== host && referencesByName(s, declared.text).some((r) => r !== declared && file.values.symbolOf(r) === symbol))) return undefined;
  // The first top-level statement that may run the connect: one calling the host's function, or any function of the
  // module (which may call it: `main()` calling `start()`).
  const calledAt = statements.findIndex((s, i) => i > from && s !== host && (referencesByName(s, declared.text).some((r) => r !== declared && file.values.symbolOf(r) === symbol) || callsModuleFunction(file, s)));
  return { block: { statements }, host, end: calledAt < 0 ? statements.length : calledAt };
}

/** A call, made when `statement` runs (not inside a function it declares), of a function declared in this module. */
function callsModuleFunction(file: ServingFile, statement: ts.Statement): boolean {
  if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) return false;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || (node !== statement && isFunctionLike(node))) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const fn = ts.isCallExpression(node) ? file.values.calls.functionOfCall(node) : undefined;
      if (fn && fn.getSourceFile() === file.sf) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}

/** The export in a top-level statement: an `export` modifier, `export { … }` / `export default`, or an assignment to `module.exports` / `exports.x`. */
function exportIn(statement: ts.Statement): ts.Node | undefined {
  if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return statement;
  if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) return statement;
  let found: ts.Node | undefined;
  forEachDescendant(statement, (node) => {
    if (found || !ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
    const target = node.left.getText();
    if (/^(?:module\.exports|exports)\b/.test(target)) found = node;
  });
  return found;
}

/** A call that must run once per process, made when `statement` runs: a signal or event listener on `process`, a timer. */
function runOnceCall(statement: ts.Statement, values: ValueAnalysis): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found || isFunctionLike(node)) return;
    if (ts.isCallExpression(node)) {
      if (/^process\.(?:on|once|addListener|prependListener)$/.test(node.expression.getText()) || timerStarted(node, values, SCHEDULING_TIMERS)) {
        found = node;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}

/** How a block that is not a function's body is named in a message: `a \`try\` block`, `a branch`, `a loop`. */
function nestedBlockKind(block: ts.Block): string {
  const parent = block.parent;
  if (ts.isTryStatement(parent)) return 'a `try` block';
  if (ts.isCatchClause(parent)) return 'a `catch` block';
  if (ts.isIfStatement(parent)) return 'a branch';
  if (ts.isIterationStatement(parent, false)) return 'a loop';
  return 'a nested block';
}
