/**
 * A module augmentation is one declaration for the whole program, whichever file writes it. A file
 * held on SDK v1 (v1-dependencies.ts) that augments the same interface property as a file moved to
 * v2 would declare it with v1's type while the moved file declares it with v2's, and TypeScript
 * requires the declarations to agree (TS2717 "Subsequent property declarations must have the same
 * type"): modelcontextprotocol/example-remote-server's `example-apps/index.ts` (held: it imports the
 * example servers, built on v1) and `mcp/handlers/shttp.ts` (moved) both declare
 * `declare module "express-serve-static-core" { interface Request { auth?: AuthInfo } }`.
 *
 * The held file's import of such a type, when the file uses what it imports only inside its
 * augmentations and v2's server package exports every name of it, is pointed at
 * `@modelcontextprotocol/server`: the augmentation then agrees with the moved file's, and the rest
 * of the held file stays on v1 (v2's `AuthInfo` only adds an optional field, so the held file's v1
 * transport still accepts the request). Anything else (the name also used outside an augmentation,
 * an import with other names) is left as it was: apply's type check reports it.
 */
import { ts } from '../../typescript.js';
import { syntaxTreeOf } from '../../analysis/parsed-files.js';
import { isV1Specifier } from './bindings.js';
import { V2_EXPORTS } from './v2-exports.js';

const V2_SERVER = '@modelcontextprotocol/server';

export interface HeldAugmentationFix {
  file: string;
  before: string;
  text: string;
  /** The names now imported from v2 for the augmentation. */
  names: string[];
}

/** New texts for held files whose augmentations must agree with a moved file's (see above). */
export function alignHeldAugmentations(held: ReadonlyArray<{ file: string; text: string }>, moved: ReadonlyArray<{ file: string; text: string }>): HeldAugmentationFix[] {
  const movedKeys = new Set<string>();
  for (const m of moved) for (const p of augmentedProperties(syntaxTreeOf(m.file, m.text))) movedKeys.add(p.key);
  if (!movedKeys.size) return [];
  const out: HeldAugmentationFix[] = [];
  for (const h of held) {
    const sf = syntaxTreeOf(h.file, h.text);
    const properties = augmentedProperties(sf);
    const shared = properties.filter((p) => movedKeys.has(p.key));
    if (!shared.length) continue;
    const named = new Set<string>();
    for (const p of shared) collectIdentifiers(p.type, named);
    const edits: Array<{ start: number; end: number; text: string }> = [];
    const names: string[] = [];
    for (const statement of sf.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !isV1Specifier(statement.moduleSpecifier.text)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings) || statement.importClause?.name) continue;
      const elements = bindings.elements;
      if (!elements.some((e) => named.has(e.name.text))) continue;
      const v2 = V2_EXPORTS[V2_SERVER]!;
      const movable = elements.every((e) => {
        const exported = (e.propertyName ?? e.name).text;
        return (v2.types.includes(exported) || v2.values.includes(exported)) && usedOnlyInAugmentations(sf, e.name.text);
      });
      if (!movable) continue;
      const spec = statement.moduleSpecifier;
      edits.push({ start: spec.getStart(sf) + 1, end: spec.getEnd() - 1, text: V2_SERVER });
      names.push(...elements.map((e) => e.name.text));
    }
    if (!edits.length) continue;
    let text = h.text;
    for (const e of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
    out.push({ file: h.file, before: h.text, text, names });
  }
  return out;
}

interface AugmentedProperty {
  /** `module:<name>/<namespace…>/<interface>/<property>` or `global/<namespace…>/<interface>/<property>`. */
  key: string;
  type: ts.TypeNode | undefined;
}

/** The interface properties a file declares inside `declare module '…'` / `declare global` blocks. */
function augmentedProperties(sf: ts.SourceFile): AugmentedProperty[] {
  const out: AugmentedProperty[] = [];
  const walk = (body: ts.ModuleBody | undefined, path: string): void => {
    if (!body || !ts.isModuleBlock(body)) return;
    for (const statement of body.statements) {
      if (ts.isInterfaceDeclaration(statement)) {
        for (const member of statement.members) {
          if (ts.isPropertySignature(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) out.push({ key: `${path}/${statement.name.text}/${member.name.text}`, type: member.type });
        }
      } else if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name)) {
        walk(statement.body, `${path}/${statement.name.text}`);
      }
    }
  };
  for (const statement of sf.statements) {
    if (!ts.isModuleDeclaration(statement)) continue;
    if (ts.isStringLiteral(statement.name)) walk(statement.body, `module:${statement.name.text}`);
    else if (statement.flags & ts.NodeFlags.GlobalAugmentation) walk(statement.body, 'global');
  }
  return out;
}

function collectIdentifiers(node: ts.Node | undefined, into: Set<string>): void {
  if (!node) return;
  if (ts.isIdentifier(node)) into.add(node.text);
  ts.forEachChild(node, (child) => collectIdentifiers(child, into));
}

/** Every use of `name` (outside imports) lies inside a `declare module` / `declare global` block. */
function usedOnlyInAugmentations(sf: ts.SourceFile, name: string): boolean {
  let outside = false;
  const visit = (node: ts.Node, inAugmentation: boolean): void => {
    if (outside || ts.isImportDeclaration(node)) return;
    const augmentation = inAugmentation || (ts.isModuleDeclaration(node) && (ts.isStringLiteral(node.name) || Boolean(node.flags & ts.NodeFlags.GlobalAugmentation)));
    if (ts.isIdentifier(node) && node.text === name && !inAugmentation && !isPropertyName(node)) outside = true;
    ts.forEachChild(node, (child) => visit(child, augmentation));
  };
  visit(sf, false);
  return !outside;
}

function isPropertyName(id: ts.Identifier): boolean {
  const parent = id.parent;
  return (ts.isPropertyAccessExpression(parent) && parent.name === id) || ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent)) && parent.name === id);
}
