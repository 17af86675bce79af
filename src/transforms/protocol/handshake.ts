/**
 * `handshake-to-request-envelope`: 2026-07-28 has no `initialize`, so nothing may wait for it.
 * - `getClientCapabilities()` / `getClientVersion()` in a request handler (SDK v2) read the
 *   request's own envelope first (`ctx.mcpReq.envelope[CLIENT_CAPABILITIES_META_KEY]`), falling
 *   back to the initialize-scoped value a 2025-era connection still has;
 * - the same calls outside a handler, `oninitialized` hooks, and registration gated on the
 *   negotiated capabilities get a marker: register unconditionally (the SDK answers an embedded
 *   request the client did not declare with -32021) and move setup into the server factory.
 */
import { ts } from '../../analysis/typescript.js';
import { calleeParts, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/engine.js';
import { isServerKind } from '../../analysis/values.js';
import type { Analysis } from '../../rules/rule.js';
import type { TransformOptions, TransformPlan } from '../plan.js';
import { emptyPlan } from '../plan.js';
import { flavourOf, sdkMajorOf } from '../handles/source-style.js';
import { addMarker, CannotRewrite, contextParameter, directHandler, forEachCall, importEdits, isServerCall } from './common.js';

const KEYS: Record<string, { key: string; type: string; rule: string }> = {
  getClientCapabilities: { key: 'CLIENT_CAPABILITIES_META_KEY', type: 'ClientCapabilities', rule: 'handshake/client-capabilities' },
  getClientVersion: { key: 'CLIENT_INFO_META_KEY', type: 'Implementation', rule: 'handshake/client-version' },
};
const METHODS = new Set(Object.keys(KEYS));
const REGISTER = new Set(['registerTool', 'tool', 'registerPrompt', 'prompt', 'registerResource', 'resource']);

export function planHandshake(result: AnalysisResult, options: TransformOptions): TransformPlan {
  const plan = emptyPlan();
  plan.notes = [];
  const { analysis } = result;
  let rewritten = 0;
  const gated = new Set<ts.IfStatement>();
  forEachCall(result.sourceFiles, (call) => {
    const { name, receiver } = calleeParts(call);
    if (name && REGISTER.has(name) && receiver && isServerKind(analysis.values.valueOf(receiver))) {
      const gate = capabilityGate(analysis, call);
      if (gate && !gated.has(gate)) {
        gated.add(gate);
        addMarker(plan, gate, 'handshake/client-capabilities', 'registration gated on the client capabilities from initialize, which 2026-07-28 does not have: register unconditionally (tool lists must not vary per connection); the SDK refuses an embedded inputRequired request the calling client did not declare with -32021, or check ctx.mcpReq.envelope in the handler.');
      }
      return;
    }
    if (!isServerCall(analysis, call, METHODS)) return;
    const info = KEYS[name!]!;
    const sf = call.getSourceFile();
    // Already `envelope?.[KEY] ?? server.getClient…()`: the fallback for 2025-era connections.
    const parent = call.parent;
    if (parent && ts.isBinaryExpression(parent) && parent.right === call && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken && /\benvelope\b/.test(parent.left.getText(sf))) return;
    const site = directHandler(analysis, call);
    try {
      if (!site) throw new CannotRewrite('outside a request handler', call);
      if (options.target === 'stateless-v1' || sdkMajorOf(sf) !== 2) throw new CannotRewrite('SDK 1.x has no per-request envelope', call);
      const ctx = contextParameter(site, 'ctx');
      plan.edits.push(...ctx.edits);
      // SDK 2.4's published .d.ts types the envelope as `{}`: a TS file names the key's type.
      const envelope = flavourOf(sf) === 'ts' ? `(${ctx.name}.mcpReq.envelope as { [${info.key}]?: ${info.type} } | undefined)` : `${ctx.name}.mcpReq.envelope`;
      plan.edits.push({ file: sf.fileName, start: call.getStart(sf), end: call.getStart(sf), text: `${envelope}?.[${info.key}] ?? ` });
      plan.edits.push(...importEdits(sf, [info.key], '@modelcontextprotocol/server', [info.type]));
      rewritten++;
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
      addMarker(plan, call, info.rule, `${name}() ${error.message}: 2026-07-28 has no initialize, every request carries the client's capabilities and identity in its own _meta envelope. Read ctx.mcpReq.envelope in the handler that needs it (CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY); if this only gated a registration, register unconditionally and delete it.`);
    }
  });
  // `server.server.oninitialized = …`
  for (const sf of result.sourceFiles) {
    const walk = (node: ts.Node): void => {
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.name.text === 'oninitialized' && isServerKind(analysis.values.valueOf(node.left.expression))) {
        addMarker(plan, node, 'handshake/oninitialized', 'oninitialized never fires for a 2026-07-28 client (there is no initialize): move this work into the server factory, or do it lazily in the handler that needs it; registration here becomes unconditional in the factory. Keep it only for 2025-era connections (if (ctx.era !== \'modern\') in a factory taking McpRequestContext).');
      }
      ts.forEachChild(node, walk);
    };
    walk(sf);
  }
  if (rewritten) plan.notes.push(`handshake: ${rewritten} getClientCapabilities()/getClientVersion() call${rewritten === 1 ? '' : 's'} in handlers read the request envelope first`);
  if (gated.size) plan.notes.push(`handshake: ${gated.size} capability-gated registration${gated.size === 1 ? '' : 's'} marked: register unconditionally`);
  return plan;
}

/** The `if` around a registration whose condition reads the negotiated client capabilities. */
function capabilityGate(analysis: Analysis, call: ts.CallExpression): ts.IfStatement | undefined {
  let current: ts.Node | undefined = call.parent;
  while (current && !ts.isSourceFile(current)) {
    if (ts.isIfStatement(current) && readsCapabilities(analysis, current.expression, 0)) return current;
    if (ts.isFunctionLike(current) && current.parent && ts.isCallExpression(current.parent)) return undefined;
    current = current.parent;
  }
  return undefined;
}

function readsCapabilities(analysis: Analysis, node: ts.Node, depth: number): boolean {
  if (depth > 3) return false;
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n) && isServerCall(analysis, n, METHODS)) found = true;
    else if (ts.isIdentifier(n)) {
      const decl = analysis.values.symbolOf(n)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && readsCapabilities(analysis, unwrap(decl.initializer), depth + 1)) found = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}
