/**
 * The official `@modelcontextprotocol/codemod` (v1-to-v2 migration), run in memory.
 *
 * Its exported transforms (`getMigration('v1-to-v2').transforms`, each `apply(sourceFile, context)`
 * on a ts-morph `SourceFile`) are run in its own order on an in-memory ts-morph project holding the
 * texts we analysed, the way its runner (`dist/runner-*.mjs`, `run()`) composes them:
 * - a file whose transforms throw is rolled back whole (its runner does the same);
 * - "verify this" advisories (`advisoryOnly`) are dropped for files no transform changed;
 * - diagnostics that ask for it (`insertComment`) become its own `/* @mcp-codemod-error … *\/`
 *   comment above the line, merged per line, never twice, never inside a string — exactly the
 *   comment its runner writes, so its documentation (`grep -rn '@mcp-codemod-error'`) holds;
 * - a leading shebang some transforms drop is put back.
 * Nothing is re-implemented here except that runner loop: its `run()` reads and writes the disk
 * itself, and `apply` must plan first and write atomically later.
 *
 * Around its transforms, what real servers showed it leaves broken (each in its own module):
 * a name it brings in that the file declares itself is aliased (name-clash.ts); a helper, or a handler's
 * own context parameter, typed inline with v1's context keys is migrated like an annotated one (helper-context.ts); a handler
 * whose only parameter is the context reads it the v2 way too (lone-context.ts); what v2's per-method
 * handler result types reject but v1's loose `ServerResult` let through is typed (result-types.ts); names it
 * dropped from an import are imported again or marked (dropped-imports.ts); a header read by name from v1's
 * record of request headers reads v2's `Headers` with `get` (request-headers.ts); its context-mock
 * comment is kept only on possible handler contexts (context-mocks.ts); a file that registers on an
 * McpServer it takes through a project module is migrated as if it imported McpServer, and `.tool()`
 * calls it left are marked (legacy-tool-calls.ts).
 *
 * CommonJS: the official transforms only read `import` declarations, so in a CommonJS file the
 * top-level `const … = require('…')` statements are turned into the equivalent `import` in the
 * in-memory copy, the transforms run, and every `import` is turned back into a `require` (a
 * statement the transforms did not touch comes back exactly as written).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Diagnostic, Migration, TransformContext } from '@modelcontextprotocol/codemod';
import { PROMPT_REGISTRATION, RESOURCE_REGISTRATION, sdkEntryAliasFile, TOOL_REGISTRATION } from '../../analysis/sdk-modules.js';
import { loadTsMorph, ts } from '../../typescript.js';
import type { SourceFile } from 'ts-morph';
import { importBindings, isV1Specifier, ownNames } from './bindings.js';
import { isContextMockDiagnostic, mockIsHandlerContext } from './context-mocks.js';
import { droppedReExportDiagnostics, restoreDroppedImports, v1ReExportBindings } from './dropped-imports.js';
import { repointNamespaceImports } from './namespace-imports.js';
import { disableTaskTools, removeExperimentalTasks } from './experimental-tasks.js';
import { annotateAsV1Context, contextImportsTypeOnly, contextsPassedToHelpers, hasInlineTypedHandlerContexts, remapDestructuredRequestId, forwardedContexts, helperTakesV2Context, inlineTypedHelpers, type ForwardedContext } from './helper-context.js';
import { leftoverToolCallDiagnostics, loadedModuleDiagnostics, restoreToolDescriptions, type LegacyToolCall } from './legacy-tool-calls.js';
import { remapLoneContexts } from './lone-context.js';
import { aliasSdkImports, clashingNames, hideOwnNames, restoreOwnNames } from './name-clash.js';
import { withoutAddedHeadBlankLines } from './head-blank-lines.js';
import { readHeadersByName } from './request-headers.js';
import { typeHandlerResults } from './result-types.js';
import { jsonSchemaInputs } from './json-schema-inputs.js';
import { jsdocImportTypesToV2 } from './jsdoc-import-types.js';
import { applyEdits, type TextEdit } from '../kit/edits.js';
import { timed } from '../../timing.js';

export const CODEMOD_PACKAGE = '@modelcontextprotocol/codemod';
const CODEMOD_ERROR_PREFIX = '@mcp-codemod-error';
const REGISTRATIONS: ReadonlySet<string> = new Set([TOOL_REGISTRATION, PROMPT_REGISTRATION, RESOURCE_REGISTRATION]);

let migration: Migration | undefined;
/** Loaded on first use: `scan` and a stateless-v1 `apply` never pay for it. */
function v1ToV2(): Migration {
  if (!migration) {
    const require = createRequire(import.meta.url);
    const codemod = require(CODEMOD_PACKAGE) as typeof import('@modelcontextprotocol/codemod');
    const found = codemod.getMigration('v1-to-v2');
    if (!found) throw new Error(`${CODEMOD_PACKAGE} has no v1-to-v2 migration`);
    migration = found;
  }
  return migration;
}

