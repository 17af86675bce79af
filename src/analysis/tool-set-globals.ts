/**
 * Module variables that one tool sets from its arguments and other tools read: state that spans calls without a
 * handle. `join_channel({ channel })` stores `currentChannel = channel`, and every later `send_command` reads
 * `currentChannel` (cursor-talk-to-figma). Nothing in the protocol ties the later calls to the one that chose the
 * channel: on stdio one process happens to serve one client, over HTTP every caller shares the variable, and on
 * 2026-07-28 (no session) the choice is exactly the state that must travel as an explicit argument.
 *
 * What counts, to stay clear of caches and configuration:
 * - a `let`/`var` declared at the top level of an analysed file, a property of an object literal a top-level variable
 *   holds (`state.channel`), a field of a class read and written through `this` (`this.currentDb`), or a property of
 *   an object handed to the function that registers the tools (`createServer(ctx)`: `ctx.currentProject`);
 * - written by plain assignment (`=`) from a tool's arguments (`fromArguments`): directly, through helpers, or built
 *   from them (`db = openDatabase(path)`, `workspace = { root }`) — not from what no caller gave (`client =
 *   createClient(process.env.KEY)`, a lazy cache), a literal (`current = null`, a reset) or an SDK value (the server,
 *   the handler context: other rules' sites);
 * - that write reached by a tool (through any chain of helper calls), and the variable read from code another tool
 *   reaches.
 * Compound updates (`count += 1`, `n++`) are neither writes nor reads here: a counter is not a choice a caller made.
 *
 * The same state without an argument is a gate: `session_init` sets `initialized = true` (or `phase = 'ready'`), and
 * `do_work` refuses to run until it is (`if (!initialized) …`). Nothing a caller gave is kept, but a call depends on
 * which calls came before it, exactly as with a choice. It counts when the state is written a mark — `true`, a
 * non-empty string or a non-zero number, never a reset (`null`, `false`, `''`, `0`) — by code only some tools reach,
 * and a tool that does not write it tests it in a condition. A lazy start-up flag every tool sets before reading has
 * no tool left to read it, so it is not a gate.
 */
import { ts } from '../typescript.js';
import { enclosingFunction, forEachDescendant, isFunctionLike, unwrap } from './ast.js';
import type { ToolReach } from './reach.js';
import type { ToolRegistration } from './tools.js';
import type { ValueAnalysis } from './values.js';

export interface ToolSetGlobal {
  /** Where the state is declared: the variable, the object literal's property, or the class's field (or the class). */
  declaration: ts.Node;
  /** As the code names it: `currentChannel`, `state.channel`, `this.currentDb`. */
  name: string;
  /**
   * `argument`: a choice a tool was given (`currentChannel = channelName`); `gate`: a mark a tool sets that others
   * check before they run (`initialized = true`).
   */
  kind: 'argument' | 'gate';
  /** The first write a tool reaches: from a parameter (`currentChannel = channelName`), or of a mark for a gate. */
  write: ts.BinaryExpression;
  /** The tools that reach such a write, in registration order. */
  setters: ToolRegistration[];
  /** The other tools that reach a read of the state (for a gate: test it in a condition), in registration order. */
  readers: ToolRegistration[];
}

/** One place state is kept: a module variable, a property of a module object literal, or a field of a class. */
interface Slot {
  declaration: ts.Node;
  name: string;
  writes: ts.BinaryExpression[];
  /** Writes of a mark (`true`, `'ready'`), not from any argument: what makes a gate. */
  marks: ts.BinaryExpression[];
  reads: ts.Node[];
}

