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
import { calleeParts, forEachOfKind, isRequireCall, propertyNameText, unwrap } from '../../analysis/ast.js';
import { loadTsMorph, ts } from '../../typescript.js';
import { isServerKind } from '../../analysis/value.js';
import { HIGH_LEVEL_SERVER_CLASSES, PROMPT_REGISTRATION, registrationOf, RESOURCE_REGISTRATION, TOOL_REGISTRATION } from '../../analysis/sdk-modules.js';
import { legacyToolArguments } from '../../analysis/tools.js';
import type { TextEdit } from '../kit/edits.js';

/** What the walks of this module look at: calls (indexed per file, not a walk over every node). */
const CALLS = [ts.SyntaxKind.CallExpression];

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
    forEachOfKind(sf, CALLS, (node) => {
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
 * `server.tool(NAME, DESCRIPTION, schema.shape, cb)` with a name that is not a string literal (a constant, imported or
 * not: gabrielkuettel/algorand-agent's 28 tools and resources, sweep 13 L1): the official codemod migrates only a call
 * whose name it can read as a string, and leaves this one as it is, with a comment, while the file moves to v2, whose
 * McpServer has no `tool` method (the server throws while registering). The analysis knows the call is a v1
 * registration (its receiver resolves to the SDK's server) and which argument is which, as SDK 1.x's overloads read
 * them: it is written as the `registerTool(name, { description, inputSchema, annotations }, cb)` SDK 1.x also has
 * (`registerPrompt(name, { description, argsSchema }, cb)`, `registerResource(name, uri, metadata, cb)`) before the
 * codemod runs, so the codemod migrates it like any other (a literal shape wrapped in `z.object`, the handler's
 * context). A schema written `X.shape` of a `const X = z.object({…})` becomes `X`, the schema SDK 1.x built from it.
 * Edits against the analysed text of each file.
 */
export function legacyToolCallRewrites(result: AnalysisResult): Map<string, TextEdit[]> {
  const { values } = result.analysis;
  const out = new Map<string, TextEdit[]>();
  for (const sf of result.sourceFiles) {
    forEachOfKind(sf, CALLS, (node) => {
      if (!ts.isCallExpression(node) || node.arguments.length < 2 || node.arguments.length > 5 || node.arguments.some((a) => ts.isSpreadElement(a))) return;
      const { name, nameNode, receiver } = calleeParts(node);
      const registration = name ? registrationOf(name) : undefined;
      if (!registration?.legacy || !nameNode || !receiver || !isServerKind(values.valueOf(receiver))) return;
      // A literal name: the codemod's own (it proves the shape from the syntax); ours would only differ from it.
      const nameArg = unwrap(node.arguments[0]!);
      if (ts.isStringLiteralLike(nameArg) || ts.isTemplateExpression(nameArg)) return;
      const rewrite = registration.kind === 'tool' ? toolRewrite(values, node) : registration.kind === 'prompt' ? promptRewrite(values, node) : resourceRewrite(node);
      if (!rewrite) return;
      const edits = out.get(sf.fileName) ?? [];
      edits.push({ file: sf.fileName, start: nameNode.getStart(sf), end: nameNode.end, text: registrationMethod(registration.kind) });
      const middle = node.arguments.slice(rewrite.from, -1);
      const callback = node.arguments[node.arguments.length - 1]!;
      if (middle.length) edits.push({ file: sf.fileName, start: middle[0]!.getStart(sf), end: middle[middle.length - 1]!.end, text: rewrite.config });
      else {
        // On a line of its own when the callback is (one argument per line): `{},` and the callback's indentation.
        const at = callback.getStart(sf);
        const lineStart = sf.text.lastIndexOf('\n', at - 1) + 1;
        const indent = sf.text.slice(lineStart, at);
        edits.push({ file: sf.fileName, start: at, end: at, text: /^[ \t]*$/.test(indent) && lineStart > node.arguments[0]!.end ? `${rewrite.config},\n${indent}` : `${rewrite.config}, ` });
      }
      out.set(sf.fileName, edits);
    });
  }
  return out;
}

/** The v2-era registration method of a kind (`registerTool`): SDK 1.x has it too. */
function registrationMethod(kind: 'tool' | 'prompt' | 'resource'): string {
  return kind === 'tool' ? TOOL_REGISTRATION : kind === 'prompt' ? PROMPT_REGISTRATION : RESOURCE_REGISTRATION;
}

/** `{ key: value, … }` of the entries given (shorthand where the value is the key's own name; `{}` for none). */
function configText(entries: ReadonlyArray<readonly [string, ts.Expression | undefined]>): string {
  const parts = entries.filter(([, value]) => value).map(([key, value]) => {
    const text = value!.getText();
    return text === key ? key : `${key}: ${text}`;
  });
  return parts.length ? `{ ${parts.join(', ')} }` : '{}';
}

type Rewrite = { from: number; config: string };

/** `tool(name, [description], [schema], [annotations], cb)` → the config of `registerTool(name, config, cb)`. */
function toolRewrite(values: AnalysisResult['analysis']['values'], call: ts.CallExpression): Rewrite | undefined {
  const roles = legacyToolArguments(values, call);
  if (!roles) return undefined;
  // SDK 1.x tells a description from a schema by `typeof … === 'string'` at run time: the rewrite is made only
  // where the types agree with the role the overloads gave the argument (otherwise the codemod's comment stays).
  const second = call.arguments.length > 2 ? call.arguments[1]! : undefined;
  if (second && (roles.description === second) !== isString(values, second)) return undefined;
  // A second argument taken for the schema must look like one (JavaScript's `describe(p)` is typed `any` and is a
  // string at run time, where SDK 1.x reads it as the description).
  if (second && roles.schema === second && !looksLikeSchema(values, second)) return undefined;
  const schema = roles.schema && (plainZodObjectOfShape(values, roles.schema) ?? roles.schema);
  return { from: 1, config: configText([['description', roles.description], ['inputSchema', schema], ['annotations', roles.annotations]]) };
}

/** `prompt(name, [description], [argsSchema], cb)` → the config of `registerPrompt(name, config, cb)`. */
function promptRewrite(values: AnalysisResult['analysis']['values'], call: ts.CallExpression): Rewrite | undefined {
  const between = call.arguments.slice(1, -1);
  if (between.length > 2) return undefined;
  const described = between.length === 2 || (between.length === 1 && isString(values, between[0]!));
  const schema = described ? between[1] : between[0];
  if (schema && isString(values, schema)) return undefined;
  return { from: 1, config: configText([['description', described ? between[0] : undefined], ['argsSchema', schema]]) };
}

/** `resource(name, uriOrTemplate, [metadata], cb)` → `registerResource(name, uriOrTemplate, metadata, cb)` (`{}` without). */
function resourceRewrite(call: ts.CallExpression): Rewrite | undefined {
  const between = call.arguments.slice(1, -1);
  if (between.length === 0 || between.length > 2) return undefined;
  return between.length === 2 ? { from: 2, config: between[1]!.getText() } : { from: 2, config: '{}' };
}

/**
 * `X.shape` where `X` is declared as a plain `z.object({…})` (no method after it), in this module or another:
 * `X` itself, which is the schema SDK 1.x built from the shape (`z.object(X.shape)`), and the Standard Schema v2
 * takes (a raw shape is deprecated there, and the codemod asks to check it).
 */
function plainZodObjectOfShape(values: AnalysisResult['analysis']['values'], schema: ts.Expression): ts.Expression | undefined {
  const access = unwrap(schema);
  if (!ts.isPropertyAccessExpression(access) || access.name.text !== 'shape') return undefined;
  return isPlainZodObject(values, access.expression) ? access.expression : undefined;
}

/** A name (`schema`, `tools.schema`) declared `const … = z.object({…})`, in this module or another. */
function isPlainZodObject(values: AnalysisResult['analysis']['values'], expression: ts.Expression): boolean {
  const holder = unwrap(expression);
  const name = ts.isPropertyAccessExpression(holder) ? holder.name : ts.isIdentifier(holder) ? holder : undefined;
  const declaration = name && values.symbolOf(name)?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return false;
  if (!ts.isVariableDeclarationList(declaration.parent) || !(declaration.parent.flags & ts.NodeFlags.Const)) return false;
  const made = unwrap(declaration.initializer);
  if (!ts.isCallExpression(made) || made.arguments.length !== 1 || !ts.isObjectLiteralExpression(unwrap(made.arguments[0]!))) return false;
  const callee = unwrap(made.expression);
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'object' && ts.isIdentifier(unwrap(callee.expression));
}

/**
 * The `inputSchema` values of each file's registrations that are names of a `z.object({…})` (the schemas
 * `legacyToolCallRewrites` writes, and those already written so): the codemod asks of every `inputSchema` it cannot
 * see is a `z.object` call to be checked ("Could not verify `inputSchema` is a schema object"); of these the analysis
 * knows the answer, so that comment is not left on them.
 */
export function verifiedInputSchemas(result: AnalysisResult): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (sf: ts.SourceFile, expression: ts.Expression): void => {
    const set = out.get(sf.fileName) ?? new Set<string>();
    set.add(expression.getText(sf));
    out.set(sf.fileName, set);
  };
  for (const sf of result.sourceFiles) {
    forEachOfKind(sf, CALLS, (node) => {
      if (!ts.isCallExpression(node)) return;
      const { name, receiver } = calleeParts(node);
      if ((name !== 'tool' && name !== TOOL_REGISTRATION) || !receiver || !isServerKind(result.analysis.values.valueOf(receiver))) return;
      if (name === 'tool') {
        const schema = legacyToolArguments(result.analysis.values, node)?.schema;
        const plain = schema && plainZodObjectOfShape(result.analysis.values, schema);
        if (plain) add(sf, plain);
        return;
      }
      const config = node.arguments[1] && unwrap(node.arguments[1]);
      if (!config || !ts.isObjectLiteralExpression(config)) return;
      for (const property of config.properties) {
        if (ts.isPropertyAssignment(property) && propertyNameText(property.name) === 'inputSchema' && isPlainZodObject(result.analysis.values, property.initializer)) add(sf, property.initializer);
      }
    });
  }
  return out;
}

/** A zod shape or schema by its syntax: an object literal, a `z.…` call chain, `X.shape`, or a constant holding one. */
function looksLikeSchema(values: AnalysisResult['analysis']['values'], expression: ts.Expression, depth = 0): boolean {
  const inner = unwrap(expression);
  if (ts.isObjectLiteralExpression(inner)) return true;
  if (ts.isPropertyAccessExpression(inner) && inner.name.text === 'shape') return true;
  if (ts.isCallExpression(inner)) {
    let root: ts.Node = unwrap(inner.expression);
    while (ts.isPropertyAccessExpression(root) || ts.isCallExpression(root)) root = unwrap(root.expression);
    return ts.isIdentifier(root) && root.text === 'z';
  }
  if ((ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) && depth < 2) {
    const decl = values.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner)?.valueDeclaration;
    return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && looksLikeSchema(values, decl.initializer, depth + 1);
  }
  return false;
}

/** Whether the checker types `expression` as a string (a constant, a template, a string-typed name or call). */
function isString(values: AnalysisResult['analysis']['values'], expression: ts.Expression): boolean {
  if (values.constantString(expression) !== undefined || isStringExpression(expression)) return true;
  try {
    const type = values.checker.getTypeAtLocation(expression);
    return (type.flags & ts.TypeFlags.StringLike) !== 0 || (type.isUnion() && type.types.every((t) => (t.flags & ts.TypeFlags.StringLike) !== 0));
  } catch {
    return false;
  }
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
    forEachOfKind(sf, CALLS, (node) => {
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

/**
 * `import { McpServer } from '@modelcontextprotocol/…'` (aliased or not), or in CommonJS a top-level
 * `const { McpServer } = require('@modelcontextprotocol/…')`, which the codemod's run reads as that import
 * (official.ts `requiresToImports`): what the codemod reads as "this file's McpServer".
 */
function importsMcpServer(sf: ts.SourceFile): boolean {
  const isSdk = (specifier: ts.Node | undefined): boolean => !!specifier && ts.isStringLiteralLike(specifier) && specifier.text.startsWith('@modelcontextprotocol/');
  return sf.statements.some((statement) => {
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.some((d) => {
        const init = d.initializer && unwrap(d.initializer);
        return !!init && isRequireCall(init) && isSdk(init.arguments[0]) && ts.isObjectBindingPattern(d.name) && d.name.elements.some((e) => HIGH_LEVEL_SERVER_CLASSES.has(propertyNameText(e.propertyName ?? (ts.isIdentifier(e.name) ? e.name : undefined)) ?? ''));
      });
    }
    if (!ts.isImportDeclaration(statement) || !isSdk(statement.moduleSpecifier)) return false;
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
    forEachOfKind(sf, CALLS, (node) => {
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
