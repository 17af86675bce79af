/**
 * A file's plan as the rewrites of session-registry.ts, legacy-sse.ts and era-modern-only.ts see it: the same edits,
 * markers and imports as the rest of the plan, with refusals handed over as reasons instead of thrown. The view
 * itself (ServingSite) is declared in serving-site-view.ts, which those rewrites import instead of this module.
 */
import type { ts } from '../../typescript.js';
import { calleeParts } from '../../analysis/ast.js';
import type { RouteFramework } from '../../analysis/routes.js';
import { indentAt } from '../kit/source-style.js';
import { BOILERPLATE_GLOBALS, checkBoilerplate, transportOptionsOf } from './eligibility.js';
import { addEntryImports, besideEntry, createHandlerDeclaration, entryOptions, mountLines, parsesBody } from './entry-code.js';
import { CannotRewrite } from './refusal.js';
import { factoryOf } from './server-factory.js';
import { ServingFile } from './serving-file.js';
import type { TextEdit } from '../kit/edits.js';
import type { ServingSite } from './serving-site-view.js';
import { afterLineOf, removalRange, replacementOf } from './text.js';
import { removeElsewhere } from './elsewhere-removals.js';

export function servingSite(file: ServingFile): ServingSite {
  const refusal = (error: unknown): string => {
    if (error instanceof CannotRewrite) return error.message;
    throw error;
  };
  return {
    sf: file.sf,
    result: file.result,
    options: file.options,
    unit: file.unit,
    sdkNames: file.sdkNames,
    q: (text) => file.q(text),
    edit: (start, end, text) => file.edit(start, end, text),
    remove: (statement) => file.remove(statement),
    // Made only once the rewrite is decided (planLegacySse decides before it edits), so nothing takes them back.
    removeElsewhere: (removals) => removeElsewhere(file.plan, file.values, removals),
    removeRegistries: (registries) => file.removeRegistries(registries),
    // Another file (a caller passing an option that no longer does anything) is marked straight in the plan.
    marker: (node, ruleId, message) => file.markerAnywhere(node, ruleId, message),
    addImport: (module, name) => file.imports.add(module, name),
    note: (text) => file.plan.notes!.push(text),
    freshName: (base) => file.freshName(base),
    factoryOf: (scope, transport) => {
      try {
        return factoryOf(file, scope, transport);
      } catch (error) {
        return refusal(error);
      }
    },
    plumbingRefusal: (root, allowed, where) => {
      try {
        checkBoilerplate(file, root, new Set([...BOILERPLATE_GLOBALS, ...file.sdkNames, ...allowed]), where);
        return undefined;
      } catch (error) {
        return refusal(error);
      }
    },
    writeEntry: (route, framework, entry, at, beside) => writeEntry(file, route, framework, entry, at, beside),
    entryElsewhere: (route, framework, entry, at, imports, replaced) => entryElsewhere(file, route, framework, entry, at, imports, replaced),
    transportOptions: (created) => {
      try {
        return transportOptionsOf(created);
      } catch (error) {
        return refusal(error);
      }
    },
  };
}

/**
 * ServingSite.entryElsewhere: the entry's code for the statement `at` of another module, written as that module is (its
 * quotes, indentation, free names), and the edits of its imports. A plan of its own for that module only collects them:
 * its statements are written by elsewhere-removals.ts once every file is planned.
 */
function entryElsewhere(file: ServingFile, route: ts.CallExpression, framework: RouteFramework, entry: { path: string; factory: string; parsedBody: boolean }, at: ts.Node, imports: ReadonlyArray<{ module: string; name: string }>, replaced: readonly ts.Node[]): { text: string; edits: TextEdit[]; handlerName: string } {
  const sf = at.getSourceFile();
  const there = new ServingFile(file.result, sf, file.requested, { edits: [], newFiles: new Map(), markers: [], notes: [] });
  const indent = indentAt(sf.text, at.getStart(sf));
  const handlerName = there.freshName('mcpHandler');
  const nodeHandlerName = there.freshName('mcpNodeHandler');
  const create = createHandlerDeclaration(handlerName, entry.factory, entryOptions(there, {}), indent, there.unit);
  const receiver = calleeParts(route).receiver!.getText(sf);
  const args = [entry.path, ...route.arguments.slice(1, -1).map((a) => a.getText(sf))];
  const mount = mountLines(framework, { receiver, args, handlerName, nodeHandlerName, parsesBody: entry.parsedBody || parsesBody(there, route), indent, unit: there.unit });
  const text = [create, ...mount].join(`\n${indent}`);
  addEntryImports(there, framework !== 'hono');
  for (const { module, name } of imports) there.imports.add(module, name);
  const ranges = replaced.map((node) => removalRange(sf, node));
  return { text, edits: there.imports.edits(ranges, [text]), handlerName };
}

/** ServingSite.writeEntry: the entry's lines in place of the statement `at` (with the comments above it), or after it. */
function writeEntry(file: ServingFile, route: ts.CallExpression, framework: RouteFramework, entry: { path: string; factory: string; parsedBody: boolean }, at: ts.Node, beside: boolean): string {
  const { path, factory } = entry;
  const indent = indentAt(file.text, at.getStart(file.sf));
  const handlerName = file.freshName('mcpHandler');
  const nodeHandlerName = file.freshName('mcpNodeHandler');
  const options = entryOptions(file, {});
  const create = createHandlerDeclaration(handlerName, factory, options, indent, file.unit);
  const receiver = calleeParts(route).receiver!.getText(file.sf);
  const args = [path, ...route.arguments.slice(1, -1).map((a) => a.getText(file.sf))];
  const handler = route.arguments[route.arguments.length - 1]!;
  const mount = mountLines(framework, { receiver, args, handlerName, nodeHandlerName, parsesBody: entry.parsedBody || parsesBody(file, handler), indent, unit: file.unit });
  const code = [create, ...mount].join(`\n${indent}`);
  addEntryImports(file, framework !== 'hono');
  if (beside) {
    // After the statement's line, a trailing comment on it included.
    file.insert(afterLineOf(file.sf, at), besideEntry(code, indent));
    return handlerName;
  }
  const replacement = replacementOf(file.sf, at, code);
  file.edit(replacement.start, replacement.end, replacement.text);
  return handlerName;
}
