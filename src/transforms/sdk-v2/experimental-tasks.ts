/**
 * SDK v2 has no tasks layer (SEP-2663 moved tasks to the Extensions Track). The official codemod
 * drops the import of `@modelcontextprotocol/sdk/experimental/tasks` and comments the McpServer
 * options, but leaves `new InMemoryTaskStore()` / `new InMemoryTaskMessageQueue()` in the code,
 * bound by nothing, and the options v2's McpServer does not take: the migrated tree no longer
 * type-checks (modelcontextprotocol/servers `src/everything`).
 *
 * A store or queue the server was built with goes, with what only served it: its `taskStore` /
 * `taskMessageQueue` option, its own `cleanup()` statements, and the `tasks` capability of the
 * same server (no v2 server can answer tasks/*). Only when every use of the variable is one of those;
 * a store used for anything else (handed to a handler, polled) keeps the codemod's comment for a person.
 */
import type { Identifier, Node as TsMorphNode, ObjectLiteralExpression, PropertyAccessExpression, SourceFile, VariableStatement } from 'ts-morph';
import { loadTsMorph, ts } from '../../typescript.js';
import { isMcpSpecifier, type ImportBinding } from './bindings.js';
import { descendantsOfKind, wrapped } from './compiler-walk.js';
import { boundNames } from '../../analysis/declarations.js';
import { CAPABILITIES_OPTION, HIGH_LEVEL_SERVER_CLASSES, V1_EXPERIMENTAL_TASKS } from '../../analysis/sdk-modules.js';
import { markerComment } from '../../markers.js';
import { RULE_ID } from '../../rule-ids.js';

const TASKS = V1_EXPERIMENTAL_TASKS;
const TASKS_MODULE = TASKS.modulePattern;
/** The experimental classes a server is built with, by the McpServer option that takes each. */
const OPTION_OF: Record<string, string> = Object.fromEntries([TASKS.store, TASKS.messageQueue].map((c) => [c.class, c.option]));
const [EXPERIMENTAL, TASKS_MEMBER, REGISTER_TOOL_TASK] = TASKS.toolRegistration;

export interface RemovedTasks {
  /** The variables removed (`taskStore`, `taskMessageQueue`), for the report. */
  variables: string[];
  /** Servers whose `tasks` capability went. */
  capabilities: number;
}

/**
 * Removes from `sf` (v1, before the codemod runs: the codemod then has no task options to comment)
 * the experimental task stores and queues `sdkBefore` says came from the experimental tasks module.
 */
export function removeExperimentalTasks(sf: SourceFile, sdkBefore: readonly ImportBinding[]): RemovedTasks {
  const { Node, SyntaxKind } = loadTsMorph();
  const out: RemovedTasks = { variables: [], capabilities: 0 };
  const classes = new Map(sdkBefore.filter((b) => TASKS_MODULE.test(b.specifier) && b.imported in OPTION_OF).map((b) => [b.local, OPTION_OF[b.imported]!]));
  if (!classes.size) return out;

  const removals: TsMorphNode[] = [];
  const optionObjects = new Set<ObjectLiteralExpression>();
  // Only `const x = new …(…)` can pass the tests below: the other statements are not wrapped.
  const single = (node: ts.Node): boolean => {
    const { declarations } = (node as ts.VariableStatement).declarationList;
    return declarations.length === 1 && !!declarations[0]!.initializer && ts.isNewExpression(declarations[0]!.initializer);
  };
  for (const statement of descendantsOfKind<VariableStatement>(sf, SyntaxKind.VariableStatement, single)) {
    const [decl, ...more] = statement.getDeclarations();
    const init = decl?.getInitializer();
    if (!decl || more.length || !Node.isIdentifier(decl.getNameNode()) || !init || !Node.isNewExpression(init)) continue;
    const created = init.getExpression();
    const option = Node.isIdentifier(created) ? classes.get(created.getText()) : undefined;
    if (!option) continue;
    const uses = usesOf(decl.getNameNode() as Identifier, statement);
    const plan = uses.map((use) => ownUse(use, option));
    // Used for more than building a server (or for no server, or exported): a person decides.
    // (For a statement, ts-morph's `isExported()` answers exactly this, `export { x }` not included,
    // after building a type checker over the whole project and the default lib.)
    if (statement.hasExportKeyword() || plan.some((p) => p === undefined) || !plan.some((p) => p!.options)) continue;
    removals.push(statement, ...plan.map((p) => p!.remove));
    for (const p of plan) if (p!.options) optionObjects.add(p!.options);
    out.variables.push(decl.getName());
  }
  // The `tasks` capability of a server whose task store went: nothing answers tasks/* any more.
  for (const options of optionObjects) {
    const capabilities = options.getProperty(CAPABILITIES_OPTION);
    const object = capabilities && Node.isPropertyAssignment(capabilities) ? capabilities.getInitializer() : undefined;
    const tasks = object && Node.isObjectLiteralExpression(object) ? object.getProperty(TASKS.capability) : undefined;
    if (tasks) {
      removals.push(tasks);
      out.capabilities++;
    }
  }
  // By text, last first, so each removal keeps the file's own commas, comments and blank lines.
  const text = sf.getFullText();
  const ranges = removals.map((node) => (Node.isStatement(node) ? statementRange(text, node, removals) : listElementRange(text, node)));
  for (const [start, end] of withoutDoubleBlankLines(text, ranges).sort((a, b) => b[0] - a[0])) sf.removeText(start, end);
  return out;
}

