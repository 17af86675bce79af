/**
 * A server factory that returns more than the server (`createServer()` returning `{ server, cleanup }`,
 * modelcontextprotocol/servers `src/everything`) cannot be handed to `createMcpHandler` or `serveStdio`:
 * they take a factory that returns the server. It is split, as that server's maintainers did by hand:
 * - the factory returns the server (its return type says so; a result type only it used goes);
 * - its cleanup becomes an exported module function (`cleanupSession`), which is possible when the
 *   cleanup uses nothing of one server instance: module state keyed by its parameter (a session id);
 * - each caller's `const { server, cleanup } = createServer()` becomes `const server = createServer()`
 *   and its calls of `cleanup` call the module function.
 * A per-instance timer the cleanup cleared (`if (timer) clearTimeout(timer)`) is no longer cleared at
 * session end: the clear goes, with a marker at the timer. Any other use of a server instance's state in
 * the cleanup, or a caller using the result another way (tests excepted: they get a marker), and nothing
 * is split.
 */
import { ts } from '../../typescript.js';
import { isFunctionLike, isInside, unwrap, statementOf } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { localNames, maySpell, referencesByName, reindent, removalRange } from './text.js';
import { indentAt, indentUnit } from '../kit/source-style.js';
import { RULE_ID } from '../../rule-ids.js';
import { HIGH_LEVEL_SERVER_CLASSES } from '../../analysis/sdk-modules.js';
import { TIMER_CLEARS, timerStarted } from '../../analysis/timers.js';
import { TEST_MODULE } from './module-reach.js';

/** One text change of a split, in the file it belongs to. */
interface SplitEdit {
  start: number;
  end: number;
  text: string;
  /** The edit calls the cleanup function: the file imports it (callers in other files). */
  usesCleanup?: boolean;
}

interface SplitMarker {
  node: ts.Node;
  ruleId: string;
  message: string;
}

export interface FactorySplit {
  factoryName: string;
  cleanupName: string;
  /** Per file: the edits, and the module specifier the cleanup is imported from (other files). */
  files: Map<string, { edits: SplitEdit[]; importFrom?: string; markers: SplitMarker[] }>;
  /** `const { server, … } = createServer()` declarations: their server is the factory's result. */
  serverBindings: Set<ts.BindingElement>;
  notes: string[];
}


export function planFactorySplits(result: AnalysisResult): FactorySplit[] {
  const out: FactorySplit[] = [];
  for (const sf of result.sourceFiles) {
    for (const statement of sf.statements) {
      const factory = factoryOf(statement);
      if (!factory) continue;
      const split = planSplit(result, sf, statement, factory);
      if (split) out.push(split);
    }
  }
  return out;
}

interface FactoryShape {
  name: ts.Identifier;
  fn: ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration;
  exported: boolean;
  /** The declared type of a `const f: () => T = …`. */
  declaredType?: ts.TypeNode;
}

function factoryOf(statement: ts.Statement): FactoryShape | undefined {
  const exported = !!ts.getModifiers(statement as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) return { name: statement.name, fn: statement, exported };
  if (!ts.isVariableStatement(statement) || statement.declarationList.declarations.length !== 1) return undefined;
  const decl = statement.declarationList.declarations[0]!;
  const init = decl.initializer && unwrap(decl.initializer);
  if (!ts.isIdentifier(decl.name) || !init || !(ts.isArrowFunction(init) || ts.isFunctionExpression(init)) || !ts.isBlock(init.body)) return undefined;
  return { name: decl.name, fn: init, exported, declaredType: decl.type };
}

