/**
 * The SDK loaded with `import()` (a CommonJS file reaching the ESM-only SDK: `({ Server } = await
 * import('@modelcontextprotocol/sdk/server/index.js'))`). The official codemod points each such call at one v2 entry
 * point whatever is taken from it, though v2 renamed or moved some of those names (the Node transport is
 * `NodeStreamableHTTPServerTransport` in `@modelcontextprotocol/node`; request schemas are gone from the server
 * package): the binding is `undefined` at run time and nothing type-checks a `.cjs` file (sweep 20 T1). A file whose
 * dynamic SDK imports take a name the entry point they would be pointed at does not export, or take what cannot be
 * read (the module kept whole, a `.then`), stays on SDK v1 until they are static imports or `require` calls.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isDynamicImport, propertyNameText } from '../../analysis/ast.js';
import { syntaxTreeOf } from '../../analysis/parsed-files.js';
import { V2_EXPORTS } from './v2-exports.js';
import { v2EntryPointOf } from '../../analysis/sdk-modules.js';

const V1_SDK = '@modelcontextprotocol/sdk';

/** One `import()` of the SDK that cannot move: the module kept whole (`whole`), or names v2 moved (`missing`). */
export interface DynamicImportProblem {
  kind: 'whole' | 'missing';
  text: string;
}

/**
 * The file's dynamic SDK imports in one walk: why they cannot move, and whether one sits in a `try` (the SDK optional:
 * the file runs without it).
 */
export function dynamicSdkImports(fileName: string, text: string): { problems: DynamicImportProblem[]; optional: boolean } {
  if (!/\bimport\s*\(/.test(text) || !text.includes(V1_SDK)) return { problems: [], optional: false };
  const problems: DynamicImportProblem[] = [];
  let optional = false;
  forEachDescendant(syntaxTreeOf(fileName, text), (node) => {
    if (!isDynamicImport(node)) return;
    const spec = node.arguments[0] as ts.StringLiteralLike;
    if (!spec.text.startsWith(`${V1_SDK}/`)) return;
    for (let up: ts.Node = node.parent; up && !ts.isFunctionLike(up); up = up.parent) {
      if (up.parent && ts.isTryStatement(up.parent) && up.parent.tryBlock === up) optional = true;
    }
    // The entry the codemod's import map points it at (`server/stdio.js` has its own: sweep 35 AI4).
    const entry = v2EntryPointOf(spec.text.slice(V1_SDK.length + 1));
    const exported = new Set([...(V2_EXPORTS[entry]?.values ?? []), ...(V2_EXPORTS[entry]?.types ?? [])]);
    const names = namesTaken(node);
    const call = `\`import('${spec.text}')\``;
    if (names === undefined) problems.push({ kind: 'whole', text: `${call} keeps the module whole, so what it is used for cannot be checked against ${entry}` });
    else {
      const missing = names.filter((n) => !exported.has(n));
      if (missing.length) problems.push({ kind: 'missing', text: `${call} takes ${missing.map((n) => `\`${n}\``).join(', ')}, which ${entry} does not export` });
    }
  });
  return { problems, optional };
}

/** Why the file's dynamic SDK imports cannot move ("`import('…/streamableHttp.js')` takes StreamableHTTPServerTransport"), or an empty list. */
export function unmovableDynamicSdkImports(fileName: string, text: string): string[] {
  return dynamicSdkImports(fileName, text).problems.map((p) => p.text);
}

/**
 * The names taken from one `import()`: `const { A, B: b } = await import(…)`, `({ A } = await import(…))`,
 * `(await import(…)).A`; undefined when the module is kept or handed on whole.
 */
function namesTaken(call: ts.CallExpression): string[] | undefined {
  let outer: ts.Node = call;
  if (ts.isAwaitExpression(outer.parent)) outer = outer.parent;
  while (ts.isParenthesizedExpression(outer.parent)) outer = outer.parent;
  const parent = outer.parent;
  if (ts.isVariableDeclaration(parent) && parent.initializer === outer && ts.isObjectBindingPattern(parent.name)) {
    const names: string[] = [];
    for (const element of parent.name.elements) {
      if (element.dotDotDotToken) return undefined;
      const name = propertyNameText(element.propertyName) ?? (ts.isIdentifier(element.name) ? element.name.text : undefined);
      if (!name) return undefined;
      names.push(name);
    }
    return names;
  }
  if (ts.isBinaryExpression(parent) && parent.right === outer && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isObjectLiteralExpression(parent.left)) {
    const names: string[] = [];
    for (const property of parent.left.properties) {
      const name = ts.isShorthandPropertyAssignment(property) || ts.isPropertyAssignment(property) ? propertyNameText(property.name) : undefined;
      if (!name) return undefined;
      names.push(name);
    }
    return names;
  }
  if (ts.isPropertyAccessExpression(parent) && parent.expression === outer) return [parent.name.text];
  // `const mcpSDKServer = await import(…)` read only as `mcpSDKServer.McpServer` (unchained's optional peer, sweep 36 AJ5).
  if (ts.isVariableDeclaration(parent) && parent.initializer === outer && ts.isIdentifier(parent.name) && ts.isVariableDeclarationList(parent.parent) && parent.parent.flags & ts.NodeFlags.Const) {
    return memberReads(parent.name);
  }
  return undefined;
}

/**
 * The members read of a module binding, when every use of it in its scope is `binding.Name` (read, not called on the
 * binding itself, not handed on); undefined otherwise, or when another declaration of the same name could shadow it
 * (a syntax tree alone cannot tell the two apart).
 */
function memberReads(binding: ts.Identifier): string[] | undefined {
  let scope: ts.Node = binding.parent;
  while (!ts.isBlock(scope) && !ts.isSourceFile(scope) && !ts.isModuleBlock(scope)) scope = scope.parent;
  const names = new Set<string>();
  let whole = false;
  forEachDescendant(scope, (node) => {
    if (whole || !ts.isIdentifier(node) || node === binding || node.text !== binding.text) return;
    const parent = node.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === node && !isWritten(parent)) names.add(parent.name.text);
    else whole = true;
  });
  return whole || names.size === 0 ? undefined : [...names];
}

function isWritten(access: ts.PropertyAccessExpression): boolean {
  const parent = access.parent;
  return ts.isBinaryExpression(parent) && parent.left === access && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
}

/** Whether one of the file's `import()` calls of the SDK sits in a `try` (the SDK optional: the file runs without it). */
export function sdkLoadedOptionally(fileName: string, text: string): boolean {
  return dynamicSdkImports(fileName, text).optional;
}