/**
 * Every reference to the variable `name` declares, outside its declaration: identifiers of that name in
 * the declaring scope, by syntax (a type checker here would change what the codemod then sees), with
 * a scope that declares the name again (a parameter, a local) left out.
 */
function usesOf(name: Identifier, declaration: VariableStatement): TsMorphNode[] {
  const { Node } = loadTsMorph();
  const scope = declaration.getParent() ?? declaration.getSourceFile();
  const text = name.getText();
  const redeclares = (node: TsMorphNode): boolean =>
    node !== declaration &&
    (Node.isVariableDeclaration(node) || Node.isParameterDeclaration(node) || Node.isFunctionDeclaration(node) || Node.isClassDeclaration(node) || Node.isBindingElement(node)) &&
    node.getNameNode()?.getText() === text;
  // The identifiers of that name only (getDescendantsOfKind would wrap every identifier of the scope, doc comments' too).
  return identifiersNamed(scope, text).filter((id) => {
    if (id === name || id.getText() !== text || declaration.containsRange(id.getPos(), id.getEnd())) return false;
    const parent = id.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
    if (Node.isPropertyAssignment(parent) && parent.getNameNode() === id) return false;
    // `{ taskStore: store }`: the property destructured, under another name (review 38 R6).
    if (Node.isBindingElement(parent) && parent.getPropertyNameNode() === id) return false;
    if (parent && redeclares(parent)) return false;
    // Shadowed by a function between the use and the declaring scope.
    for (let up: TsMorphNode | undefined = id.getParent(); up && up !== scope; up = up.getParent()) {
      // Also by a destructured parameter (`async createTask(args, { taskStore })`: the handler's own store, sweep 26 Z1).
      if ((Node.isFunctionLikeDeclaration(up) || Node.isArrowFunction(up)) && up.getParameters().some((p) => boundNames(p.compilerNode.name).includes(text))) return false;
      if (Node.isBlock(up) && up !== scope && up.getStatements().some((st) => Node.isVariableStatement(st) && st.getDeclarations().some((d) => boundNames(d.compilerNode.name).includes(text)))) return false;
    }
    return true;
  });
}

/**
 * `scope.getDescendantsOfKind(SyntaxKind.Identifier)` less those whose text is not `text` (necessarily not
 * named so), in the same order: ts-morph walks an identifier search by the nodes' `getChildren`, which holds a
 * node's doc comments before its own children; the compiler's walk leaves those out, so they are walked here.
 */
function identifiersNamed(scope: TsMorphNode, text: string): Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === text) found.push(node);
    for (const doc of (node as { jsDoc?: readonly ts.Node[] }).jsDoc ?? []) visit(doc);
    ts.forEachChild(node, visit);
  };
  visit(scope.compilerNode);
  return found.filter((id) => id !== scope.compilerNode).map((id) => wrapped<Identifier>(scope, id));
}

/**
 * What removing one use takes: the `taskStore` property of the options of `new McpServer(…)` (with
 * that options object), or the statement `store.cleanup();`. Undefined for any other use.
 */
function ownUse(use: TsMorphNode, option: string): { remove: TsMorphNode; options?: ObjectLiteralExpression } | undefined {
  const { Node } = loadTsMorph();
  const parent = use.getParent();
  const property = parent && (Node.isShorthandPropertyAssignment(parent) ? parent : Node.isPropertyAssignment(parent) && parent.getInitializer() === use ? parent : undefined);
  if (property) {
    const object = property.getParent();
    const server = object.getParent();
    if (property.getName() !== option || !Node.isObjectLiteralExpression(object) || !server || !Node.isNewExpression(server) || server.getArguments()[1] !== object) return undefined;
    if (!isSdkMcpServer(server.getExpression())) return undefined;
    return { remove: property, options: object };
  }
  const access = parent;
  const call = access?.getParent();
  const statement = call?.getParent();
  if (access && Node.isPropertyAccessExpression(access) && access.getName() === TASKS.cleanupMethod && call && Node.isCallExpression(call) && call.getExpression() === access && statement && Node.isExpressionStatement(statement)) {
    return { remove: statement };
  }
  return undefined;
}

