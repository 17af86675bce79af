/**
 * Names the official codemod dropped from an import while the code still uses them. It removes an
 * import of a module v2 no longer has (`@modelcontextprotocol/sdk/experimental/tasks`) whole, with
 * a warning but without touching the code that used it: `CreateTaskResult` (a spec type v2 still
 * exports) and `InMemoryTaskStore` (gone) are then referenced and bound by nothing.
 *
 * After the codemod, each name an SDK import bound before and the code still refers to, unbound,
 * is imported again from its v2 home: the first v2 entry point that exports it (the ones the file
 * already imports first; v2-exports.ts is read off the real packages). Where v2 exports no such
 * name (or only its type, where the code needs the value), the first use gets the codemod's own
 * `@mcp-codemod-error` comment, so the person migrating sees it and the report lists it.
 */
import type { Diagnostic, TransformContext } from '@modelcontextprotocol/codemod';
import type { Identifier, SourceFile } from 'ts-morph';
import { identifiersByText, inValuePosition, isMcpSpecifier, isReference, isUnbound, isV1Specifier, mergeableImport, type ImportBinding } from './bindings.js';
import { V2_ENTRY_POINTS, V2_EXPORTS } from './v2-exports.js';
import { SPLIT_EXPORTS } from '../../analysis/sdk-modules.js';

export interface DroppedImports {
  /** Put back: local name and the v2 entry point it is imported from now; `split`: renamed instead to the half of a split export (`from`) the file already imports. */
  restored: Array<{ local: string; from: string; split?: boolean }>;
  /** No v2 home: comments asked for at the first use. */
  diagnostics: Diagnostic[];
}

export function restoreDroppedImports(sf: SourceFile, sdkBefore: readonly ImportBinding[], context: TransformContext, existing: readonly Diagnostic[]): DroppedImports {
  const out: DroppedImports = { restored: [], diagnostics: [] };
  // One walk over the file's identifiers for all the bindings (referencesByName would walk once per binding); again after an edit.
  let identifiers: Map<string, Identifier[]> | undefined;
  const names = new Set(sdkBefore.filter((b) => isV1Specifier(b.specifier)).map((b) => b.local));
  for (const binding of sdkBefore) {
    if (!isV1Specifier(binding.specifier)) continue;
    identifiers ??= identifiersByText(sf, names);
    const unbound = (identifiers.get(binding.local) ?? []).filter(isReference).filter(isUnbound);
    if (!unbound.length) continue;
    const needsValue = !binding.typeOnly && unbound.some(inValuePosition);
    const home = binding.imported === '*' || binding.imported === 'default' ? undefined : homeOf(sf, binding.imported, needsValue, context);
    if (home) {
      addImport(sf, home, binding);
      identifiers = undefined;
      out.restored.push({ local: binding.local, from: home });
      continue;
    }
    // A v1 export v2 split in two (`ErrorCode`): the codemod moved its values to the first half (`ProtocolErrorCode.InvalidParams`)
    // but left it where it is a type (`function toMcpCode(code: number): ErrorCode`): the types follow the values (sweep 27 AA6).
    const split = !needsValue && binding.imported !== '*' && binding.imported !== 'default' ? SPLIT_EXPORTS[binding.imported] : undefined;
    const successor = split && followedSplit(sf, split);
    if (successor) {
      for (const id of unbound) id.replaceWithText(successor);
      identifiers = undefined;
      out.restored.push({ local: binding.local, from: successor, split: true });
      continue;
    }
    const first = unbound[0]!;
    // The codemod already left its own comment about this name (a removed symbol): one is enough.
    if (existing.some((d) => d.insertComment && d.message.includes(binding.imported))) continue;
    out.diagnostics.push({
      level: 'warning' as Diagnostic['level'],
      file: sf.getFilePath(),
      line: first.getStartLineNumber(),
      message: `${binding.local} came from ${binding.specifier}, and SDK v2 exports no ${binding.imported === '*' ? 'such module' : binding.imported}${needsValue ? ' value' : ''}: replace this use by hand.`,
      insertComment: true,
      resolveCurrentLine: () => first.getStartLineNumber(),
    });
  }
  return out;
}

/**
 * The half of a split export the file's values went to, when the file uses exactly one of them, bound by an SDK import
 * (`ProtocolErrorCode`, imported by the codemod with the values it rewrote); undefined when both or neither are used.
 */
