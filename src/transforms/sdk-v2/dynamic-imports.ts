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
import { forEachDescendant, propertyNameText } from '../../analysis/ast.js';
import { syntaxTreeOf } from '../../analysis/parsed-files.js';
import { V2_EXPORTS } from './v2-exports.js';
import { v2EntryPointOf } from '../../analysis/sdk-modules.js';

const V1_SDK = '@modelcontextprotocol/sdk';

/** Why the file's dynamic SDK imports cannot move ("`import('…/streamableHttp.js')` takes StreamableHTTPServerTransport"), or an empty list. */
export function unmovableDynamicSdkImports(fileName: string, text: string): string[] {
  if (!/\bimport\s*\(/.test(text) || !text.includes(V1_SDK)) return [];
  const sf = syntaxTreeOf(fileName, text);
  const out: string[] = [];
  forEachDescendant(sf, (node) => {
    if (!ts.isCallExpression(node) || node.expression.kind !== ts.SyntaxKind.ImportKeyword) return;
    const spec = node.arguments[0];
    if (!spec || !ts.isStringLiteralLike(spec) || !spec.text.startsWith(`${V1_SDK}/`)) return;
    // The entry the codemod's import map points it at (`server/stdio.js` has its own: sweep 35 AI4).
    const entry = v2EntryPointOf(spec.text.slice(V1_SDK.length + 1));
    const exported = new Set([...(V2_EXPORTS[entry]?.values ?? []), ...(V2_EXPORTS[entry]?.types ?? [])]);
    const names = namesTaken(node);
    const call = `\`import('${spec.text}')\``;
    if (names === undefined) out.push(`${call} keeps the module whole, so what it is used for cannot be checked against ${entry}`);
    else {
      const missing = names.filter((n) => !exported.has(n));
      if (missing.length) out.push(`${call} takes ${missing.map((n) => `\`${n}\``).join(', ')}, which ${entry} does not export`);
    }
  });
  return out;
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
  return undefined;
}