/** Whether `expression` names the SDK's McpServer: bound by an import of `McpServer` from an MCP package (v1 here). */
function isSdkMcpServer(expression: TsMorphNode): boolean {
  const { Node } = loadTsMorph();
  if (!Node.isIdentifier(expression)) return false;
  const local = expression.getText();
  return expression
    .getSourceFile()
    .getImportDeclarations()
    .some((d) => isMcpSpecifier(d.getModuleSpecifierValue()) && d.getNamedImports().some((n) => HIGH_LEVEL_SERVER_CLASSES.has(n.getName()) && (n.getAliasNode()?.getText() ?? n.getName()) === local));
}
/** Start of the line `pos` is on, when only whitespace precedes it there; else `pos`. */
function lineStartBefore(text: string, pos: number): number {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*$/.test(text.slice(lineStart, pos)) ? lineStart : pos;
}

/** After `end`'s line break, when only whitespace follows `end` on its line; else `end`. */
function lineEndAfter(text: string, end: number): number {
  const match = /^[ \t]*\r?\n/.exec(text.slice(end));
  return match ? end + match[0].length : end;
}

/**
 * A statement's whole lines. Its leading comments go with it when what they head is removed whole:
 * the statements after it up to a blank line or the next comment ("// Create task store and message
 * queue" above the two).
 */
function statementRange(text: string, node: TsMorphNode, removed: readonly TsMorphNode[]): [number, number] {
  const start = node.getStart();
  const end = lineEndAfter(text, node.getEnd());
  const comments = ts.getLeadingCommentRanges(text, node.getPos()) ?? [];
  const parent = node.compilerNode.parent;
  const siblings: readonly ts.Node[] = parent && (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isModuleBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent)) ? parent.statements : [];
  const removedNodes = new Set(removed.map((n) => n.compilerNode));
  let headsOnlyRemoved = true;
  for (const next of siblings.slice(siblings.indexOf(node.compilerNode as ts.Node) + 1)) {
    if (/\n[ \t]*\r?\n/.test(text.slice(next.pos, next.getStart())) || (ts.getLeadingCommentRanges(text, next.pos) ?? []).length) break;
    if (!removedNodes.has(next)) {
      headsOnlyRemoved = false;
      break;
    }
  }
  return [lineStartBefore(text, comments.length && headsOnlyRemoved ? comments[0]!.pos : start), end];
}

/** A property of an object literal with its comma (the one after it, else the one before it). */
function listElementRange(text: string, node: TsMorphNode): [number, number] {
  const start = node.getStart();
  const end = node.getEnd();
  const after = /^\s*,/.exec(text.slice(end));
  if (after) {
    const ownLine = lineStartBefore(text, start) !== start;
    return ownLine ? [lineStartBefore(text, start), lineEndAfter(text, end + after[0].length)] : [start, end + after[0].length + (/^ /.test(text.slice(end + after[0].length)) ? 1 : 0)];
  }
  // The last property without a trailing comma: the comma before it goes instead.
  const before = text.lastIndexOf(',', start);
  return [before, end];
}

/**
 * Touching ranges joined; a joined range of whole lines takes the blank line after it when one is
 * before it, or it opened the block, so no run of blank lines (or a blank first line) is left.
 */
