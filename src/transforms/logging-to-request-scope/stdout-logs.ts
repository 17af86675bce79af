/**
 * `--modern-only`: a log message a stdio server writes to stdout itself goes to stderr instead.
 *
 * A server that turns its own console output into `notifications/message` lines on stdout
 * (`process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params }) + '\n')`)
 * sends them outside any request. With `--modern-only` it serves 2026-07-28 clients only, and those
 * must not get a log message no request asked for (spec: server/utilities/logging); the spec's
 * replacement for a stdio server is stderr. So the message loses its JSON-RPC envelope (the line is
 * the `params` object: level, logger, data) and the write goes to `process.stderr`:
 *
 *   const line: LogNotification = { jsonrpc: '2.0', method: 'notifications/message', params: { level, data } };
 *   this.originalStdoutWrite.call(process.stdout, JSON.stringify(line) + '\n');
 * →
 *   const line: LogNotification['params'] = { level, data };
 *   process.stderr.write(JSON.stringify(line) + '\n');
 *
 * Only this exact shape is rewritten: the literal has `method` (a log method) and `params`, and
 * `jsonrpc` at most; it is written inline, or held in a `const` whose every use is `JSON.stringify(x)`
 * as the only JSON in a stdout write: `process.stdout.write(…)`, or `f.call(process.stdout, …)` where
 * every value ever given to `f` is `process.stdout.write`. Anything else keeps its marker.
 *
 * By default (2025-era clients still served) nothing here runs, and the line keeps a marker. The line is
 * the 2025-era client's log: moving it to stderr would take it from the clients this program still
 * serves, and a copy beside it would print every line twice for them. A 2026-07-28 client on the same
 * stdio connection must not get it (no request asked for a level), but which era is on the other end is
 * known only to the connection (servers like DesktopCommander gate the lines on the 2025 handshake,
 * `oninitialized`, which a 2026-07-28 client never triggers), so the choice stays with a person. With
 * `--modern-only` no client could take the line any more and stdout must carry JSON-RPC only: the move
 * is complete, whatever SDK the code is left on (a held-back v2 move runs the transforms as `--target
 * stateless-v1` with `--modern-only` still given).
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isInside, outermostWrapper, propertyNameText } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { describedFeature } from '../../analysis/sdk-features.js';
import type { TextEdit } from '../kit/edits.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { indentAt } from '../kit/source-style.js';

/** The raw notification methods of logging (`notifications/message`), from the SDK description. */
const LOG_MESSAGES = new Set(Object.keys(describedFeature('logging').messages ?? {}));

/** Rewrites every stdout log line of the program that has the shape above (its edits also go to `silenced`); returns the files of the lines it moved, one entry per line. */
export function moveStdoutLogsToStderr(result: AnalysisResult, options: TransformOptions, plan: TransformPlan, silenced: TextEdit[]): string[] {
  // Not tied to the target: with --modern-only the program is declared to serve no 2025-era client, so the
  // line serves nobody on stdout whatever SDK the code is left on. That matters when apply holds the SDK v2
  // move back (predicted type errors: the code stays on SDK 1.x and the transforms run as --target
  // stateless-v1, with --modern-only still given): the lines move now, as they will once the code is on v2.
  if (!options.modernOnly) return [];
  const checker = result.analysis.values.checker;
  const writes = new Set<ts.CallExpression>();
  const moved: string[] = [];
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile) continue;
    forEachDescendant(sf, (node) => {
      if (!ts.isObjectLiteralExpression(node)) return;
      const params = logEnvelope(result, node);
      if (!params) return;
      const edits = rewrite(checker, result.sourceFiles, sf, node, params, writes);
      if (!edits) return;
      plan.edits.push(...edits);
      silenced.push(...edits);
      moved.push(sf.fileName);
    });
  }
  return moved;
}

/** `{ jsonrpc?, method: <log method>, params }` and nothing else: its `params` value. */
function logEnvelope(result: AnalysisResult, literal: ts.ObjectLiteralExpression): ts.Expression | undefined {
  let method: string | undefined;
  let params: ts.Expression | undefined;
  for (const p of literal.properties) {
    if (!ts.isPropertyAssignment(p)) return undefined;
    const name = propertyNameText(p.name);
    if (name === 'method') method = result.analysis.values.constantString(p.initializer);
    else if (name === 'params') params = p.initializer;
    else if (name !== 'jsonrpc') return undefined;
  }
  return method !== undefined && LOG_MESSAGES.has(method) ? params : undefined;
}

