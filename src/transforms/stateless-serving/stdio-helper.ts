/**
 * A stdio transport handed to a function of the project that builds the server and connects it
 * (playwright-mcp: `await mcpServer.connect(backendFactory, new StdioServerTransport(), false)`, where
 * `connect` is `const backend = backendFactory(); const server = createServer(backend, runHeartbeat); await
 * server.connect(transport);`). `serveStdio` needs the construction, not the connection: the helper's
 * statements before its `connect` become the factory, written at the call with the call's arguments for the
 * helper's parameters (`() => { const backend = backendFactory(); return mcpServer.createServer(backend, false); }`).
 * The helper itself stays (other callers, an HTTP route, still use it).
 *
 * Only a helper whose body is a straight run of `const` declarations ending in `await server.connect(transport)`,
 * whose arguments are names or literals (evaluated again on each factory call, as they may be), and whose
 * other names the call site reaches (the same module, or the helper's module through the namespace the
 * call goes through) is inlined; otherwise the reason is returned.
 */
import { ts } from '../../typescript.js';
import { calleeParts, isInside, isPlainLiteral, unwrap } from '../../analysis/ast.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { reindent } from './text.js';
import { quotedCode } from '../kit/prose.js';
import { indentAt } from '../kit/source-style.js';
import type { HelperConnection } from './connect-helper.js';
import { escapingFlow } from './stdio-block.js';

export type InlinedFactory = { factory: string } | { reason: string };

