/**
 * The sites of a framework built on SDK 1.x (a framework description's uses, `src/frameworks/*.ts`)
 * that no rewrite reaches: FastMCP hands its tools and `connect` hooks a `FastMCPSession` whose
 * `requestSampling()` and `clientCapabilities` belong to the initialize handshake and to server→client
 * requests, and projects keep that session in a field for later calls (claude-task-master's MCP
 * provider, brightdata). The framework itself decides how a request reaches the server (FastMCP 4's
 * stateless mode hands each request a throwaway session), so the code cannot be moved to a v2 request
 * context by mcp-migrate: each site gets one marker carrying the framework's own advice, and `scan`
 * then reports the marker in the finding's place.
 *
 * Serving sites (`session-transport/*`) are `stateless-serving`'s; the handshake, deprecated-feature
 * and per-session-server sites below are marked here, after the protocol transforms had their turn.
 */
import type { ts } from '../../typescript.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { markedSpans } from '../../markers.js';
import { frameworkSites } from '../../rules/framework-sites.js';
import type { TransformPlan } from '../kit/plan.js';
import { addMarker, isMarked } from '../kit/handler-sites.js';

/** The rules whose framework sites this pass marks (declared in the catalog's `marks`). */
export const FRAMEWORK_SITE_RULES = ['handshake/client-capabilities', 'deprecated-feature/sampling', 'session-state/per-session-server'] as const;

const MARKED_RULES: ReadonlySet<string> = new Set(FRAMEWORK_SITE_RULES);

/** Marks each framework site of those rules that no marker stands for yet; returns how many it marked. */
export function markFrameworkSites(result: AnalysisResult, plan: TransformPlan): number {
  const files = new Set(result.sourceFiles.filter((sf) => !sf.isDeclarationFile));
  const spans = new Map<ts.SourceFile, ReturnType<typeof markedSpans>>();
  const spansOf = (sf: ts.SourceFile) => spans.get(sf) ?? spans.set(sf, markedSpans(sf)).get(sf)!;
  let marked = 0;
  for (const site of frameworkSites(result.analysis, files)) {
    if (!MARKED_RULES.has(site.rule) || isMarked(plan, site.node)) continue;
    const sf = site.node.getSourceFile();
    const line = sf.getLineAndCharacterOfPosition(site.node.getStart(sf)).line + 1;
    // A marker of the same rule already in the code (an earlier run, or another transform's) stands for it.
    if (spansOf(sf).some((s) => s.ruleId === site.rule && s.markerLine < line && line <= s.endLine)) continue;
    addMarker(plan, site.node, site.rule, site.message);
    marked++;
  }
  return marked;
}