function rewrite(checker: ts.TypeChecker, files: readonly ts.SourceFile[], sf: ts.SourceFile, literal: ts.ObjectLiteralExpression, params: ts.Expression, seen: Set<ts.CallExpression>): TextEdit[] | undefined {
  const holder = outermostWrapper(literal);
  if (holder !== literal && !ts.isParenthesizedExpression(holder)) return undefined;
  const parent = holder.parent;
  const edits: TextEdit[] = [];
  let writes: ts.CallExpression[];
  if (ts.isVariableDeclaration(parent) && parent.initializer === holder) {
    const uses = usesOfConst(checker, parent);
    if (!uses || uses.length === 0) return undefined;
    writes = [];
    for (const use of uses) {
      const write = stdoutWriteOf(checker, files, use);
      if (!write) return undefined;
      writes.push(write);
    }
    if (parent.type) {
      if (!ts.isTypeReferenceNode(parent.type)) return undefined;
      edits.push({ file: sf.fileName, start: parent.type.end, end: parent.type.end, text: "['params']" });
    }
  } else {
    const write = stdoutWriteOf(checker, files, holder);
    if (!write) return undefined;
    writes = [write];
  }
  edits.push({ file: sf.fileName, start: literal.getStart(sf), end: literal.end, text: pulledOut(sf, literal, params) });
  for (const write of writes) {
    if (seen.has(write)) continue;
    seen.add(write);
    edits.push(...toStderr(sf, write));
  }
  return edits;
}

/** The identifiers reading the `const`'s value in its scope; undefined when it is not a `const` of a plain name. */
function usesOfConst(checker: ts.TypeChecker, declaration: ts.VariableDeclaration): ts.Identifier[] | undefined {
  if (!ts.isIdentifier(declaration.name) || !ts.isVariableDeclarationList(declaration.parent) || !(declaration.parent.flags & ts.NodeFlags.Const)) return undefined;
  const symbol = checker.getSymbolAtLocation(declaration.name);
  if (!symbol) return undefined;
  let scope: ts.Node = declaration.parent;
  while (scope.parent && !ts.isSourceFile(scope) && !ts.isFunctionLike(scope)) scope = scope.parent;
  const uses: ts.Identifier[] = [];
  forEachDescendant(scope, (node) => {
    if (ts.isIdentifier(node) && node !== declaration.name && checker.getSymbolAtLocation(node) === symbol) uses.push(node);
  });
  return uses;
}

/**
 * `value` is the only argument of `JSON.stringify(…)` (the global), and that call is the only
 * `JSON.stringify` in the text argument of a stdout write, within one expression: the write.
 */
function stdoutWriteOf(checker: ts.TypeChecker, files: readonly ts.SourceFile[], value: ts.Node): ts.CallExpression | undefined {
  const stringify = value.parent;
  if (!stringify || !ts.isCallExpression(stringify) || stringify.arguments.length !== 1 || stringify.arguments[0] !== value || !isGlobalJsonStringify(checker, stringify.expression)) return undefined;
  for (let node: ts.Node = stringify; node.parent && !ts.isFunctionLike(node.parent) && !ts.isStatement(node.parent); node = node.parent) {
    const call = node.parent;
    if (!ts.isCallExpression(call)) continue;
    const text = writtenText(checker, files, call);
    if (!text) continue;
    if (!isInside(stringify, text)) return undefined;
    let stringifies = 0;
    forEachDescendant(text, (n) => {
      if (ts.isCallExpression(n) && isGlobalJsonStringify(checker, n.expression)) stringifies++;
    });
    return stringifies === 1 ? call : undefined;
  }
  return undefined;
}

/** The text argument of `process.stdout.write(text)` or `f.call(process.stdout, text)` (f a saved `process.stdout.write`). */
function writtenText(checker: ts.TypeChecker, files: readonly ts.SourceFile[], call: ts.CallExpression): ts.Expression | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  if (callee.name.text === 'write' && call.arguments.length === 1 && isProcessStream(checker, callee.expression, 'stdout')) return call.arguments[0];
  if (callee.name.text === 'call' && call.arguments.length === 2 && isProcessStream(checker, call.arguments[0]!, 'stdout') && holdsOnlyStdoutWrite(checker, files, callee.expression)) return call.arguments[1];
  return undefined;
}

