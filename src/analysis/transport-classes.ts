/**
 * Transports a project writes itself by implementing the SDK's transport interface (`class RelayTransport implements
 * Transport`): a relay to a server held elsewhere (example-remote-server's Redis relay), or a hand-written Streamable
 * HTTP transport with its own session table (ivo-toby/mcp-openapi-server). The interface is resolved through imports
 * and aliases, never by its name alone.
 */
import { ts } from '../typescript.js';
import type { Analysis } from './model.js';
import { declaresTransport } from './transport-interface.js';

/** `node` is declared as implementing the SDK's transport interface. */
export function implementsSdkTransport(analysis: Analysis, node: ts.ClassLikeDeclaration): boolean {
  return declaresTransport(analysis.sdk, node);
}

/** The class implementing the SDK's transport interface that declares `member` (a field, a constructor parameter property). */
export function ownTransportClassOf(analysis: Analysis, member: ts.Node | undefined): ts.ClassLikeDeclaration | undefined {
  let node = member?.parent;
  // A constructor's parameter property (`constructor(private sessions = new Map())`) sits one level deeper.
  if (node && ts.isConstructorDeclaration(node)) node = node.parent;
  return node && ts.isClassLike(node) && implementsSdkTransport(analysis, node) ? node : undefined;
}

/**
 * The SDK transport class `created` instantiates: the SDK's own (`new SSEServerTransport(…)`), or the one a project
 * class extends (`class DebugSSETransport extends SSEServerTransport`, CircleCI's server; sweep 10 H1).
 * `subclass` says which.
 */
export function createdTransportClass(analysis: Analysis, created: ts.NewExpression): { name: string; subclass: boolean } | undefined {
  const ref = analysis.sdk.exportOf(created.expression);
  if (ref) return { name: ref.name, subclass: false };
  const value = analysis.values.instanceOf(created.expression, []);
  return value?.kind === 'transport' && value.cls ? { name: value.cls, subclass: true } : undefined;
}
