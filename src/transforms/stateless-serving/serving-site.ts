/**
 * A file's plan as the rewrites of session-registry.ts, legacy-sse.ts and era-modern-only.ts see it: the same edits,
 * markers and imports as the rest of the plan, with refusals handed over as reasons instead of thrown. The view
 * itself (ServingSite) is declared in serving-site-view.ts, which those rewrites import instead of this module.
 */
import { statementOf } from '../../analysis/ast.js';
import { markerInsertion } from '../../markers.js';
import { transportOptionsOf } from './eligibility.js';
import { CannotRewrite } from './refusal.js';
import { factoryOf } from './server-factory.js';
import type { ServingFile } from './serving-file.js';
import type { ServingSite } from './serving-site-view.js';

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
    removeRegistries: (registries) => file.removeRegistries(registries),
    marker: (node, ruleId, message) => {
      const sf = node.getSourceFile();
      if (sf === file.sf) return file.marker(node, ruleId, message);
      // Another file (a caller passing an option that no longer does anything): its marker goes straight to the plan.
      const start = statementOf(node).getStart(sf);
      const insertion = markerInsertion(sf.text, start, ruleId, message);
      file.plan.markers.push({ file: sf.fileName, line: sf.getLineAndCharacterOfPosition(start).line + 1, ruleId, message });
      if (insertion) file.plan.edits.push({ file: sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
    },
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
    transportOptions: (created) => {
      try {
        return transportOptionsOf(created);
      } catch (error) {
        return refusal(error);
      }
    },
  };
}
