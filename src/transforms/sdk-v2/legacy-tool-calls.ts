/**
 * `server.tool(…)` calls the official codemod leaves as they are. v2's McpServer has no `tool`
 * method, so such a call no longer compiles. The codemod rewrites a call only when it can prove
 * the shape from the syntax: a string-literal name, arguments it can tell apart, and a file that
 * imports McpServer (or a receiver named like one); otherwise it gives up, and says so only in a
 * file that imports McpServer.
 *
 * The analysis knows better which calls are v1 registrations: the receiver resolves to the SDK's
 * McpServer through imports and types (`collectToolRegistrations` reads the same). Each such call
 * still spelled `.tool(` after the codemod gets its `@mcp-codemod-error` comment, with the
 * registerTool form to write, unless the codemod already commented on that line.
 */
import type { Diagnostic } from '@modelcontextprotocol/codemod';
import type { SourceFile } from 'ts-morph';
import type { AnalysisResult } from '../../analysis/model.js';
import { calleeParts, forEachDescendant, unwrap } from '../../analysis/ast.js';
import { loadTsMorph, ts } from '../../typescript.js';
import { isServerKind } from '../../analysis/value.js';
import { HIGH_LEVEL_SERVER_CLASSES, registrationOf, TOOL_REGISTRATION } from '../../analysis/sdk-modules.js';

/** A v1 `McpServer.tool(…)` call, by what identifies it after the codemod: its receiver and name argument as written. */
export interface LegacyToolCall {
  receiver: string;
  name: string;
  /**
   * The second argument as written, when it is a name or expression the analysis knows holds a string (a
   * description constant): the codemod tells a description from a schema by syntax alone and reads it as the
   * schema (`tool(name, DESC, SHAPE, cb)` → `{ inputSchema: DESC, annotations: SHAPE }`).
   */
  description?: string;
}

/** The v1 `.tool(…)` registrations of each analysed file (the receiver resolved to an SDK server). */
export function legacyToolCalls(result: AnalysisResult): Map<string, LegacyToolCall[]> {
  const out = new Map<string, LegacyToolCall[]>();
  for (const sf of result.sourceFiles) {
    forEachDescendant(sf, (node) => {
      if (!ts.isCallExpression(node) || !node.arguments.length) return;
      const { name, receiver } = calleeParts(node);
      if (name !== 'tool' || !receiver || !isServerKind(result.analysis.values.valueOf(receiver))) return;
      const list = out.get(sf.fileName) ?? [];
      const second = node.arguments[1];
      const describes = second && node.arguments.length >= 3 && !ts.isStringLiteralLike(second) && !ts.isFunctionLike(second) && (isStringExpression(second) || result.analysis.values.constantString(second) !== undefined);
      list.push({ receiver: receiver.getText(sf), name: node.arguments[0]!.getText(sf), ...(describes ? { description: second.getText(sf) } : {}) });
      out.set(sf.fileName, list);
    });
  }
  return out;
}

/**
 * An expression that is a string by its syntax whatever its parts hold: a template, or a `+` with a string or
 * template on either side (`"Get the glossary's metadata. " + guidance`, DeepLcom/deepl-mcp-server).
 */
function isStringExpression(node: ts.Expression): boolean {
  const inner = unwrap(node);
  if (ts.isStringLiteralLike(inner) || ts.isTemplateExpression(inner)) return true;
  return ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken && (isStringExpression(inner.left) || isStringExpression(inner.right));
}

/**
 * Analysed files that register on an SDK McpServer they do not import: antfu/nuxt-mcp's tools.ts takes
 * `mcp: McpServer` typed through `import type { McpServer } from './types.js'`, a project module that
 * re-exports the SDK's. The official codemod rewrites the registrations of a file that imports McpServer
 * from an MCP package; of one that does not, only those on a receiver named like a server (none at all
 * without an MCP import), and v2's McpServer has no `tool`/`prompt`/`resource`: a TypeError at run time.
 * The analysis resolves such a receiver through the project's re-exports; when it resolves every
 * registration-named call of the file (so that no `cli.prompt(…)` of another library is among them),
 * the file is migrated as if it imported McpServer (official.ts).
 */