function planSplit(result: AnalysisResult, sf: ts.SourceFile, statement: ts.Statement, factory: FactoryShape): FactorySplit | undefined {
  const values = result.analysis.values;
  const body = factory.fn.body as ts.Block;
  const returns: ts.ReturnStatement[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) returns.push(node);
    if (!isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  if (returns.length !== 1 || !returns[0]!.expression) return undefined;
  const ret = returns[0]!;
  const object = unwrapSatisfies(ret.expression!);
  if (!ts.isObjectLiteralExpression(object) || object.properties.length !== 2) return undefined;

  // { server, cleanup: (sessionId?: string) => { … } }: which key holds the SDK server, which the cleanup.
  let serverKey: string | undefined;
  let serverLocal: string | undefined;
  let cleanupKey: string | undefined;
  let cleanup: ts.ArrowFunction | ts.FunctionExpression | undefined;
  for (const prop of object.properties) {
    const key = prop.name && ts.isIdentifier(prop.name) ? prop.name.text : undefined;
    if (!key) return undefined;
    const value = ts.isShorthandPropertyAssignment(prop) ? prop.name : ts.isPropertyAssignment(prop) ? unwrap(prop.initializer) : undefined;
    if (value && ts.isIdentifier(value) && isSdkServerVariable(result, value, body)) {
      serverKey = key;
      serverLocal = value.text;
    } else if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) && ts.isBlock(value.body)) {
      cleanupKey = key;
      cleanup = value;
    } else return undefined;
  }
  if (!serverKey || !serverLocal || !cleanupKey || !cleanup) return undefined;

  // The cleanup may use module state and its own names; a per-instance timer clear goes (marked); nothing else of the instance.
  const factoryLocals = localNames(factory.fn);
  const cleanupOwn = localNames(cleanup);
  const dropped: ts.Statement[] = [];
  const timers = new Set<ts.VariableDeclaration>();
  for (const s of (cleanup.body as ts.Block).statements) {
    const instanceNames = referencedNames(s).filter((n) => factoryLocals.has(n.text) && !cleanupOwn.has(n.text));
    if (!instanceNames.length) continue;
    const timer = clearedTimer(s, values);
    if (!timer || !isInside(timer, body)) return undefined;
    dropped.push(s);
    timers.add(timer);
  }

  // Every use of the factory: a call whose result is destructured into the server and the cleanup.
  const factoryDecl = values.symbolOf(factory.name)?.valueDeclaration;
  if (!factoryDecl) return undefined;
  const cleanupName = freshAcross(result, 'cleanupSession');
  const split: FactorySplit = { factoryName: factory.name.text, cleanupName, files: new Map(), serverBindings: new Set(), notes: [] };
  const fileOf = (file: ts.SourceFile) => {
    let entry = split.files.get(file.fileName);
    if (!entry) split.files.set(file.fileName, (entry = { edits: [], markers: [] }));
    return entry;
  };
  for (const other of result.sourceFiles) {
    // The import the caller has the factory by: the cleanup is imported from the same module.
    for (const statement of other.statements) {
      if (other === sf || !ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => values.symbolOf(e.name)?.valueDeclaration === factoryDecl)) fileOf(other).importFrom = statement.moduleSpecifier.text;
    }
    for (const ref of referencesByName(other, factory.name.text)) {
      if (ref === factory.name || values.symbolOf(ref)?.valueDeclaration !== factoryDecl) continue;
      const parent = ref.parent;
      if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) {
        if (other !== sf && ts.isImportSpecifier(parent)) {
          const declaration = parent.parent.parent.parent;
          if (ts.isStringLiteral(declaration.moduleSpecifier)) fileOf(other).importFrom = declaration.moduleSpecifier.text;
        }
        continue;
      }
      const call = ts.isCallExpression(parent) && parent.expression === ref ? parent : undefined;
      const holder = call && outermost(call).parent;
      const caller = holder && ts.isVariableDeclaration(holder) ? callerEdits(other, holder, call!, serverKey, cleanupKey, cleanupName, values) : undefined;
      if (caller) {
        fileOf(other).edits.push(...caller.edits);
        if (caller.server) split.serverBindings.add(caller.server);
        continue;
      }
      // A test asserting the old shape: marked for a person, it does not hold the split back.
      if (!TEST_MODULE.test(result.relative(other.fileName))) return undefined;
      fileOf(other).markers.push({
        node: ref,
        ruleId: RULE_ID.perSessionServer,
        message: `\`${factory.name.text}()\` now returns the server itself and its cleanup is \`${cleanupName}\`: update this test.`,
      });
    }
  }

  const own = fileOf(sf);
  const text = sf.text;
  const unit = indentUnit(text);
  // return { server, cleanup } → return server
  own.edits.push({ start: ret.expression!.getStart(sf), end: ret.expression!.end, text: serverLocal });
  // The declared result type becomes the server's.
  const serverType = serverTypeName(result, body, serverLocal);
  const resultTypes: ts.TypeNode[] = [];
  if (factory.fn.type) resultTypes.push(factory.fn.type);
  if (factory.declaredType && ts.isFunctionTypeNode(factory.declaredType)) resultTypes.push(factory.declaredType.type);
  for (const type of resultTypes) own.edits.push({ start: type.getStart(sf), end: type.end, text: serverType });
  // A result type alias only these annotations (and the return's `satisfies`) named goes.
  const replacedRanges = [...resultTypes, ret.expression!];
  for (const type of resultTypes) {
    const alias = ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) ? values.symbolOf(type.typeName)?.declarations?.[0] : undefined;
    if (!alias || !(ts.isTypeAliasDeclaration(alias) || ts.isInterfaceDeclaration(alias)) || alias.getSourceFile() !== sf || !ts.isSourceFile(alias.parent)) continue;
    const uses = result.sourceFiles.flatMap((f) => referencesByName(f, alias.name.text).filter((r) => r !== alias.name && values.symbolOf(r)?.declarations?.[0] === alias));
    if (!uses.every((u) => replacedRanges.some((r) => isInside(u, r) || u === r))) return undefined;
    const range = removalRange(sf, alias);
    own.edits.push({ start: range.start, end: range.end, text: '' });
  }
  // The cleanup, less the per-instance timer clears, as a module function after the factory.
  const cleanupStart = cleanup.getStart(sf);
  let cleanupText = text.slice(cleanupStart, cleanup.end);
  for (const s of [...dropped].reverse()) {
    const range = removalRange(sf, s, true, false);
    cleanupText = cleanupText.slice(0, range.start - cleanupStart) + cleanupText.slice(range.end - cleanupStart);
  }
  const from = indentAt(text, cleanup.getStart(sf)).length > 0 ? indentAt(text, statementOf(cleanup).getStart(sf)) : '';
  const property = cleanup.parent;
  const comment = (ts.getLeadingCommentRanges(text, property.pos) ?? []).map((c) => `${text.slice(c.pos, c.end)}\n`).join('');
  const lines = cleanupText.split('\n');
  const body2 = [lines[0], ...lines.slice(1).map((l) => reindent(l, `${from}${unit}`, ''))].join('\n');
  const declaration = `${comment}${factory.exported ? 'export ' : ''}const ${cleanupName} = ${body2};`;
  own.edits.push({ start: statement.end, end: statement.end, text: `\n\n${declaration}` });
  for (const timer of timers) {
    own.markers.push({
      node: timer,
      ruleId: RULE_ID.perSessionServer,
      message: `the session cleanup cleared this timer of one server instance; \`${cleanupName}\` has no instance, so it is no longer cleared when a session ends: clear it where it fires, or drop it.`,
    });
  }
  split.notes.push(`serving: ${result.relative(sf.fileName)} — \`${factory.name.text}()\` returned { ${serverKey}, ${cleanupKey} }: it returns the server now (the serving entries take such a factory), and the cleanup is \`${cleanupName}\`${factory.exported ? ', exported' : ''}`);
  return split;
}

