/**
 * Code built on SDK v1's experimental tasks layer, which v2 does not have (SEP-2663 moved tasks to
 * the Extensions Track). cyanheads/mcp-ts-template implements v1's `TaskStore` and `TaskMessageQueue`,
 * re-exports the layer from its own `taskTypes.ts` and carries `RequestTaskStore` in its request
 * context; apify-mcp-server types its task execution with `TaskStore`. Moved to v2, every one of those
 * names is gone (cyanheads: 54 new type errors) while the runtime they describe cannot move: such a
 * package stays on v1 whole, with a note (like a package whose runtime is a v1 bundle).
 *
 * What `experimental-tasks.ts` removes (an `InMemoryTaskStore` / `InMemoryTaskMessageQueue` that only
 * built a server) and the task types v2 still exports (`CreateTaskResult`, `Task`, …) do not count:
 * modelcontextprotocol/servers `src/everything` moves.
 */
import { ts } from '../../typescript.js';
import { syntaxTreeOf } from '../../analysis/parsed-files.js';
import { isV1Specifier } from './bindings.js';
import { V2_EXPORTS } from './v2-exports.js';
import { V1_EXPERIMENTAL_TASKS } from '../../analysis/sdk-modules.js';

const TASKS_MODULE = V1_EXPERIMENTAL_TASKS.modulePattern;
/** Built only to configure a server: experimental-tasks.ts removes them with their options. */
const REMOVABLE = new Set([V1_EXPERIMENTAL_TASKS.store.class, V1_EXPERIMENTAL_TASKS.messageQueue.class]);
/** Parts of the tasks layer that v1 exports from other modules (`shared/protocol.js`). */
const TASKS_LAYER_ELSEWHERE = new Set(['RequestTaskStore']);

let v2Names: Set<string> | undefined;
function exportedByV2(name: string): boolean {
  v2Names ??= new Set(Object.values(V2_EXPORTS).flatMap((e) => [...e.values, ...e.types]));
  return v2Names.has(name);
}

/** The names of SDK v1's tasks layer the file imports or re-exports that v2 has no home for; sorted. */
export function tasksLayerNames(file: string, text: string): string[] {
  if (!text.includes('@modelcontextprotocol/sdk')) return [];
  const sf = syntaxTreeOf(file, text);
  const out = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    if (!specifier || !isV1Specifier(specifier)) continue;
    const fromTasks = TASKS_MODULE.test(specifier);
    const reexport = ts.isExportDeclaration(statement);
    for (const name of importedNames(statement)) {
      if (exportedByV2(name)) continue;
      if (fromTasks ? reexport || !REMOVABLE.has(name) : TASKS_LAYER_ELSEWHERE.has(name)) out.add(name);
    }
    // `export * from '…/experimental/tasks'`: the whole layer becomes part of the project's API.
    if (fromTasks && reexport && !statement.exportClause) out.add('*');
  }
  return [...out].sort();
}

/** The exported names an import or export-from declaration takes (`propertyName` when aliased). */
function importedNames(statement: ts.ImportDeclaration | ts.ExportDeclaration): string[] {
  if (ts.isExportDeclaration(statement)) {
    return statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements.map((e) => (e.propertyName ?? e.name).text) : [];
  }
  const bindings = statement.importClause?.namedBindings;
  return bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : [];
}