export function codemodVersion(): string {
  // Its `exports` do not list package.json: read it beside the entry point.
  const entry = createRequire(import.meta.url).resolve(CODEMOD_PACKAGE);
  return (JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

export interface CodemodFileResult {
  file: string;
  before: string;
  after: string;
  changes: number;
  /** Diagnostics after the runner's filtering, lines against `after`. */
  diagnostics: Diagnostic[];
  /** The comments written into `after`: line (1-based, in `after`) and message. */
  comments: Array<{ line: number; message: string }>;
  /** The transforms threw: the file is left as it was. */
  failed?: string;
  /** The codemod added `import { z } from 'zod'` (its `zod-injected` tag). */
  zodInjected: boolean;
  /** Names the codemod dropped from an import while the code still uses them, imported again from v2 (dropped-imports.ts). */
  restoredImports: Array<{ local: string; from: string; split?: boolean }>;
  /** SDK names imported under an alias because the file declares the name itself (name-clash.ts): name → alias. */
  aliases: ReadonlyMap<string, string>;
  /** Experimental task stores and queues removed with their McpServer options and `tasks` capability (experimental-tasks.ts). */
  removedTasks: string[];
  /** Task tool registrations commented out under a marker (experimental-tasks.ts): their lines (1-based) in `prepared`. */
  taskToolLines: number[];
  /** `before` less what went before the codemod ran (the task stores): the text the codemod's re-indentation is undone against. */
  prepared: string;
}

/** The file registers on an SDK McpServer typed through a project module, without importing the SDK (legacy-tool-calls.ts). */
export interface CodemodInput {
  file: string;
  text: string;
  toolCalls?: readonly LegacyToolCall[];
  mcpServerThroughProject?: boolean;
  /** Calls handing the server to a module loaded at run time, as written (legacy-tool-calls.ts). */
  loaders?: readonly string[];
  /** v1 `tool()` calls the codemod cannot prove, rewritten as SDK 1.x's `registerTool()` before it runs (legacy-tool-calls.ts): edits against `text`. */
  toolCallEdits?: readonly TextEdit[];
  /** `inputSchema` values (as written) the analysis knows are a `z.object`: no "could not verify" comment on them (legacy-tool-calls.ts). */
  verifiedSchemas?: ReadonlySet<string>;
}

export function runOfficialCodemod(files: readonly CodemodInput[], context: TransformContext): CodemodFileResult[] {
  const { transforms } = v1ToV2();
  const { Project } = loadTsMorph();
  // Without the default lib: the codemod's transforms read no types, and what our passes ask of the language service
  // (renaming a helper's `extra`, the references of a local, a name's symbol) resolves within the file. With it, each
  // such question parsed lib.*.d.ts again in this new project: 1.5 s of 8.3 in the sdk-v2 fixtures' apply runs.
  const project = new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true, skipLoadingLibFiles: true, compilerOptions: { allowJs: true, noEmit: true, noLib: true } });
  const results: CodemodFileResult[] = [];
  for (const { file, text, toolCalls, mcpServerThroughProject, loaders, toolCallEdits, verifiedSchemas } of files) {
    const shebang = /^#![^\n]*\n(?:[ \t]*\r?\n)*/.exec(text)?.[0];
    let sf = project.createSourceFile(file, toolCallEdits?.length ? applyEdits(text, toolCallEdits) : text, { overwrite: true });
    // On the v1 text, before the codemod: what goes is then a plain deletion for keepIndentation's diff.
    const removedTasks = removeExperimentalTasks(sf, importBindings(sf, isV1Specifier)).variables;
    const taskToolLines = disableTaskTools(sf);
    const prepared = sf.getFullText();
    const commonJs = isCommonJs(sf);
    const restore = commonJs ? requiresToImports(sf) : undefined;
    fileEntryAliases(sf);
    // A CommonJS file is ES imports for the codemod's run (`requiresToImports`), so it gets the bridge too (sweep 28 AB5).
    if (mcpServerThroughProject) importMcpServerBridge(sf);
    const bridged = sf.getFullText();
    const sdkBefore = importBindings(sf, isV1Specifier);
    const reExportsBefore = v1ReExportBindings(sf);
    const own = ownNames(sf);
    const inlineHandlerContexts = hasInlineTypedHandlerContexts(sf);
    // What the passes above read is kept as text; the nodes they had ts-morph wrap would be carried over by
    // each edit the codemod makes (it makes many, each a parse of the whole file), so they are let go first.
    sf.forgetDescendants();
    let run = timed('sdk-v2: codemod transforms', () => runTransforms(transforms, sf, context));
    let placeholders = new Map<string, string>();
    let aliases = new Map<string, string>();
    // Again from the text as it was, with what the first run showed it needs (see each module).
    const rerun = (helpers: readonly ForwardedContext[], clashes: readonly string[]): void => {
      sf = project.createSourceFile(file, bridged, { overwrite: true });
      placeholders = hideOwnNames(sf, clashes);
      annotateAsV1Context(sf, helpers);
      run = timed('sdk-v2: codemod transforms again', () => runTransforms(transforms, sf, context));
      if ((helpers.length || inlineHandlerContexts) && run.failed === undefined) {
        contextImportsTypeOnly(sf);
        remapDestructuredRequestId(sf, helpers);
      }
    };
    const helpers = run.failed === undefined ? inlineTypedHelpers(sf, uniqueHelpers([...forwardedContexts(sf, run.diagnostics), ...contextsPassedToHelpers(sf)])) : [];
    if (helpers.length || (inlineHandlerContexts && run.failed === undefined)) rerun(helpers, []);
    const clashes = run.failed === undefined ? clashingNames(sf, sdkBefore, own) : [];
    if (clashes.length) {
      rerun(helpers, clashes);
      if (run.failed === undefined) aliases = aliasSdkImports(sf, clashes);
    }
    let { changes, diagnostics } = run;
    const { failed } = run;
    if (failed !== undefined) {
      results.push({ file, before: text, after: text, changes: 0, diagnostics: [], comments: [], failed, zodInjected: false, restoredImports: [], aliases: new Map(), removedTasks: [], taskToolLines: [], prepared: text });
      continue;
    }
    const descriptions = restoreToolDescriptions(sf, toolCalls ?? []);
    changes += descriptions.changes;
    const jsonSchemas = jsonSchemaInputs(sf, diagnostics.some((d) => d.tag === 'zod-injected'));
    changes += jsonSchemas.changes;
    diagnostics.push(...jsonSchemas.diagnostics);
    if (jsonSchemas.zodDropped) diagnostics = diagnostics.filter((d) => d.tag !== 'zod-injected');
    changes += typeHandlerResults(sf);
    changes += removedTasks.length + taskToolLines.length;
    // Each v1 `tool()`/`prompt()`/`resource()` call written as `register…()` before the codemod ran (its callee is one of the edits).
    changes += toolCallEdits?.filter((e) => REGISTRATIONS.has(e.text)).length ?? 0;
    const dropped = timed('sdk-v2: restore dropped imports', () => restoreDroppedImports(sf, sdkBefore, context, diagnostics));
    diagnostics.push(...dropped.diagnostics);
    // A namespace import whose qualified names the codemod renamed to another package's: pointed at that package.
    const repointed = repointNamespaceImports(sf, (local) => sdkBefore.find((b) => b.imported === '*' && b.local === local)?.specifier);
    diagnostics = diagnostics.filter((d) => !repointed.some((spec) => d.message.startsWith(`Namespace import of ${spec}:`)));
    changes += repointed.length;
    diagnostics.push(...droppedReExportDiagnostics(sf, reExportsBefore, diagnostics));
    changes += dropped.restored.length;
    if (changes === 0) diagnostics = diagnostics.filter((d) => !d.advisoryOnly);
    for (const d of diagnostics) {
      if (!d.resolveCurrentLine) continue;
      try {
        d.line = d.resolveCurrentLine();
      } catch {
        delete d.insertComment; // its anchor was removed by a later rewrite: never a comment at the wrong place
      }
      delete d.resolveCurrentLine;
    }
    // The codemod could not verify DESC as a schema; a literal shape wrapped in z.object now is one.
    // So is a JSON Schema object now given to fromJsonSchema (json-schema-inputs.ts).
    const wrappedLines = new Set([...descriptions.wrapped, ...jsonSchemas.converted].filter((call) => !call.wasForgotten()).map((call) => call.getStartLineNumber()));
    diagnostics = diagnostics.filter((d) => !(wrappedLines.has(d.line) && (d.message.startsWith('Could not verify the schema argument') || d.message.startsWith('Could not verify `inputSchema`'))));
    const verifiedLines = verifiedSchemaLines(sf, verifiedSchemas);
    diagnostics = diagnostics.filter((d) => !(verifiedLines.has(d.line) && d.message.startsWith('Could not verify `inputSchema`')));
    // After the diagnostics found their lines: an edit of the text makes ts-morph forget the nodes they are anchored
    // to (each would lose its comment), and these change no line. Lone contexts first: their `requestInfo` reads
    // become `http?.req` ones, whose headers the next reads with `get`.
    changes += remapLoneContexts(sf);
    changes += readHeadersByName(sf);
    diagnostics = diagnostics.filter((d) => !isContextMockDiagnostic(d) || mockIsHandlerContext(sf, d.line));
    const coherent = new Set(forwardedContexts(sf, diagnostics).filter((f) => helperTakesV2Context(sf, f)).map((f) => f.diagnostic));
    diagnostics = diagnostics.filter((d) => !coherent.has(d));
    diagnostics.push(...leftoverToolCallDiagnostics(sf, toolCalls ?? [], diagnostics));
    if (changes > 0) diagnostics.push(...loadedModuleDiagnostics(sf, loaders ?? []));
    // From here on the file is text, but for a CommonJS file's way back: ts-morph would parse the whole
    // file again (and carry every node it has wrapped over) for each edit, and nothing reads its nodes after.
    let finished = withDiagnosticComments(sf, diagnostics);
    // The bridge goes before a CommonJS file's way back, which would make it a `require`.
    const unbridged = withoutMcpServerBridge(finished);
    finished = unbridged.text;
    // The line the codemod gave the bridge is gone: the diagnostics' lines below it move up.
    if (unbridged.removedLine !== undefined) for (const d of diagnostics) if (d.line > unbridged.removedLine) d.line--;
    if (restore) {
      if (finished !== sf.getFullText()) sf.replaceWithText(finished);
      if (shebang && !sf.getFullText().startsWith('#!')) sf.insertText(0, shebang);
      importsToRequires(sf, restore);
      finished = sf.getFullText();
    } else if (shebang && !finished.startsWith('#!')) finished = shebang + finished;
    let after = restoreOwnNames(finished, placeholders);
    // The round trip through imports (CommonJS) and the bridge add blank lines to the file's head it did not have.
    if (restore || mcpServerThroughProject) after = withoutAddedHeadBlankLines(text, after);
    // Nothing changed (bar the CommonJS round trip): the file is exactly as it was.
    if (after === bridged && restore) after = text;
    // Its JSDoc type imports of v1 go where its imports went (sweep 33 AG3).
    if (after !== text) {
      const jsdoc = jsdocImportTypesToV2(file, after);
      after = jsdoc.text;
      changes += jsdoc.moved;
    }
    const comments = commentLines(after);
    results.push({ file, before: text, after, changes, diagnostics, comments, zodInjected: diagnostics.some((d) => d.tag === 'zod-injected'), restoredImports: dropped.restored, aliases, removedTasks, taskToolLines, prepared });
  }
  return results;
}