/** `x satisfies T` / `x as T` / parentheses → x. */
function unwrapSatisfies(node: ts.Expression): ts.Expression {
  let current = node;
  for (;;) {
    if (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || (ts.isSatisfiesExpression && ts.isSatisfiesExpression(current))) current = current.expression;
    else return current;
  }
}

function outermost(node: ts.Node): ts.Node {
  let current = node;
  while (current.parent && (ts.isParenthesizedExpression(current.parent) || ts.isAwaitExpression(current.parent))) current = current.parent;
  return current;
}

/** A variable of the factory body built with `new McpServer(…)` (the SDK's, resolved through imports). */
function isSdkServerVariable(result: AnalysisResult, id: ts.Identifier, body: ts.Node): boolean {
  const decl = result.analysis.values.symbolOf(id)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !isInside(decl, body)) return false;
  const init = unwrap(decl.initializer);
  return ts.isNewExpression(init) && HIGH_LEVEL_SERVER_CLASSES.has(result.analysis.sdk.exportOf(init.expression)?.name ?? '');
}

/** The name the server's class has in the factory's file (`McpServer`, or its alias). */
function serverTypeName(result: AnalysisResult, body: ts.Node, local: string): string {
  const id = referencesByName(body, local)[0]!;
  const decl = result.analysis.values.symbolOf(id)!.valueDeclaration as ts.VariableDeclaration;
  return (unwrap(decl.initializer!) as ts.NewExpression).expression.getText();
}

function referencedNames(node: ts.Node): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n)) out.push(n);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/**
 * `clearTimeout(t)` / `clearInterval(t)`, bare or under `if (t)`, of a `let t` whose only assignments
 * are `null`/`undefined` and timers: the variable, else undefined.
 */
