/**
 * Registration wrappers: v1's shorthand registration methods of an SDK server read as values, not called.
 * Transforms ask here (the SDK move holds the package on v1; the handles transform does not register a
 * minting tool past the wrapper).
 */
import { ts } from '../typescript.js';
import type { AnalysisResult } from './model.js';
import { forEachOfKind } from './ast.js';
import { isServerKind } from './value.js';
import { registrationOf } from './sdk-modules.js';

const PROPERTY_ACCESSES = [ts.SyntaxKind.PropertyAccessExpression];

/**
 * v1's shorthand registration methods of an SDK server read as values, not called: `const origTool = server.tool.bind(server)`
 * and `server.tool = function (name, description, schema, handler) { … }`, a project wrapping every registration (a billing or
 * authentication gate around each tool: MaidToShelly/UluMCP, sweep 27 AA1). The move rewrites the `server.tool(…)` calls as
 * `registerTool(…)`, which never pass through the override, and v2's McpServer has no `tool`, so `server.tool.bind` throws while
 * the server is built: nothing the move can write keeps the gate. Per file, each such access (`server.tool`) with its line.
 */
export function capturedLegacyRegistrations(result: AnalysisResult): Map<string, Array<{ text: string; line: number }>> {
  const out = new Map<string, Array<{ text: string; line: number }>>();
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile) continue;
    forEachOfKind(sf, PROPERTY_ACCESSES, (node) => {
      const access = node as ts.PropertyAccessExpression;
      if (!registrationOf(access.name.text)?.legacy) return;
      let outer: ts.Node = access;
      while (ts.isParenthesizedExpression(outer.parent) || ts.isNonNullExpression(outer.parent)) outer = outer.parent;
      if (ts.isCallExpression(outer.parent) && outer.parent.expression === outer) return;
      if (!isServerKind(result.analysis.values.valueOf(access.expression))) return;
      const list = out.get(sf.fileName) ?? [];
      list.push({ text: access.getText(sf), line: sf.getLineAndCharacterOfPosition(access.getStart(sf)).line + 1 });
      out.set(sf.fileName, list);
    });
  }
  return out;
}