/** Lines of the `registerTool` calls whose `inputSchema` is one of `verified` (where the codemod's comment about it would go). */
function verifiedSchemaLines(sf: SourceFile, verified: ReadonlySet<string> | undefined): Set<number> {
  const lines = new Set<number>();
  if (!verified?.size) return lines;
  const { Node, SyntaxKind } = loadTsMorph();
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    const config = call.getArguments()[1];
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== TOOL_REGISTRATION || !config || !Node.isObjectLiteralExpression(config)) continue;
    const schema = config.getProperty('inputSchema');
    if (Node.isPropertyAssignment(schema) && verified.has(schema.getInitializer()?.getText() ?? '')) lines.add(call.getStartLineNumber());
  }
  return lines;
}

/** The codemod's transforms in its order on one file; a throw leaves `failed` (the caller keeps the file as it was). */
function runTransforms(transforms: Migration['transforms'], sf: SourceFile, context: TransformContext): { changes: number; diagnostics: Diagnostic[]; failed?: string } {
  let changes = 0;
  const diagnostics: Diagnostic[] = [];
  try {
    for (const transform of transforms) {
      const result = transform.apply(sf, context);
      changes += result.changesCount;
      diagnostics.push(...result.diagnostics);
    }
  } catch (error) {
    return { changes: 0, diagnostics: [], failed: error instanceof Error ? error.message : String(error) };
  }
  return { changes, diagnostics };
}