function followedSplit(sf: SourceFile, halves: readonly string[]): string | undefined {
  const bound = new Set(sf.getImportDeclarations().filter((d) => isMcpSpecifier(d.getModuleSpecifierValue())).flatMap((d) => d.getNamedImports().filter((n) => !n.getAliasNode()).map((n) => n.getName())));
  const used = halves.filter((name) => bound.has(name));
  return used.length === 1 ? used[0] : undefined;
}

/** A name the file re-exports from a v1 module (`export { type X, y as z } from '…'`). */
export interface ReExportBinding {
  exported: string;
  imported: string;
  specifier: string;
}

export function v1ReExportBindings(sf: SourceFile): ReExportBinding[] {
  return sf.getExportDeclarations().flatMap((decl) => {
    const specifier = decl.getModuleSpecifierValue();
    if (specifier === undefined || !isV1Specifier(specifier)) return [];
    return decl.getNamedExports().map((named) => ({ exported: named.getAliasNode()?.getText() ?? named.getName(), imported: named.getName(), specifier }));
  });
}

/**
 * A re-export the codemod dropped because its module is gone in v2 (`export { type ShapeOutput } from
 * '…/server/zod-compat.js'`, as ChromeDevTools/chrome-devtools-mcp's third_party/index.ts has): it removes the name
 * with a report warning only, and the modules importing it from this file are left importing nothing. The
 * codemod's own comment goes above the file's first re-export (or its first statement), saying which name went.
 */
export function droppedReExportDiagnostics(sf: SourceFile, before: readonly ReExportBinding[], existing: readonly Diagnostic[]): Diagnostic[] {
  const exportedNow = new Set(sf.getExportDeclarations().flatMap((d) => d.getNamedExports().map((n) => n.getAliasNode()?.getText() ?? n.getName())));
  const anchor = sf.getExportDeclarations()[0] ?? sf.getStatements()[0];
  if (!anchor) return [];
  return before
    .filter((b) => !exportedNow.has(b.exported) && !existing.some((d) => d.insertComment && d.message.includes(b.imported)))
    .map((b) => ({
      level: 'warning' as Diagnostic['level'],
      file: sf.getFilePath(),
      line: anchor.getStartLineNumber(),
      message: `${b.exported} was re-exported from ${b.specifier}, and SDK v2 exports no ${b.imported}: the re-export is gone, so the modules importing ${b.exported} from this file need it replaced by hand.`,
      insertComment: true,
      resolveCurrentLine: () => anchor.getStartLineNumber(),
    }));
}

/** The v2 entry point to import `name` from: the file's own v2 imports first, then the server or client side the project is. */
function homeOf(sf: SourceFile, name: string, needsValue: boolean, context: TransformContext): string | undefined {
  const imported = sf.getImportDeclarations().map((d) => d.getModuleSpecifierValue()).filter((s) => isMcpSpecifier(s) && s in V2_EXPORTS);
  const sideFirst = context.projectType === 'client' ? [...V2_ENTRY_POINTS].sort((a, b) => Number(b.includes('/client')) - Number(a.includes('/client'))) : V2_ENTRY_POINTS;
  for (const entry of new Set([...imported, ...sideFirst])) {
    const exports = V2_EXPORTS[entry];
    if (exports?.values.includes(name) || (!needsValue && exports?.types.includes(name))) return entry;
  }
  return undefined;
}

function addImport(sf: SourceFile, from: string, binding: ImportBinding): void {
  const spec = binding.local === binding.imported ? binding.imported : { name: binding.imported, alias: binding.local };
  const existing = mergeableImport(sf, from, binding.typeOnly);
  if (existing) {
    existing.addNamedImport(spec);
    return;
  }
  const imports = sf.getImportDeclarations();
  const lastMcp = imports.map((d) => isMcpSpecifier(d.getModuleSpecifierValue())).lastIndexOf(true);
  const index = lastMcp >= 0 ? imports[lastMcp]!.getChildIndex() + 1 : imports.length ? imports.at(-1)!.getChildIndex() + 1 : 0;
  sf.insertImportDeclaration(index, { moduleSpecifier: from, namedImports: [spec], isTypeOnly: binding.typeOnly });
}
