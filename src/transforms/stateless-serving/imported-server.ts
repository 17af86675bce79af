/**
 * SDK 1.x's stateless idiom with the server in a module of its own (sweep 11 J2, satty1987/mcp_server): `mcp-server.js`
 * builds `const server = new McpServer(…)`, registers its tools and exports it; the route in `server.js` imports it and
 * connects it to a new transport in every request. The route's rewrite needs a factory, and the server's module
 * becomes one: its construction and registrations turn into `export function createServer() { …; return server; }`
 * (`extractFactory` in its exported mode), and the route imports `createServer` instead of `server`.
 *
 * That changes what another module may import, so it is done only when nothing else relies on the server object: the
 * route's module is its only importer (no other import, no re-export, no `export *` of the module), the route uses it
 * only in the `connect` being replaced, the server's module serves nothing itself (no transport of its own), is not an
 * entry point its package publishes (importers outside the project) and is not split by another rewrite. Otherwise the
 * route is marked, as before.
 *
 * The edits in the server's module are made while the route's rewrite is attempted; `ModuleFactories` keeps them
 * apart, so that a route rewrite refused later drops them with its own edits (`ServingFile.attempt`).
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import { isServerKind } from '../../analysis/value.js';
import { createdTransportClass } from '../../analysis/transport-classes.js';
import { SSE_TRANSPORTS, STDIO_TRANSPORTS, STREAMABLE_HTTP_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { RULE_ID } from '../../rule-ids.js';
import { builtInPlace, extractFactory, type ExportedServer } from './factory-extraction.js';
import { importSites } from './imports.js';
import { CannotRewrite } from './refusal.js';
import type { ServingFile } from './serving-file.js';
import { localNames } from './text.js';
import { dynamicLoadOf, moduleName, publishedByItsPackage, reExportsAllOf } from './module-reach.js';

/** Whether `decl`, the declaration a route's server resolves to, is a server built in another module. */
export function isImportedServer(file: ServingFile, decl: ts.Node): decl is ts.VariableDeclaration {
  return ts.isVariableDeclaration(decl) && decl.getSourceFile() !== file.sf && !!decl.initializer && builtInPlace(file.values, decl.initializer);
}

/**
 * The factory for a server `receiver` (in the route of `file`) imports from its own module: extracted there, imported
 * here. Refuses (`CannotRewrite` at `at`) what the header lists.
 */
