/**
 * Routing tables a list request fills and a later request reads (analysis/list-routing.ts): metamcp's
 * `promptToClient`, filled while answering `prompts/list` and read by `prompts/get`. Nothing keys them by the
 * session id, so there is no handle to introduce; what must change is when the table is filled, which depends on
 * where the project learns what it lists (its upstreams, a registry): a marker at the table says so.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant } from '../../analysis/ast.js';
import { listRoutingTables, requestHandlerOf, type ListRouting, type RequestHandler } from '../../analysis/list-routing.js';
import type { AnalysisResult } from '../../analysis/model.js';

export function listRoutingSites(result: AnalysisResult): ListRouting[] {
  const handlers: RequestHandler[] = [];
  for (const sf of result.sourceFiles) {
    forEachDescendant(sf, (node) => {
      if (!ts.isCallExpression(node)) return;
      const handler = requestHandlerOf(result.analysis, node);
      if (handler) handlers.push(handler);
    });
  }
  return handlers.length === 0 ? [] : listRoutingTables(result.analysis, handlers);
}

export function listRoutingAdvice(table: ListRouting): string {
  return `\`${table.name}\` is filled only while answering ${table.list} and read by ${table.use}, so ${table.use} works only after a ${table.list} request reached this same server instance, as within a session. On 2026-07-28 each request may meet a fresh server (createMcpHandler builds one per request), and a client may call what it listed on another instance, or never listed: fill the table where the server is built (from what ${table.list} would list), or look the name up when ${table.use} asks for it.`;
}