function withoutDoubleBlankLines(text: string, ranges: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const joined: Array<[number, number]> = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = joined[joined.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else joined.push([start, end]);
  }
  return joined.map(([start, end]) => {
    const blankAfter = /^[ \t]*\r?\n/.exec(text.slice(end));
    const wholeLines = /(?:^|\n)$/.test(text.slice(0, start)) && /\n$/.test(text.slice(start, end));
    return [start, wholeLines && blankAfter && /(?:\{[ \t]*|\n[ \t]*)\r?\n$/.test(text.slice(0, start)) ? end + blankAfter[0].length : end];
  });
}

/** The marker above a task tool's registration, commented out (sweep 26 Z1: a tool the server no longer offers is a person's work). */
export const TASK_TOOL_MESSAGE =
  'server.experimental.tasks.registerToolTask: SDK v2 has no tasks layer (SEP-2663 moved tasks to the Extensions Track) and its McpServer has no `experimental`, so this statement would throw when the server is built. It is commented out, and the server no longer offers this task tool: rewrite it as a registerTool whose handler does the work (progress through ctx.mcpReq.notify, questions to the user through inputRequired), or serve it through the Tasks extension.';

/**
 * Statements that reach `<server>.experimental.tasks.registerToolTask` (a registration, a test's
 * assertion about one) on the SDK's McpServer: v2's McpServer has no `experimental`, so the migrated
 * server would throw while it is built. Each is commented out, line by line (the code stays for the
 * person who rewrites the tool), under a `deprecated-feature/experimental-tasks` marker, which `apply` counts among
 * the markers left for a person (sweep 26 Z1: an `@mcp-codemod-error` note let a server lose its only tool while the
 * run reported no marker). Returns the 1-based line of each statement in the text `sf` had.
 */
export function disableTaskTools(sf: SourceFile): number[] {
  // No such name, no such access: and walking every property access would wrap each one in a ts-morph
  // node, which every later edit of the file (the official codemod's) then has to carry over.
  if (!sf.getFullText().includes(REGISTER_TOOL_TASK)) return [];
  const { Node, SyntaxKind } = loadTsMorph();
  const statements = new Set<TsMorphNode>();
  // The name's text is `registerToolTask` wherever its source is: only those accesses are wrapped.
  for (const access of descendantsOfKind<PropertyAccessExpression>(sf, SyntaxKind.PropertyAccessExpression, (node) => (node as ts.PropertyAccessExpression).name.text === REGISTER_TOOL_TASK)) {
    if (access.getName() !== REGISTER_TOOL_TASK) continue;
    const tasks = access.getExpression();
    if (!Node.isPropertyAccessExpression(tasks) || tasks.getName() !== TASKS_MEMBER) continue;
    const experimental = tasks.getExpression();
    if (!Node.isPropertyAccessExpression(experimental) || experimental.getName() !== EXPERIMENTAL) continue;
    const receiver = experimental.getExpression();
    // A name: the McpServer it is declared as. Anything else (`this.server`, `deps.server`, `getServer()`) in a file moving
    // off the v1 SDK: `.experimental.tasks.registerToolTask` is that SDK's path, and left live it throws once the server
    // is v2's (review 37 R1: a class's task tool moved live).
    if (Node.isIdentifier(receiver) && !isSdkServerValue(receiver)) continue;
    const statement = receiver.getFirstAncestor((a) => Node.isStatement(a) && (Node.isBlock(a.getParent()) || Node.isSourceFile(a.getParent())));
    if (statement) statements.add(statement);
  }
  const text = sf.getFullText();
  const marker = markerComment(RULE_ID.experimentalTasks, TASK_TOOL_MESSAGE);
  const edits = [...statements].map((statement) => {
    const start = lineStartBefore(text, statement.getStart());
    const end = statement.getEnd();
    const indent = text.slice(start, statement.getStart());
    const lines = text.slice(statement.getStart(), end).split('\n');
    const commented = lines.map((line, i) => (i === 0 ? `${indent}// ${line}` : line.startsWith(indent) ? `${indent}// ${line.slice(indent.length)}` : `// ${line}`));
    return { start, end, line: statement.getStartLineNumber(), text: `${indent}${marker}\n${commented.join('\n')}` };
  });
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) sf.replaceText([edit.start, edit.end], edit.text);
  return edits.map((edit) => edit.line).sort((a, b) => a - b);
}

/**
 * Whether `id` names the SDK's McpServer (by syntax: the declaration in scope with that name is a
 * parameter or variable typed `McpServer`, built with `new McpServer(…)` or cast `as McpServer`).
 */
function isSdkServerValue(id: Identifier): boolean {
  const { Node } = loadTsMorph();
  const name = id.getText();
  const namesServer = (type: TsMorphNode | undefined): boolean => !!type && Node.isTypeReference(type) && isSdkMcpServer(type.getTypeName());
  const valueNamesServer = (value: TsMorphNode | undefined): boolean => {
    for (let v = value; v; ) {
      if (Node.isNewExpression(v)) return isSdkMcpServer(v.getExpression());
      if (Node.isAsExpression(v)) {
        if (namesServer(v.getTypeNode())) return true;
        v = v.getExpression();
      } else if (Node.isParenthesizedExpression(v)) v = v.getExpression();
      else return false;
    }
    return false;
  };
  for (let scope: TsMorphNode | undefined = id.getParent(); scope; scope = scope.getParent()) {
    if (Node.isFunctionLikeDeclaration(scope) || Node.isArrowFunction(scope)) {
      const param = scope.getParameters().find((p) => p.getName() === name);
      if (param) return namesServer(param.getTypeNode());
    }
    if (Node.isBlock(scope) || Node.isSourceFile(scope)) {
      for (const statement of scope.getStatements()) {
        if (!Node.isVariableStatement(statement)) continue;
        const decl = statement.getDeclarations().find((d) => d.getName() === name);
        if (decl) return namesServer(decl.getTypeNode()) || valueNamesServer(decl.getInitializer());
      }
    }
  }
  return false;
}