export function inlineStdioHelper(h: HelperConnection, transport: ts.Node, values: ValueAnalysis, unit: string, callIndent: string): InlinedFactory {
  const fn = h.fn;
  const helperFile = fn.getSourceFile();
  const name = `\`${h.call.expression.getText()}\``;
  if (!fn.body || !ts.isBlock(fn.body)) return { reason: `${name} is not a function with a body of statements.` };
  const statements = fn.body.statements;
  const last = statements[statements.length - 1];
  const connectStatement = last && ts.isExpressionStatement(last) && unwrap(last.expression) === h.connect ? last : undefined;
  if (!connectStatement) return { reason: `${name} does more after connecting the server: the construction cannot be taken out of it alone.` };
  const receiver = unwrap(calleeParts(h.connect).receiver!);
  const built = statements.slice(0, -1);
  const serverDecl = ts.isIdentifier(receiver) ? values.symbolOf(receiver)?.valueDeclaration : undefined;
  // Whether it builds the server at all first: `start()` connecting `this.server`, which the constructor built, does
  // not build it with anything (twilio-labs/mcp, sweep 7 E9).
  if (!serverDecl || !built.some((s) => ts.isVariableStatement(s) && s.declarationList.declarations[0] === serverDecl)) {
    return { reason: `${name} connects \`${receiver.getText()}\`, a server it does not build itself: extract its construction into a factory by hand.` };
  }
  for (const statement of built) {
    const single = ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1 && ts.isIdentifier(statement.declarationList.declarations[0]!.name) && statement.declarationList.declarations[0]!.initializer;
    if (!single || ts.getModifiers(statement)?.length) return { reason: `${name} builds the server with more than \`const\` declarations (${quotedCode(statement)}): extract its construction into a factory by hand.` };
  }
  const escaping = built.map(escapingFlow).find((n) => n);
  if (escaping) return { reason: `${name} builds the server with \`${escaping.getText()}\`, which means something else at the call: extract its construction into a factory by hand.` };
  if (h.call.arguments.length > fn.parameters.length || h.call.arguments.some(ts.isSpreadElement)) return { reason: `${name} is called with arguments its parameters do not name: extract the server's construction by hand.` };
  // Parameters become the call's arguments: names or literals only (they are evaluated on every factory call).
  const transportIndex = h.call.arguments.findIndex((a) => unwrap(a) === transport);
  const byParam = new Map<ts.Symbol, string>();
  for (const [i, param] of fn.parameters.entries()) {
    if (i === transportIndex) continue;
    const arg = h.call.arguments[i];
    if (!ts.isIdentifier(param.name) || param.dotDotDotToken) return { reason: `${name} takes a parameter that is not a plain name: extract the server's construction by hand.` };
    const symbol = values.symbolOf(param.name);
    // A default is written in the helper's scope, not the call's: only a literal default is carried over.
    const text = arg ? simpleArgument(arg) : param.initializer ? literalText(param.initializer) : 'undefined';
    if (!symbol || text === undefined) return { reason: `${name} is called with an argument computed at the call (\`${arg?.getText() ?? param.getText()}\`): make it a constant, so that the factory can pass it on.` };
    byParam.set(symbol, text);
  }
  // The helper module's own names: reachable at the call through its namespace (`mcpServer.createServer`) when exported.
  const callee = unwrap(h.call.expression);
  const namespace = ts.isPropertyAccessExpression(callee) ? callee.expression.getText() : undefined;
  const resolve = (symbol: ts.Symbol): ts.Symbol => (symbol.flags & ts.SymbolFlags.Alias ? safeAliased(values.checker, symbol) : symbol);
  const inScope = new Map<string, ts.Symbol>();
  for (const symbol of values.checker.getSymbolsInScope(h.call, ts.SymbolFlags.Value | ts.SymbolFlags.Type | ts.SymbolFlags.Namespace)) {
    if (!inScope.has(symbol.name)) inScope.set(symbol.name, resolve(symbol));
  }
  const replacements: Array<{ start: number; end: number; text: string }> = [];
  let blocked: string | undefined;
  const visit = (node: ts.Node): void => {
    if (blocked) return;
    if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) && !(ts.isQualifiedName(node.parent) && node.parent.right === node) && !(ts.isPropertyAssignment(node.parent) && node.parent.name === node)) {
      const symbol = values.symbolOf(node);
      const decl = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      if (!symbol || !decl) return void ts.forEachChild(node, visit);
      if (byParam.has(symbol)) replacements.push({ start: node.getStart(helperFile), end: node.end, text: byParam.get(symbol)! });
      else if (built.some((statement) => isInside(decl, statement))) {
        /* the helper's own locals move with it */
      } else if (inScope.get(node.text) === resolve(symbol)) {
        /* the call site sees the same thing under the same name (the same module, a global, the same import) */
      } else if (namespace && decl.getSourceFile() === helperFile && isTopLevel(decl) && isExported(decl)) {
        replacements.push({ start: node.getStart(helperFile), end: node.end, text: `${namespace}.${node.text}` });
      } else blocked = `${name} builds the server with \`${node.text}\`, which the call's module does not see`;
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of built) visit(statement);
  if (blocked) return { reason: `${blocked}: extract the server's construction into a factory that module exports, and serve with it.` };
  const helperIndent = indentAt(helperFile.text, built[0]!.getStart(helperFile));
  const lines = built.map((statement) => {
    const start = statement.getStart(helperFile);
    let text = helperFile.text.slice(start, statement.end);
    for (const r of replacements.filter((r) => r.start >= start && r.end <= statement.end).sort((a, b) => b.start - a.start)) {
      text = text.slice(0, r.start - start) + r.text + text.slice(r.end - start);
    }
    return callIndent + unit + reindent(text, helperIndent, callIndent + unit).trimStart();
  });
  const serverName = (receiver as ts.Identifier).text;
  const awaits = built.some((s) => containsAwait(s));
  const async = awaits ? 'async ' : '';
  // The server is declared last (nothing else uses it): its initializer is what the factory returns.
  const lastDecl = (built[built.length - 1] as ts.VariableStatement).declarationList.declarations[0]!;
  if (lastDecl === serverDecl && !lastDecl.type) {
    const init = lines[lines.length - 1]!.trimStart().replace(/^(?:const|let|var)\s+[\w$]+\s*=\s*/, '').replace(/;$/, '');
    if (lines.length === 1 && !init.includes('\n')) return { factory: `${async}() => ${init}` };
    return { factory: `${async}() => {\n${[...lines.slice(0, -1), `${callIndent}${unit}return ${init};`].join('\n')}\n${callIndent}}` };
  }
  return { factory: `${async}() => {\n${lines.join('\n')}\n${callIndent}${unit}return ${serverName};\n${callIndent}}` };
}

function simpleArgument(arg: ts.Expression): string | undefined {
  let root: ts.Node = unwrap(arg);
  if (isPlainLiteral(root)) return arg.getText();
  while (ts.isPropertyAccessExpression(root)) root = unwrap(root.expression);
  return ts.isIdentifier(root) ? arg.getText() : undefined;
}

function literalText(node: ts.Expression): string | undefined {
  return isPlainLiteral(unwrap(node)) ? node.getText() : undefined;
}

function safeAliased(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  try {
    return checker.getAliasedSymbol(symbol);
  } catch {
    return symbol;
  }
}

function isTopLevel(decl: ts.Declaration): boolean {
  const statement = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
  return ts.isSourceFile(statement.parent);
}

function isExported(decl: ts.Declaration): boolean {
  const statement = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
  return !!ts.getModifiers(statement as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function containsAwait(node: ts.Node): boolean {
  if (ts.isAwaitExpression(node)) return true;
  if (ts.isFunctionLike(node)) return false;
  return !!ts.forEachChild(node, containsAwait);
}