export function toolSetGlobals(values: ValueAnalysis, reach: ToolReach, files: readonly ts.SourceFile[]): ToolSetGlobal[] {
  if (reach.tools.length === 0) return [];
  const handlers = new Set<ts.Node>(reach.tools.flatMap((t) => (t.handler ? [t.handler] : [])));
  const variables = new Map<ts.Symbol, ts.VariableDeclaration>();
  const objects = new Map<ts.Symbol, ts.ObjectLiteralExpression>();
  const names = new Set<string>();
  for (const sf of files) {
    if (sf.isDeclarationFile) continue;
    for (const statement of sf.statements) {
      if (!ts.isVariableStatement(statement) || statement.declarationList.flags & ts.NodeFlags.Using) continue;
      const constant = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const initializer = declaration.initializer && unwrap(declaration.initializer);
        const object = initializer && ts.isObjectLiteralExpression(initializer) ? initializer : undefined;
        if (constant && !object) continue;
        const symbol = values.symbolOf(declaration.name);
        if (!symbol) continue;
        if (!constant) variables.set(symbol, declaration);
        if (object) objects.set(symbol, object);
        names.add(declaration.name.text);
      }
    }
  }

  const slots = new Map<unknown, Slot>();
  const slot = (key: unknown, declaration: ts.Node, name: string): Slot => {
    let found = slots.get(key);
    if (!found) slots.set(key, (found = { declaration, name, writes: [], marks: [], reads: [] }));
    return found;
  };
  const record = (target: Slot, node: ts.Node): void => {
    const use = assignmentTo(node);
    if (use === 'compound') return;
    if (!use) target.reads.push(node);
    else if (fromArguments(values, handlers, use.right)) target.writes.push(use);
    else if (isMark(use.right)) target.marks.push(use);
  };
  // The functions the tools are registered in (a server factory `createServerInstance(ctx)`, a `registerTools(server,
  // ctx)` helper): an object one of them is handed is shared by the tools it registers, for as long as the object lives
  // (one per connection, or one per process) — `ctx.currentProject` is state exactly as a module variable is (sweep 34 AH8).
  const registering = new Set<ts.Node>();
  for (const handler of handlers) for (let fn = enclosingFunction(handler); fn; fn = enclosingFunction(fn)) registering.add(fn);
  for (const sf of files) {
    if (sf.isDeclarationFile) continue;
    forEachDescendant(sf, (node) => {
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && registering.size > 0) {
        const param = values.symbolOf(node.expression)?.valueDeclaration;
        if (param && ts.isParameter(param) && ts.isIdentifier(param.name) && registering.has(param.parent)) {
          record(slot(`${param.pos}:${param.getSourceFile().fileName}#${node.name.text}`, param, `${param.name.text}.${node.name.text}`), node);
          return;
        }
      }
      if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword) {
        // `this.currentDb` in a method of a class: the class's field.
        const cls = ownerClass(node);
        if (cls) record(slot(`${cls.pos}:${cls.getSourceFile().fileName}:${node.name.text}`, fieldDeclaration(cls, node.name.text) ?? cls, `this.${node.name.text}`), node);
        return;
      }
      if (!ts.isIdentifier(node) || !names.has(node.text)) return;
      const parent = node.parent;
      if (ts.isVariableDeclaration(parent) && parent.name === node) return;
      // Names of members and of other declarations are not uses of the variable.
      if ((ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node)) return;
      const symbol = values.symbolOf(node);
      if (!symbol) return;
      const object = objects.get(symbol);
      if (object && ts.isPropertyAccessExpression(parent) && parent.expression === node) {
        // `state.channel` on a module object literal: its property.
        const property = parent.name.text;
        const declared = object.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === property);
        record(slot(`${symbol.name}#${object.pos}:${object.getSourceFile().fileName}.${property}`, declared ?? object, `${node.text}.${property}`), parent);
        return;
      }
      const variable = variables.get(symbol);
      if (variable) record(slot(symbol, variable, node.text), node);
    });
  }

  const found: ToolSetGlobal[] = [];
  const inOrder = (set: Set<ToolRegistration>) => reach.tools.filter((t) => set.has(t));
  for (const { declaration, name, writes, marks, reads } of slots.values()) {
    if (reads.length === 0) continue;
    const chosen = settersOf(reach, writes);
    if (chosen) {
      const readers = readersOf(reach, reads, chosen.setters);
      if (readers.size > 0) found.push({ declaration, name, kind: 'argument', write: chosen.first, setters: inOrder(chosen.setters), readers: inOrder(readers) });
      continue;
    }
    const marked = settersOf(reach, marks);
    if (!marked) continue;
    const readers = readersOf(reach, reads.filter(testedInCondition), marked.setters);
    if (readers.size > 0) found.push({ declaration, name, kind: 'gate', write: marked.first, setters: inOrder(marked.setters), readers: inOrder(readers) });
  }
  return found.sort((a, b) => a.write.getSourceFile().fileName.localeCompare(b.write.getSourceFile().fileName) || a.write.pos - b.write.pos);
}