// ---- the runner's comment insertion ---------------------------------------------------------

const LITERAL_KINDS = new Set([
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.JsxText,
]);

function insideLiteral(sf: SourceFile, position: number): boolean {
  for (let node = sf.getDescendantAtPos(position); node; node = node.getParent()) if (LITERAL_KINDS.has(node.getKind())) return true;
  return false;
}

/** The file's text with the comments the diagnostics ask for (the file itself is left as it is). */
function withDiagnosticComments(sf: SourceFile, diagnostics: readonly Diagnostic[]): string {
  const wanted = diagnostics.filter((d) => d.insertComment).sort((a, b) => b.line - a.line);
  const merged: Array<{ line: number; message: string }> = [];
  for (const d of wanted) {
    const prev = merged.at(-1);
    if (prev && prev.line === d.line) prev.message += ` | ${d.message}`;
    else merged.push({ line: d.line, message: d.message });
  }
  const text = sf.getFullText();
  if (!merged.length) return text;
  const lines = text.split('\n');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // Bottom up, so every position is one of the text as it was (and the file's nodes, read for literals, still describe it).
  let commented = text;
  for (const { line, message } of merged) {
    const index = line - 1;
    if (index < 0 || index >= lines.length) continue;
    if (index > 0 && lines[index - 1]!.includes(CODEMOD_ERROR_PREFIX)) continue;
    const indent = /^\s*/.exec(lines[index]!)![0];
    const lineStart = lines.slice(0, index).reduce((sum, l) => sum + l.length + 1, 0);
    if (insideLiteral(sf, lineStart)) continue;
    commented = `${commented.slice(0, lineStart)}${indent}/* ${CODEMOD_ERROR_PREFIX} ${message.replaceAll('*/', '* /')} */${eol}${commented.slice(lineStart)}`;
  }
  return commented;
}

