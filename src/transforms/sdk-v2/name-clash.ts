/**
 * A name the official codemod brings in that the file already declares for itself. The codemod
 * turns v1's `RequestHandlerExtra` into an import of `ServerContext`; a project with its own
 * `ServerContext` (getsentry/sentry-mcp) then has two bindings of one name and does not parse
 * ("Identifier 'ServerContext' has already been declared").
 *
 * So the codemod runs again with the file's own binding hidden under a placeholder; the SDK's
 * import it added gets an alias (`ServerContext as McpServerContext`) used at every site that
 * refers to it; then the file's own name comes back, exactly as it was written.
 */
import type { SourceFile } from 'ts-morph';
import { loadTsMorph } from '../../typescript.js';
import { freshName, importBindings, isMcpSpecifier, referencesByName, topLevelDeclarationNames, type ImportBinding } from './bindings.js';

/** Names bound by an MCP import after the codemod that were not bound by an SDK import before, and that the file declares itself. */
export function clashingNames(sf: SourceFile, sdkBefore: readonly ImportBinding[], own: ReadonlySet<string>): string[] {
  const before = new Set(sdkBefore.map((b) => b.local));
  return [...new Set(importBindings(sf, isMcpSpecifier).map((b) => b.local))].filter((name) => !before.has(name) && own.has(name));
}

/** Replaces each of `ids` (start, end) with `text`, last first so the earlier offsets hold. */
function replaceAll(sf: SourceFile, spans: ReadonlyArray<[number, number]>, text: string): void {
  for (const [start, end] of [...spans].sort((a, b) => b[0] - a[0])) sf.replaceText([start, end], text);
}

/** Every identifier bound to the file's own declaration of `name` (its import or top-level declaration). */
function ownSpans(sf: SourceFile, name: string): Array<[number, number]> {
  const { Node } = loadTsMorph();
  const declarations = [
    ...sf
      .getImportDeclarations()
      .filter((d) => !isMcpSpecifier(d.getModuleSpecifierValue()))
      .flatMap((d) => [d.getDefaultImport(), d.getNamespaceImport(), ...d.getNamedImports().map((n) => n.getAliasNode() ?? n.getNameNode())]),
    ...topLevelDeclarationNames(sf),
  ].filter((id): id is NonNullable<typeof id> => id !== undefined && Node.isIdentifier(id) && id.getText() === name);
  const symbols = new Set(declarations.map((id) => id.getSymbol()).filter((s) => s !== undefined));
  const references = referencesByName(sf, name).filter((id) => {
    const parent = id.getParent();
    const symbol = parent && Node.isShorthandPropertyAssignment(parent) ? parent.getValueSymbol() : id.getSymbol();
    return symbol !== undefined && symbols.has(symbol);
  });
  return [...new Map([...declarations, ...references].map((id) => [id.getStart(), [id.getStart(), id.getEnd()] as [number, number]])).values()];
}

/** Hides the file's own `names` under placeholders; returns placeholder → name. */
export function hideOwnNames(sf: SourceFile, names: readonly string[]): Map<string, string> {
  const placeholders = new Map<string, string>();
  for (const name of names) {
    const placeholder = freshName(sf, `__mcpMigrateOwn_${name}`);
    replaceAll(sf, ownSpans(sf, name), placeholder);
    placeholders.set(placeholder, name);
  }
  return placeholders;
}

/** Gives the MCP import of each of `names` an alias (`Mcp<Name>`) and uses it wherever the import is referred to. */
export function aliasSdkImports(sf: SourceFile, names: readonly string[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const name of names) {
    const specifier = sf
      .getImportDeclarations()
      .filter((d) => isMcpSpecifier(d.getModuleSpecifierValue()))
      .flatMap((d) => d.getNamedImports())
      .find((n) => n.getName() === name && !n.getAliasNode());
    if (!specifier) continue;
    const alias = freshName(sf, `Mcp${name}`);
    const symbol = specifier.getNameNode().getSymbol();
    // Node by node (not text ranges): the codemod's comment anchors are nodes and must survive.
    for (const id of referencesByName(sf, name).filter((id) => id.getSymbol() === symbol)) id.replaceWithText(alias);
    specifier.replaceWithText(`${specifier.isTypeOnly() ? 'type ' : ''}${name} as ${alias}`);
    aliases.set(name, alias);
  }
  return aliases;
}

/**
 * The file's own names back where the placeholders are, in the final text (after the codemod's
 * comments are placed: their anchors are nodes, which a re-parse would lose). A placeholder is a
 * name used nowhere else in the file, so the text replacement touches nothing else.
 */
export function restoreOwnNames(text: string, placeholders: ReadonlyMap<string, string>): string {
  for (const [placeholder, name] of placeholders) text = text.replaceAll(placeholder, name);
  return text;
}