/** The tools that reach any of `writes`, and the first write one reaches; undefined when no tool reaches one. */
function settersOf(reach: ToolReach, writes: readonly ts.BinaryExpression[]): { first: ts.BinaryExpression; setters: Set<ToolRegistration> } | undefined {
  const setters = new Set<ToolRegistration>();
  let first: ts.BinaryExpression | undefined;
  for (const write of writes) {
    const tools = reach.toolsRunning(write).map((p) => p.tool);
    if (tools.length === 0) continue;
    first ??= write;
    for (const tool of tools) setters.add(tool);
  }
  return first && { first, setters };
}

/** The tools other than `setters` that reach one of `reads`. */
function readersOf(reach: ToolReach, reads: readonly ts.Node[], setters: ReadonlySet<ToolRegistration>): Set<ToolRegistration> {
  const readers = new Set<ToolRegistration>();
  for (const read of reads) for (const { tool } of reach.toolsRunning(read)) if (!setters.has(tool)) readers.add(tool);
  return readers;
}

/** A value that marks something as done or chosen: `true`, a non-empty string, a non-zero number (not a reset). */
function isMark(expression: ts.Expression): boolean {
  const node = unwrap(expression);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text !== '';
  if (ts.isNumericLiteral(node)) return Number(node.text) !== 0;
  return false;
}

/**
 * The read decides which way the code goes: the condition of an `if`, a loop, a `?:` or a `switch`, directly or under
 * `!`, a comparison or `&&`/`||` (`if (!initialized)`, `phase !== 'ready' ? … : …`). Showing it (`status: ${phase}`)
 * is not a gate.
 */
function testedInCondition(read: ts.Node): boolean {
  let node: ts.Node = read;
  for (;;) {
    const parent = node.parent;
    if (ts.isParenthesizedExpression(parent) || (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken)) {
      node = parent;
      continue;
    }
    if (ts.isBinaryExpression(parent) && CONDITION_OPERATORS.has(parent.operatorToken.kind)) {
      node = parent;
      continue;
    }
    if (ts.isIfStatement(parent) || ts.isWhileStatement(parent) || ts.isDoStatement(parent)) return parent.expression === node;
    if (ts.isConditionalExpression(parent)) return parent.condition === node;
    if (ts.isSwitchStatement(parent)) return parent.expression === node;
    if (ts.isForStatement(parent)) return parent.condition === node;
    return false;
  }
}

const CONDITION_OPERATORS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** The class whose instance `this` is at `node`: the nearest class, unless an ordinary function rebinds `this` first. */
function ownerClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isClassLike(current)) return current;
    if (ts.isFunctionDeclaration(current) || ts.isFunctionExpression(current)) return undefined;
    if ((ts.isMethodDeclaration(current) || ts.isPropertyDeclaration(current) || ts.isGetAccessor(current) || ts.isSetAccessor(current)) && current.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) return undefined;
  }
  return undefined;
}