function commentLines(text: string): Array<{ line: number; message: string }> {
  const out: Array<{ line: number; message: string }> = [];
  text.split('\n').forEach((line, i) => {
    const match = /\/\* @mcp-codemod-error (.*) \*\//.exec(line);
    if (match) out.push({ line: i + 1, message: match[1]! });
  });
  return out;
}

/**
 * `@modelcontextprotocol/sdk/server` (the package's export of server/index.js) → the file itself, which the codemod
 * maps to v2 (it knows v1's modules only by file, and leaves the alias with "Unknown SDK import path"). So is a
 * type import from a module's declaration file (`sdk/server/index.d.ts`, as haroldadmin/fastify-mcp writes it):
 * left alone, the file would keep that one import on v1 next to the v2 names it is used with.
 */
function fileEntryAliases(sf: SourceFile): void {
  for (const decl of [...sf.getImportDeclarations(), ...sf.getExportDeclarations()]) {
    const specifier = decl.getModuleSpecifierValue();
    const file = specifier === undefined ? undefined : (sdkEntryAliasFile(specifier) ?? v1ModuleOfDeclarationFile(specifier));
    if (file) decl.setModuleSpecifier(file);
  }
}

/** `@modelcontextprotocol/sdk/server/index.d.ts` → `@modelcontextprotocol/sdk/server/index.js`; undefined for any other specifier. */
function v1ModuleOfDeclarationFile(specifier: string): string | undefined {
  return isV1Specifier(specifier) && specifier.endsWith('.d.ts') ? `${specifier.slice(0, -'.d.ts'.length)}.js` : undefined;
}