export function registrationsThroughProjectModules(result: AnalysisResult): Set<string> {
  const out = new Set<string>();
  for (const sf of result.sourceFiles) {
    if (importsMcpServer(sf)) continue;
    let resolved = 0;
    let unresolved = 0;
    forEachDescendant(sf, (node) => {
      if (!ts.isCallExpression(node) || !node.arguments.length) return;
      const { name, receiver } = calleeParts(node);
      if (!name || !receiver || !registrationOf(name)) return;
      if (isServerKind(result.analysis.values.valueOf(receiver))) resolved++;
      else unresolved++;
    });
    if (resolved && !unresolved) out.add(sf.fileName);
  }
  return out;
}

/** `import { McpServer } from '@modelcontextprotocol/…'` (aliased or not): what the codemod reads as "this file's McpServer". */
function importsMcpServer(sf: ts.SourceFile): boolean {
  return sf.statements.some((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !statement.moduleSpecifier.text.startsWith('@modelcontextprotocol/')) return false;
    const bindings = statement.importClause?.namedBindings;
    return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.some((e) => HIGH_LEVEL_SERVER_CLASSES.has((e.propertyName ?? e.name).text));
  });
}

const REGISTER_TOOL_FORM = 'registerTool(name, { description, inputSchema: z.object({ … }), annotations }, handler)';

/** Comments for the `calls` still written `.tool(` in `sf` after the codemod (lines of `existing` already resolved). */
export function leftoverToolCallDiagnostics(sf: SourceFile, calls: readonly LegacyToolCall[], existing: readonly Diagnostic[]): Diagnostic[] {
  if (!calls.length) return [];
  const { Node, SyntaxKind } = loadTsMorph();
  const commentedLines = new Set(existing.filter((d) => d.insertComment).map((d) => d.line));
  const out: Diagnostic[] = [];
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'tool') continue;
    const [nameArg] = call.getArguments();
    if (!nameArg || !calls.some((c) => c.receiver === callee.getExpression().getText() && c.name === nameArg.getText())) continue;
    const line = call.getStartLineNumber();
    if (commentedLines.has(line)) continue;
    out.push({
      level: 'warning' as Diagnostic['level'],
      file: sf.getFilePath(),
      line,
      message: `.tool() does not exist on SDK v2's McpServer, and the official codemod could not prove this call's shape: rewrite it as ${REGISTER_TOOL_FORM}.`,
      insertComment: true,
    });
  }
  return out;
}

/**
 * Puts back the description of each v1 `tool(name, DESC, …)` call whose description the codemod took for the
 * schema (`DESC` a constant it cannot read as a string): `{ inputSchema: DESC, annotations: SHAPE }` becomes
 * `{ description: DESC, inputSchema: SHAPE }` (browserstack/mcp-server, 30 tools); a literal shape is wrapped in
 * `z.object(…)` as the codemod wraps the literal shapes it recognises, when the file has zod's `z`. Returns the
 * calls changed, and those whose schema is now such a `z.object` or that have none (the codemod's "could not verify
 * the schema" comment, written about DESC, does not apply to them).
 */
export function restoreToolDescriptions(sf: SourceFile, calls: readonly LegacyToolCall[]): { changes: number; wrapped: import('ts-morph').CallExpression[] } {
  const described = calls.filter((c) => c.description !== undefined);
  const wrapped: import('ts-morph').CallExpression[] = [];
  if (!described.length) return { changes: 0, wrapped };
  const { Node, SyntaxKind } = loadTsMorph();
  const zod = sf.getImportDeclarations().find((d) => d.getModuleSpecifierValue() === 'zod' && d.getNamedImports().some((n) => (n.getAliasNode()?.getText() ?? n.getName()) === 'z'));
  let changes = 0;
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    // A call inside a shape wrapped in `z.object(…)` just before was replaced with that text (ts-morph forgets it).
    if (call.wasForgotten()) continue;
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== TOOL_REGISTRATION) continue;
    const [nameArg, config] = call.getArguments();
    const legacy = nameArg && described.find((c) => c.receiver === callee.getExpression().getText() && c.name === nameArg.getText());
    if (!legacy || !config || !Node.isObjectLiteralExpression(config)) continue;
    const schema = config.getProperty('inputSchema');
    const annotations = config.getProperty('annotations');
    if (config.getProperty('description') || !Node.isPropertyAssignment(schema) || schema.getInitializer()?.getText() !== legacy.description) continue;
    if (annotations && !Node.isPropertyAssignment(annotations)) continue;
    // The annotations first: renaming the schema property rewrites the text the other node sits in.
    if (annotations) {
      const shape = annotations.getInitializer();
      if (zod && shape && Node.isObjectLiteralExpression(shape)) {
        shape.replaceWithText(`z.object(${shape.getText()})`);
        wrapped.push(call);
      }
      annotations.getNameNode().replaceWithText('inputSchema');
    }
    schema.getNameNode().replaceWithText('description');
    // `tool(name, DESC, cb)`: the call has no schema left for the codemod's "could not verify the schema" comment.
    if (!annotations) wrapped.push(call);
    changes++;
  }
  return { changes, wrapped };
}