function fieldDeclaration(cls: ts.ClassLikeDeclaration, name: string): ts.Node | undefined {
  return cls.members.find((m) => ts.isPropertyDeclaration(m) && m.name && ts.isIdentifier(m.name) && m.name.text === name);
}

/** `x = …` with `x` the target: the assignment; `x += …`, `x++`: 'compound'; anything else: a read. */
function assignmentTo(id: ts.Node): ts.BinaryExpression | 'compound' | undefined {
  let node: ts.Node = id;
  while (ts.isParenthesizedExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && parent.left === node) {
    if (parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return parent;
    if (parent.operatorToken.kind >= ts.SyntaxKind.FirstCompoundAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastCompoundAssignment) return 'compound';
  }
  if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) return 'compound';
  return undefined;
}

/**
 * The assigned value comes from a tool's arguments: a parameter of a tool handler, or of a helper where some call of it
 * passes such a value there (`joinChannel(channel)` from the `join_channel` handler; not `getClient(process.env.KEY)`).
 * Through a property read off it, an element it picks (`this.tabs[index]`), a fallback (`channel ?? 'default'`), a
 * local constant, and what is built from it: an object or array literal holding it (`{ root: args.root }`), a template,
 * or a call or `new` taking it (`openDatabase(path)`, the "connect" tool's result). A value built from nothing the
 * caller gave (`createClient(process.env.KEY)`, a lazy cache), a literal (a reset) or an SDK value is not.
 */
function fromArguments(values: ValueAnalysis, handlers: ReadonlySet<ts.Node>, expression: ts.Expression, depth = 0): boolean {
  if (depth > 4) return false;
  const recurse = (e: ts.Expression): boolean => fromArguments(values, handlers, e, depth + 1);
  let node = unwrap(expression);
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)) node = unwrap(node.left);
  if (ts.isElementAccessExpression(node)) return recurse(node.argumentExpression);
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.some((p) => (ts.isPropertyAssignment(p) ? recurse(p.initializer) : ts.isShorthandPropertyAssignment(p) ? recurse(p.name) : ts.isSpreadAssignment(p) ? recurse(p.expression) : false));
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.some((e) => recurse(ts.isSpreadElement(e) ? e.expression : e));
  if (ts.isTemplateExpression(node)) return node.templateSpans.some((span) => recurse(span.expression));
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return (node.arguments ?? []).some((a) => recurse(ts.isSpreadElement(a) ? a.expression : a));
  while (ts.isPropertyAccessExpression(node)) node = unwrap(node.expression);
  if (!ts.isIdentifier(node)) return false;
  const declaration = values.symbolOf(node)?.valueDeclaration;
  if (!declaration) return false;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer && ts.isVariableDeclarationList(declaration.parent) && declaration.parent.flags & ts.NodeFlags.Const && !ts.isSourceFile(declaration.parent.parent.parent)) {
    return recurse(declaration.initializer);
  }
  let parameter: ts.Node | undefined = declaration;
  while (parameter && ts.isBindingElement(parameter)) parameter = parameter.parent.parent;
  if (!parameter || !ts.isParameter(parameter) || !isFunctionLike(parameter.parent)) return false;
  // An SDK value (the server, the handler's context) kept in a module variable is another rule's site; a parameter
  // whose declared type is only an object shape (`args: { path?: string }`) is no SDK value (sweep 23 W3).
  const value = values.valueOf(node);
  if (value && value.kind !== 'shape') return false;
  const fn = parameter.parent;
  if (handlers.has(fn)) return true;
  // A helper: some call passes a value from a tool's arguments at this parameter. A callback nobody calls by name
  // (`items.forEach((item) => …)`) hands in no caller's value.
  const index = fn.parameters.indexOf(parameter);
  if (parameter.dotDotDotToken) return false;
  return values.calls.invocationsOf(fn).some((call) => {
    const argument = call.arguments?.[index];
    return argument !== undefined && !ts.isSpreadElement(argument) && recurse(argument);
  });
}