function clearedTimer(statement: ts.Statement, values: AnalysisResult['analysis']['values']): ts.VariableDeclaration | undefined {
  let inner: ts.Statement = statement;
  let guard: string | undefined;
  if (ts.isIfStatement(statement) && !statement.elseStatement && ts.isIdentifier(unwrap(statement.expression))) {
    guard = (unwrap(statement.expression) as ts.Identifier).text;
    inner = statement.thenStatement;
    if (ts.isBlock(inner) && inner.statements.length === 1) inner = inner.statements[0]!;
  }
  if (!ts.isExpressionStatement(inner)) return undefined;
  const call = unwrap(inner.expression);
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || !TIMER_CLEARS.has(call.expression.text) || call.arguments.length !== 1) return undefined;
  const arg = unwrap(call.arguments[0]!);
  if (!ts.isIdentifier(arg) || (guard !== undefined && guard !== arg.text)) return undefined;
  const decl = values.symbolOf(arg)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return undefined;
  // One-shot timers only: an interval left running would run for ever.
  const oneShot = (value: ts.Expression | undefined): boolean => {
    const v = value && unwrap(value);
    return !v || v.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(v) && v.text === 'undefined') || (ts.isCallExpression(v) && timerStarted(v, values) === 'setTimeout');
  };
  if (!oneShot(decl.initializer)) return undefined;
  const scope = statementOf(decl).parent;
  for (const ref of referencesByName(scope, decl.name.text)) {
    if (values.symbolOf(ref)?.valueDeclaration !== decl) continue;
    const assignment = ref.parent;
    if (ts.isBinaryExpression(assignment) && assignment.left === ref && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken && !oneShot(assignment.right)) return undefined;
  }
  return decl;
}

/**
 * `const { server, cleanup } = createServer(…)` → `const server = createServer(…)`, and each call of the
 * cleanup binding → the module function. Undefined for any other shape (rest, defaults, other keys,
 * a cleanup used other than called).
 */
function callerEdits(sf: ts.SourceFile, holder: ts.VariableDeclaration, call: ts.CallExpression, serverKey: string, cleanupKey: string, cleanupName: string, values: AnalysisResult['analysis']['values']): { edits: SplitEdit[]; server?: ts.BindingElement } | undefined {
  if (!ts.isObjectBindingPattern(holder.name)) return undefined;
  let server: ts.BindingElement | undefined;
  let cleanupBinding: ts.BindingElement | undefined;
  for (const element of holder.name.elements) {
    if (element.dotDotDotToken || element.initializer || !ts.isIdentifier(element.name)) return undefined;
    const key = element.propertyName ? (ts.isIdentifier(element.propertyName) ? element.propertyName.text : undefined) : element.name.text;
    if (key === serverKey) server = element;
    else if (key === cleanupKey) cleanupBinding = element;
    else return undefined;
  }
  const edits: SplitEdit[] = [];
  if (cleanupBinding) {
    const local = (cleanupBinding.name as ts.Identifier).text;
    const scope = statementOf(holder).parent;
    for (const ref of referencesByName(scope, local)) {
      if (ref === cleanupBinding.name || values.symbolOf(ref)?.valueDeclaration !== cleanupBinding) continue;
      edits.push({ start: ref.getStart(sf), end: ref.end, text: cleanupName, usesCleanup: true });
    }
  }
  const statement = statementOf(holder);
  if (server) {
    edits.push({ start: holder.name.getStart(sf), end: holder.name.end, text: (server.name as ts.Identifier).text });
  } else {
    // Only the cleanup was taken: no server is built for it any more.
    if (!ts.isVariableStatement(statement) || statement.declarationList.declarations.length !== 1) return undefined;
    const range = removalRange(sf, statement, false, false);
    // First in its block: the blank line after it goes too.
    const blank = /^[ \t]*\r?\n/.exec(sf.text.slice(range.end));
    edits.push({ start: range.start, end: blank && /\{[ \t]*\r?\n$/.test(sf.text.slice(0, range.start)) ? range.end + blank[0].length : range.end, text: '' });
  }
  void call;
  return { edits, server };
}

/** `base`, or `base2`, … : a name no analysed file uses. */
function freshAcross(result: AnalysisResult, base: string): string {
  const taken = (name: string) => result.sourceFiles.some((f) => maySpell(f.text, name) && (localNames(f).has(name) || referencesByName(f, name).length > 0));
  if (!taken(base)) return base;
  for (let i = 2; ; i++) if (!taken(`${base}${i}`)) return `${base}${i}`;
}