// ---- McpServer through a project module ----------------------------------------------------

const MCP_SERVER_BRIDGE = '__mcpMigrateMcpServer';

/**
 * The codemod migrates every `.tool/.prompt/.resource(…)` call of a file that imports McpServer, and
 * none of a file without an MCP import. A file whose McpServer comes through a project module gets an
 * unused import of it for the codemod's run, on the line of its last import (or of its first statement):
 * no line of the file moves, so the diagnostics' lines hold, and an import the codemod adds (zod's) goes
 * below the file's own. It is taken out again after (`withoutMcpServerBridge`).
 */
function importMcpServerBridge(sf: SourceFile): void {
  const bridge = `import { McpServer as ${MCP_SERVER_BRIDGE} } from '@modelcontextprotocol/sdk/server/mcp.js';`;
  const lastImport = sf.getImportDeclarations().at(-1);
  if (lastImport) sf.insertText(lastImport.getEnd(), ` ${bridge}`);
  else {
    // After the directive prologue (`'use strict'` of a CommonJS file stays its first statement), on its line.
    const statements = sf.getStatements();
    const prologue = statements.filter((_statement, i) => statements.slice(0, i + 1).every((d) => ts.isExpressionStatement(d.compilerNode) && ts.isStringLiteral(d.compilerNode.expression))).at(-1);
    if (prologue) sf.insertText(prologue.getEnd(), ` ${bridge}`);
    else if (!statements[0]) sf.insertText(sf.getFullText().length, `${bridge} `);
    else {
      // Above the statement's JSDoc, on a line of its own (a comment after it on its line would be the bridge's trailing
      // comment, and the codemod's import would go below it): the line goes again with the bridge (`removedLine`).
      const doc = attachedDocStart(sf.getFullText(), statements[0].getFullStart(), statements[0].getStart());
      if (doc !== undefined) sf.insertText(doc, `${bridge}\n`);
      else sf.insertText(statements[0].getStart(), `${bridge} `);
    }
  }
}

/**
 * Where the first statement's own JSDoc begins (`/** @param {…McpServer} server *\/` right above `function
 * registerTools(server)`), if it has one: what the codemod adds below the bridge (zod's import) must
 * not come between a JSDoc and what it documents (review 39 R4). A comment further up (`// @ts-check`, a licence)
 * stays above.
 */
function attachedDocStart(text: string, fullStart: number, start: number): number | undefined {
  const docs = (ts.getLeadingCommentRanges(text, fullStart) ?? []).filter((c) => text.startsWith('/**', c.pos));
  const last = docs.at(-1);
  // Right above the statement (a blank line between makes it a file header, a licence: review 39b S2), and at the start of its line (a JSDoc
  // after code on the same line is no statement's own).
  return last && /^[ \t]*(\r?\n)?[ \t]*$/.test(text.slice(last.end, start)) && /(^|\n)[ \t]*$/.test(text.slice(0, last.pos)) ? last.pos : undefined;
}

/**
 * `text` without the bridge import (or, if the codemod merged other names into it, without the bridge's name),
 * and the line (1-based) removed with it when the codemod had put it on a line of its own.
 */
function withoutMcpServerBridge(text: string): { text: string; removedLine?: number } {
  if (!text.includes(MCP_SERVER_BRIDGE)) return { text };
  const sf = ts.createSourceFile('bridge.ts', text, ts.ScriptTarget.Latest, true);
  for (const statement of sf.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    const bindings = clause?.namedBindings;
    if (!clause || !bindings || !ts.isNamedImports(bindings)) continue;
    const element = bindings.elements.find((e) => e.name.text === MCP_SERVER_BRIDGE);
    if (!element) continue;
    if (bindings.elements.length === 1 && !clause.name) {
      // The statement with the space put beside it, or its whole line where the codemod's rewrite put it on its own.
      let start = statement.getStart(sf);
      let end = statement.getEnd();
      const lineStart = text.lastIndexOf('\n', start - 1) + 1;
      const lineEnd = /^[ \t]*\r?\n/.exec(text.slice(end));
      if (lineEnd && /^[ \t]*$/.test(text.slice(lineStart, start)) && !text.slice(start, end).includes('\n')) {
        return { text: text.slice(0, lineStart) + text.slice(end + lineEnd[0].length), removedLine: text.slice(0, lineStart).split('\n').length };
      }
      if (text[start - 1] === ' ') start--;
      else if (text[end] === ' ') end++;
      return { text: text.slice(0, start) + text.slice(end) };
    }
    const index = bindings.elements.indexOf(element);
    const next = bindings.elements[index + 1];
    const end = next ? next.getStart(sf) : element.getEnd();
    const start = next ? element.getStart(sf) : bindings.elements[index - 1]!.getEnd();
    return { text: text.slice(0, start) + text.slice(end) };
  }
  return { text };
}

