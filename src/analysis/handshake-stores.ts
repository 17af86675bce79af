/**
 * Stores of what the client declared at `initialize`, per session: `capabilities.set(sid, server.getClientCapabilities())`
 * in `oninitialized`, read back in a tool by `extra.sessionId` (e0ipso/drupal-bridge-mcp's `sessionCapabilities`, sweep 27
 * AA5). Handshake data, not state a tool created: on 2026-07-28 every request carries the client's capabilities and
 * identity in its `_meta` (`ctx.mcpReq.envelope`), so the handler reads them there and the map goes; a handle would
 * name nothing the model could pass. The keyed-store rule and the handles transform give that advice.
 */
import { ts } from '../typescript.js';
import { calleeParts, unwrap } from './ast.js';
import type { ValueAnalysis } from './values.js';
import type { SessionStore } from './session-flow-types.js';
import { isServerKind } from './value.js';
import { describedFeature } from './sdk-features.js';

/** The server methods reading what `initialize` declared, with the SDK type of what each returns (the description's envelope). */
const HANDSHAKE_READS = Object.assign({}, describedFeature('client-capabilities').envelope, describedFeature('client-version').envelope) as Readonly<Record<string, { key: string; type: string }>>;
const HANDSHAKE_TYPES = new Set(Object.values(HANDSHAKE_READS).map((r) => r.type));

/** The envelope keys a 2026-07-28 request carries what those methods read under (`CLIENT_CAPABILITIES_META_KEY`, …). */
export const HANDSHAKE_ENVELOPE_KEYS: readonly string[] = [...new Set(Object.values(HANDSHAKE_READS).map((r) => r.key))];

/** Whether a session-keyed store holds the client's handshake data: what is written into it, or the SDK type it is declared to hold. */
export function storeHoldsHandshakeData(values: ValueAnalysis, store: SessionStore): boolean {
  const written = store.accesses.map((a) => a.written).filter((w): w is ts.Expression => w !== undefined);
  if (written.length > 0) return written.every((w) => isHandshakeRead(values, w, 0));
  return !!store.declaration && declaresHandshakeType(values, store.declaration);
}

/** `server.server.getClientCapabilities()` (or `getClientVersion()`), directly, behind `??`/`!`, or through a local `const`. */
function isHandshakeRead(values: ValueAnalysis, value: ts.Node, depth: number): boolean {
  const expression = unwrap(value);
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return isHandshakeRead(values, expression.left, depth);
  if (ts.isIdentifier(expression) && depth < 2) {
    const declaration = values.symbolOf(expression)?.valueDeclaration;
    return !!declaration && ts.isVariableDeclaration(declaration) && !!declaration.initializer && isHandshakeRead(values, declaration.initializer, depth + 1);
  }
  if (!ts.isCallExpression(expression)) return false;
  const { name, receiver } = calleeParts(expression);
  return !!name && Object.hasOwn(HANDSHAKE_READS, name) && !!receiver && isServerKind(values.valueOf(receiver));
}

/** `Map<string, ClientCapabilities>` (in the declared type or the `new Map<…>()`), the SDK's type. */
function declaresHandshakeType(values: ValueAnalysis, declaration: ts.Node): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    // Resolved as every SDK name is (imports, aliases, namespaces, re-exports).
    if (ts.isTypeReferenceNode(node) && HANDSHAKE_TYPES.has(values.sdk.exportOf(node.typeName)?.name ?? '')) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(declaration);
  return found;
}