/**
 * Calls that hand an SDK server to a module loaded at run time (`require(path.join(dir, file))({ mcpServer })`,
 * purinton/mcp-server's tool plugins): the code that registers on it is nowhere the analysis or the codemod can
 * see, so its v1 `tool()`/`prompt()`/`resource()` calls stay as they are while the server moves to v2, where they
 * throw (a plugin loader that catches the error starts a server with no tools). Each such call, as written.
 */
export function serversHandedToLoadedModules(result: AnalysisResult): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const values = result.analysis.values;
  const isServer = (node: ts.Node): boolean => isServerKind(values.valueOf(node));
  const carriesServer = (arg: ts.Expression): boolean =>
    isServer(arg) || (ts.isObjectLiteralExpression(arg) && arg.properties.some((p) => (ts.isShorthandPropertyAssignment(p) && isServer(p.name)) || (ts.isPropertyAssignment(p) && isServer(p.initializer))));
  for (const sf of result.sourceFiles) {
    // Only a file that loads a module by a computed path can; what each argument holds is asked last.
    if (!LOADS_MODULE.test(sf.text)) continue;
    forEachDescendant(sf, (node) => {
      if (!ts.isCallExpression(node) || node.arguments.length === 0 || !isLoadedModule(values, node.expression) || !node.arguments.some(carriesServer)) return;
      const list = out.get(sf.fileName) ?? [];
      list.push(node.expression.getText(sf));
      out.set(sf.fileName, list);
    });
  }
  return out;
}

/** `require(` or `import(` in a file's text: the cheap test before looking for modules loaded at run time. */
const LOADS_MODULE = /\b(?:require|import)\s*\(/;

/**
 * A module loaded at run time from a path the code computes, or its default export: `require(p)`, `await import(p)`,
 * `(await import(p)).default`, or a variable holding one (`const plugin = await import(p); plugin.default(…)`).
 */
function isLoadedModule(values: AnalysisResult['analysis']['values'], node: ts.Expression, depth = 0): boolean {
  const expr = unwrap(node) as ts.Expression;
  if (depth > 3) return false;
  if (ts.isPropertyAccessExpression(expr) && expr.name.text === 'default') return isLoadedModule(values, expr.expression, depth + 1);
  if (ts.isIdentifier(expr)) {
    const decl = values.symbolOf(expr)?.valueDeclaration;
    return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && isLoadedModule(values, decl.initializer, depth + 1);
  }
  if (!ts.isCallExpression(expr) || expr.arguments.length !== 1 || ts.isStringLiteralLike(expr.arguments[0]!)) return false;
  return expr.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(expr.expression) && expr.expression.text === 'require');
}

/** Comments for the calls of `loaders` (as written) in `sf`: the server they hand over is registered on where no one can see. */
export function loadedModuleDiagnostics(sf: SourceFile, loaders: readonly string[]): Diagnostic[] {
  if (!loaders.length) return [];
  const { SyntaxKind } = loadTsMorph();
  const out: Diagnostic[] = [];
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (!loaders.includes(call.getExpression().getText())) continue;
    out.push({
      level: 'warning' as Diagnostic['level'],
      file: sf.getFilePath(),
      line: call.getStartLineNumber(),
      message: `This call hands the server to modules loaded at run time, which neither apply nor the official codemod can see: SDK v2's McpServer has no tool()/prompt()/resource(), so their v1 registrations now throw. Rewrite each as ${REGISTER_TOOL_FORM} (registerPrompt, registerResource).`,
      insertComment: true,
    });
  }
  return out;
}