export function importedServerFactory(file: ServingFile, receiver: ts.Identifier, decl: ts.VariableDeclaration, at: ts.Node): { name: string; async: boolean } {
  const refuse = (why: string): never => {
    throw new CannotRewrite(`the server is built in ${moduleName(decl.getSourceFile())} and imported here: ${why}`, at, RULE_ID.perSessionServer);
  };
  const factories = file.moduleFactories;
  const owner = factories?.files.get(decl.getSourceFile());
  if (!factories || !owner) return refuse('extract its construction into an exported factory function there, and import that instead.');
  if (!ts.isIdentifier(decl.name) || statementOf(decl).parent !== owner.sf || !isServerKind(file.values.valueOf(unwrap(decl.initializer!)))) {
    return refuse('it is not built by a statement of its own at the top of that module: extract its construction into an exported factory function there.');
  }
  const name = decl.name.text;
  const exportedBy = exportOf(owner, decl);
  if (!exportedBy) return refuse(`it is not exported there as \`export const ${name}\` or \`export { ${name} }\`: export a factory function that builds it instead, and import that.`);
  const importSite = importSites(file.sf).find((site) => site.kind === 'esm' && site.named.some((b) => b.local === receiver.text && b.imported === name));
  if (!importSite) return refuse(`it is not imported by name with \`import { ${name} } from …\`: import a factory function that builds it instead.`);
  // Everything else that may reach the server object: another importer, a re-export, another use in the route's module.
  const names = new Set([name, receiver.text]);
  for (const other of factories.files.values()) {
    if (other === owner) continue;
    if (reExportsAllOf(file.values, other.sf, owner.sf)) {
      refuse(`${moduleName(other.sf)} re-exports all of that module (\`export *\`), so other code may use the server object: export a factory function there instead.`);
    }
    // `await import('./mcp-server.js')`, `require('./mcp-server')`: importers the checker does not bind by name.
    const loader = dynamicLoadOf(file.values, other.sf, owner.sf);
    if (loader) refuse(`${moduleName(other.sf)} loads that module at run time (line ${other.line(loader)}), so it may use the server object: extract the server into a factory by hand.`);
    const uses: ts.Identifier[] = [];
    forEachDescendant(other.sf, (node) => {
      if (!ts.isIdentifier(node) || !names.has(node.text) || file.values.symbolOf(node)?.valueDeclaration !== decl) return;
      if (other === file && (isInside(node, importSite.statement) || isInside(node, statementOf(at)))) return;
      uses.push(node);
    });
    // Named where it is used rather than where it is imported, when it is used at all.
    const use = uses.find((u) => !ts.isImportDeclaration(statementOf(u))) ?? uses[0];
    if (use) refuse(`${other === file ? 'this module' : moduleName(other.sf)} also uses the server object (line ${other.line(use)}), which a factory would no longer share: extract the server into a factory by hand.`);
  }
  // A module its package publishes (`main`, `module`, `exports`) may have importers outside the project.
  if (publishedByItsPackage(owner.sf.fileName)) return refuse(`that module is an entry point its package publishes (package.json \`main\`, \`module\` or \`exports\`), so code outside the project may import the server object: export a factory function there beside it instead.`);
  // The server's module must not be rewritten by the serving plan itself (it would be edited twice).
  if (servesItself(owner)) return refuse('that module also connects transports itself: extract the server into a factory by hand.');
  if (owner.splits.some((split) => split.files.has(owner.sf.fileName))) return refuse('that module is being changed by another rewrite (a factory split): extract the server into a factory by hand.');
  const known = factories.known(decl);
  if (known) {
    file.imports.add(importSite.module, known.name);
    return known;
  }
  const factory = freshIn('createServer', owner.sf, file.sf);
  const before = owner.edits.length;
  const replaced = owner.replaced.length;
  let extracted: { name: string; async: boolean };
  try {
    extracted = extractFactory(owner, decl, undefined, { exportedBy, factory } satisfies ExportedServer);
  } catch (error) {
    if (error instanceof CannotRewrite) {
      owner.edits.length = before;
      owner.replaced.length = replaced;
      refuse(`${error.message.replace(/\.$/, '')} (in ${moduleName(owner.sf)}, line ${owner.line(error.node)}).`);
    }
    throw error;
  }
  const made = owner.edits.splice(before);
  owner.replaced.length = replaced;
  factories.edits.push(...made);
  factories.remember(decl, extracted, made[0]!);
  file.imports.add(importSite.module, extracted.name);
  return extracted;
}

/** How the server is exported: `export const server = …` (`declaration`), or the one specifier of `export { server }`. */
function exportOf(owner: ServingFile, decl: ts.VariableDeclaration): ExportedServer['exportedBy'] | undefined {
  const name = (decl.name as ts.Identifier).text;
  const statement = statementOf(decl);
  const byModifier = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const specifiers = owner.sf.statements.flatMap((s) =>
    ts.isExportDeclaration(s) && !s.moduleSpecifier && !s.isTypeOnly && s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.filter((e) => (e.propertyName ?? e.name).getText(owner.sf) === name) : [],
  );
  const byDefault = owner.sf.statements.some((s) => ts.isExportAssignment(s) && ts.isIdentifier(unwrap(s.expression)) && (unwrap(s.expression) as ts.Identifier).text === name);
  if (byDefault) return undefined;
  if (byModifier && specifiers.length === 0) return 'declaration';
  // `export { server }` once, under its own name (an alias would leave the importers' name on a factory).
  if (!byModifier && specifiers.length === 1 && !specifiers[0]!.propertyName && !specifiers[0]!.isTypeOnly) return specifiers[0];
  return undefined;
}




/** Whether the module constructs an SDK transport (Streamable HTTP, stdio or HTTP+SSE) itself. */
function servesItself(owner: ServingFile): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    const created = ts.isNewExpression(node) ? createdTransportClass(owner.result.analysis, node) : undefined;
    if (created && (STREAMABLE_HTTP_TRANSPORTS.has(created.name) || STDIO_TRANSPORTS.has(created.name) || SSE_TRANSPORTS.has(created.name))) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(owner.sf);
  return found;
}

/** `base`, or `base2`, …: a name neither module declares, imports or exports (`export { make as createServer }`). */
function freshIn(base: string, ...files: ts.SourceFile[]): string {
  const taken = new Set<string>();
  for (const sf of files) {
    for (const statement of sf.statements) {
      if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) for (const e of statement.exportClause.elements) taken.add(e.name.text);
    }
    for (const n of localNames(sf)) taken.add(n);
    for (const site of importSites(sf)) {
      if (site.defaultName) taken.add(site.defaultName);
      if (site.namespace) taken.add(site.namespace);
      for (const b of site.named) taken.add(b.local);
    }
  }
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}
