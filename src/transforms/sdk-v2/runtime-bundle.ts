/**
 * A package whose SDK runtime comes through a module of its own that stays on v1: playwright-mcp's
 * `src/sdk/bundle.ts` declares `const Server: typeof import('@modelcontextprotocol/sdk/server/index.js').Server
 * = bundle.Server`, the values taken from a prebuilt bundle (`playwright/lib/mcpBundleImpl`). The
 * official codemod would move the package's type imports to v2 while every object at run time is
 * still the bundle's v1 one, and the types no longer fit the values.
 *
 * Such a module is found by what it declares: a value typed `typeof import('<v1 SDK module>')…` and
 * initialised from something else. Its package is then left on v1, with a note saying why.
 */
import { ts } from '../../typescript.js';
import { syntaxTreeOf } from '../../analysis/parsed-files.js';
import { isV1Specifier } from './bindings.js';

/** Whether `text` re-exports SDK v1 values taken from a module other than the SDK. */
export function reexportsSdkRuntime(file: string, text: string): boolean {
  if (!text.includes('import(')) return false;
  const sf = syntaxTreeOf(file, text);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && node.type && node.initializer && typedBySdkValue(node.type)) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** `typeof import('@modelcontextprotocol/sdk/…').Name`: the type of an SDK v1 value. */
function typedBySdkValue(type: ts.TypeNode): boolean {
  if (!ts.isImportTypeNode(type) || !type.isTypeOf) return false;
  const argument = type.argument;
  return ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal) && isV1Specifier(argument.literal.text);
}