// ---- CommonJS bridge ------------------------------------------------------------------------

function isCommonJs(sf: SourceFile): boolean {
  const ext = sf.getExtension();
  if (ext === '.cjs') return true;
  if (ext !== '.js' && ext !== '.jsx') return false;
  // `require(…)`, or CommonJS exports with nothing of ESM (a tool module that requires nothing: `function registerTools(server)
  // { … } module.exports = { registerTools }`, into which the codemod injects `import { z } from 'zod'`: sweep 28 AB5).
  return sf.getImportDeclarations().length === 0 && sf.getExportDeclarations().length === 0 && /\brequire\s*\(|\bmodule\.exports\b|^\s*exports\.[\w$]+\s*=/m.test(sf.getFullText());
}

/** Top-level `const x = require('m')` / `const { a, b: c } = require('m')` → `import`; returns import text → original statement. */
function requiresToImports(sf: SourceFile): Map<string, string> {
  const restore = new Map<string, string>();
  for (const statement of [...sf.getVariableStatements()].reverse()) {
    const decls = statement.getDeclarations();
    if (decls.length !== 1) continue;
    const decl = decls[0]!;
    const init = decl.getInitializer();
    if (!init || !ts.isCallExpression(init.compilerNode)) continue;
    const call = init.compilerNode;
    if (!ts.isIdentifier(call.expression) || call.expression.text !== 'require' || call.arguments.length !== 1 || !ts.isStringLiteral(call.arguments[0]!)) continue;
    const specifier = call.arguments[0].getText(sf.compilerNode);
    const name = decl.getNameNode().compilerNode;
    let clause: string | undefined;
    if (ts.isIdentifier(name)) clause = `* as ${name.text}`;
    else if (ts.isObjectBindingPattern(name) && name.elements.every((e) => !e.dotDotDotToken && !e.initializer && ts.isIdentifier(e.name) && (!e.propertyName || ts.isIdentifier(e.propertyName)))) {
      clause = `{ ${name.elements.map((e) => (e.propertyName ? `${(e.propertyName as ts.Identifier).text} as ${(e.name as ts.Identifier).text}` : (e.name as ts.Identifier).text)).join(', ')} }`;
    }
    if (!clause) continue;
    const importText = `import ${clause} from ${specifier};`;
    restore.set(importText, statement.getText());
    statement.replaceWithText(importText);
  }
  return restore;
}

/** Every `import` back to `require` (the original statement where the import is as we made it). */
function importsToRequires(sf: SourceFile, restore: ReadonlyMap<string, string>): void {
  for (const decl of [...sf.getImportDeclarations()].reverse()) {
    const text = decl.getText();
    const original = restore.get(text);
    if (original !== undefined) {
      decl.replaceWithText(original);
      continue;
    }
    const specifier = decl.getModuleSpecifier().getText();
    const statements: string[] = [];
    const namespace = decl.getNamespaceImport();
    const defaultImport = decl.getDefaultImport();
    const named = decl.getNamedImports();
    if (namespace) statements.push(`const ${namespace.getText()} = require(${specifier});`);
    if (defaultImport) statements.push(`const ${defaultImport.getText()} = require(${specifier});`);
    if (named.length) {
      const bindings = named.map((n) => (n.getAliasNode() ? `${n.getName()}: ${n.getAliasNode()!.getText()}` : n.getName())).join(', ');
      statements.push(`const { ${bindings} } = require(${specifier});`);
    }
    if (!statements.length) statements.push(`require(${specifier});`);
    decl.replaceWithText(statements.join('\n'));
  }
}

/** One entry per helper parameter: the codemod's comments and the code can name the same one. */
function uniqueHelpers(found: readonly ForwardedContext[]): ForwardedContext[] {
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.helper}\0${f.index}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
