/**
 * Endpoints that already serve both protocol eras (the SDK's legacy-routing pattern): a predicate built on the
 * SDK's `isLegacyRequest` sends 2026-07-28 requests to a stateless entry, and the sessionful path after it serves
 * 2025-era clients with sessions. That path is a decision the maintainer made, not a migration left undone: it
 * is not rewritten, and its marker says which path it is and what goes with it.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { HTTP_HANDLER_FUNCTION } from '../../analysis/sdk-modules.js';

interface EraRouting {
  /** The call in the route that tells the eras apart (`isLegacyRequest`, or the project predicate calling it). */
  discriminator: string;
  /** The call in the route that serves the 2026-07-28 requests, when it is a project function over `createMcpHandler`. */
  statelessEntry?: string;
}

/** How `handler` routes the eras, when it calls `isLegacyRequest` (directly or through a project function). */
export function eraRouting(result: AnalysisResult, handler: ts.Node): EraRouting | undefined {
  let discriminator: string | undefined;
  let statelessEntry: string | undefined;
  forEachDescendant(handler, (node) => {
    if (!ts.isCallExpression(node)) return;
    if (!discriminator && callsSdk(result, node, 'isLegacyRequest')) discriminator = calleeParts(node).name;
    else if (!statelessEntry && callsSdk(result, node, HTTP_HANDLER_FUNCTION)) statelessEntry = calleeParts(node).name;
  });
  return discriminator ? { discriminator, ...(statelessEntry ? { statelessEntry } : {}) } : undefined;
}

/** Whether `call` is the SDK function `name`, or a project function whose body calls it. */
function callsSdk(result: AnalysisResult, call: ts.CallExpression, name: string): boolean {
  if (result.analysis.sdk.exportOf(call.expression)?.name === name) return true;
  const fn = result.analysis.values.calls.functionOfCall(call);
  if (!fn?.body) return false;
  let found = false;
  forEachDescendant(fn.body, (node) => {
    if (!found && ts.isCallExpression(node) && result.analysis.sdk.exportOf(node.expression)?.name === name) found = true;
    // A handler kept in a module constant (`const handler = toNodeHandler(createMcpHandler(…))`) is the entry too.
    if (!found && ts.isIdentifier(node) && name === HTTP_HANDLER_FUNCTION) {
      const decl = result.analysis.values.symbolOf(node)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && decl.getSourceFile() === node.getSourceFile()) {
        forEachDescendant(decl.initializer, (inner) => {
          if (ts.isCallExpression(inner) && result.analysis.sdk.exportOf(inner.expression)?.name === name) found = true;
        });
      }
    }
  });
  return found;
}

/** The marker's advice: which path this is, what goes with it, and how 2025-era clients are served without it. */
export function eraRoutingAdvice(era: EraRouting, target: '2026-07-28' | 'stateless-v1'): string {
  const entry = era.statelessEntry ? `\`${era.statelessEntry}()\`` : 'the stateless entry';
  const drop = target === '2026-07-28' ? ` To serve 2025-era clients without sessions as well, drop this path and hand every request to ${entry}, its handler's \`legacy\` option at \`'stateless'\` (the default).` : '';
  return `this route already serves 2026-07-28 requests statelessly: \`${era.discriminator}()\` (the SDK's \`isLegacyRequest\`) sends them to ${entry}, and this sessionful transport is the path kept for 2025-era clients. It stays while those clients need sessions; the session-id lookups, \`onsession*\` bookkeeping, the registries and the GET/DELETE session routes go with it, not before.${drop}`;
}
