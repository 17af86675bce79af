/**
 * What a module binds at its top level, as the serving entries ask before they write code into it: its names, the module
 * a name is imported from, and whether the entry's own names are taken by something else.
 */
import { ts } from '../../typescript.js';
import { HTTP_HANDLER_FUNCTION } from '../../analysis/sdk-modules.js';

/**
 * The names the entry's code uses (`createMcpHandler`, `toNodeHandler`) that `sf` already binds to something else (its
 * own helper, another package's): the entry would call that instead of the SDK's.
 */
export function entryNameClash(sf: ts.SourceFile): string | undefined {
  for (const [name, module] of [[HTTP_HANDLER_FUNCTION, '@modelcontextprotocol/server'], ['toNodeHandler', '@modelcontextprotocol/node']] as const) {
    if (!topLevelNames(sf).has(name)) continue;
    if (namedImportOf(sf, name) !== module) return `\`${sf.fileName.split(/[\\/]/).pop()}\` already has a \`${name}\` of its own, which the entry's code would call instead of the SDK's`;
  }
  return undefined;
}

/** The names declared or imported at the top of `sf`. */
export function topLevelNames(sf: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const s of sf.statements) {
    if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name) names.add(s.name.text);
    if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    const clause = ts.isImportDeclaration(s) ? s.importClause : undefined;
    if (clause?.name) names.add(clause.name.text);
    if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) names.add(clause.namedBindings.name.text);
    if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) for (const e of clause.namedBindings.elements) names.add(e.name.text);
  }
  return names;
}

/**
 * The module `sf` imports `name` from by a plain named value import (`import { name } from 'm'`); null when it binds it
 * by another import (default, namespace, aliased, type-only); undefined when no import binds it.
 */
export function namedImportOf(sf: ts.SourceFile, name: string): string | null | undefined {
  for (const s of sf.statements) {
    const clause = ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) ? s.importClause : undefined;
    if (!clause) continue;
    if (clause.name?.text === name || (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings) && clause.namedBindings.name.text === name)) return null;
    const element = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.find((e) => e.name.text === name) : undefined;
    if (!element) continue;
    if (clause.isTypeOnly || element.isTypeOnly || (element.propertyName && element.propertyName.text !== name)) return null;
    return ((s as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral).text;
  }
  return undefined;
}