/** `process.<stream>` where `process` is Node's (the global, or `import process from 'node:process'`). */
function isProcessStream(checker: ts.TypeChecker, node: ts.Node, stream: 'stdout' | 'stderr'): boolean {
  if (!ts.isPropertyAccessExpression(node) || node.name.text !== stream || !ts.isIdentifier(node.expression) || node.expression.text !== 'process') return false;
  return isFromNode(checker, node.expression);
}

/** An identifier declared by Node's types (or unresolved: a project without @types/node installed), not by the project. */
function isFromNode(checker: ts.TypeChecker, identifier: ts.Identifier): boolean {
  let symbol = checker.getSymbolAtLocation(identifier);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
    const declaration = symbol.declarations?.[0];
    const from = declaration && ts.findAncestor(declaration, ts.isImportDeclaration);
    const specifier = from && ts.isStringLiteral(from.moduleSpecifier) ? from.moduleSpecifier.text : undefined;
    if (specifier !== 'process' && specifier !== 'node:process') return false;
    symbol = checker.getAliasedSymbol(symbol);
  }
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  return !declaration || declaration.getSourceFile().isDeclarationFile;
}

function isGlobalJsonStringify(checker: ts.TypeChecker, callee: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'stringify' && ts.isIdentifier(callee.expression) && callee.expression.text === 'JSON' && isFromNode(checker, callee.expression);
}

/**
 * `f` in `f.call(process.stdout, …)`: a variable or property (`this.originalWrite`) whose every
 * assignment, its initializer included, is `process.stdout.write`, and which is assigned at least once.
 */
function holdsOnlyStdoutWrite(checker: ts.TypeChecker, files: readonly ts.SourceFile[], f: ts.Expression): boolean {
  const nameNode = ts.isPropertyAccessExpression(f) ? f.name : ts.isIdentifier(f) ? f : undefined;
  const symbol = nameNode && checker.getSymbolAtLocation(nameNode);
  if (!symbol) return false;
  const values: ts.Expression[] = [];
  for (const declaration of symbol.declarations ?? []) {
    if ((ts.isVariableDeclaration(declaration) || ts.isPropertyDeclaration(declaration)) && declaration.initializer) values.push(declaration.initializer);
  }
  let unknown = false;
  for (const sf of files) {
    if (sf.isDeclarationFile) continue;
    forEachDescendant(sf, (node) => {
      if (!ts.isBinaryExpression(node) || node.operatorToken.kind < ts.SyntaxKind.FirstAssignment || node.operatorToken.kind > ts.SyntaxKind.LastAssignment) return;
      const target = ts.isPropertyAccessExpression(node.left) ? node.left.name : node.left;
      if (checker.getSymbolAtLocation(target) !== symbol) return;
      if (node.operatorToken.kind === ts.SyntaxKind.EqualsToken) values.push(node.right);
      else unknown = true;
    });
  }
  return !unknown && values.length > 0 && values.every((value) => ts.isPropertyAccessExpression(value) && value.name.text === 'write' && isProcessStream(checker, value.expression, 'stdout'));
}

/** The write, now to stderr: `process.stdout.write(x)` → `process.stderr.write(x)`; `f.call(process.stdout, x)` → `process.stderr.write(x)`. */
function toStderr(sf: ts.SourceFile, write: ts.CallExpression): TextEdit[] {
  const callee = write.expression as ts.PropertyAccessExpression;
  if (callee.name.text === 'write') {
    const stream = (callee.expression as ts.PropertyAccessExpression).name;
    return [{ file: sf.fileName, start: stream.getStart(sf), end: stream.end, text: 'stderr' }];
  }
  const processName = ((write.arguments[0] as ts.PropertyAccessExpression).expression as ts.Identifier).text;
  const text = write.arguments[1]!;
  return [
    { file: sf.fileName, start: write.getStart(sf), end: text.getStart(sf), text: `${processName}.stderr.write(` },
    { file: sf.fileName, start: text.end, end: write.end, text: ')' },
  ];
}

/** The `params` value in the literal's place, its lines moved out by the indentation the envelope added. */
function pulledOut(sf: ts.SourceFile, literal: ts.ObjectLiteralExpression, params: ts.Expression): string {
  const text = params.getText(sf);
  const shift = indentAt(sf.text, params.getStart(sf)).length - indentAt(sf.text, literal.getStart(sf)).length;
  if (shift <= 0 || !text.includes('\n')) return text;
  return text.replace(new RegExp(`\\n[ \\t]{0,${shift}}`, 'g'), '\n');
}
