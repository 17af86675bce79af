/**
 * The `apply` options each transform fixture case runs with, in one place, so the suites that run a
 * case through `runApply` and the one that runs it through jscodeshift (jscodeshift-entries.test.ts)
 * cannot drift apart.
 * - stateless-serving: the cases listed in SERVING_OPTIONS;
 * - the protocol transforms: a case whose name ends in `-stateless-v1` runs with `--target
 *   stateless-v1`, one ending in `-modern-only` with `--modern-only` (`-stateless-v1-modern-only`: both);
 * - shared-store: `--store redis` (after session-state-to-handles, see SHARED_STORE_PIPELINE);
 * - every other case: the defaults.
 */
import type { TransformOptions } from '../../src/transforms/kit/plan.js';

export const SERVING_OPTIONS: Record<string, Partial<TransformOptions>> = {
  'express-modern-only': { modernOnly: true },
  'stdio-modern-only': { modernOnly: true },
  'sse-modern-only': { modernOnly: true },
  'sse-kept-instance-then-modern-only': { modernOnly: true },
  'sse-section-banner-modern-only': { modernOnly: true },
  'sse-handler-functions-modern-only': { modernOnly: true },
  'sse-exported-handlers-mounted-modern-only': { modernOnly: true },
  'sse-exported-handlers-entry-modern-only': { modernOnly: true },
  'sse-branch-apart-modern-only': { modernOnly: true },
  'exported-relay-handler-modern-only': { modernOnly: true },
  'sse-exported-handlers-path-guard-marker-modern-only': { modernOnly: true },
  'exported-handler-throw-marker-modern-only': { modernOnly: true },
  'sse-branch-other-module-marker-modern-only': { modernOnly: true },
  'sse-exported-handlers-entry-marker-modern-only': { modernOnly: true },
  'sse-exported-handler-wrapped-marker-modern-only': { modernOnly: true },
  'sse-exported-list-handlers-modern-only': { modernOnly: true },
  'sse-two-programs-modern-only': { modernOnly: true },
  'sse-two-exported-endpoints-modern-only': { modernOnly: true },
  'mcp-handler-sse-modern-only': { modernOnly: true },
  'mcp-handler-sse-default-modern-only': { modernOnly: true },
  'era-routed-modern-only': { modernOnly: true },
  'sse-dispatch-branch-modern-only': { modernOnly: true },
  'sse-route-calls-modern-only': { modernOnly: true },
  'sse-route-calls-registry-marker-modern-only': { modernOnly: true },
  'sse-only-modern-only': { modernOnly: true },
  'sse-shared-server-modern-only': { modernOnly: true },
  'sse-only-route-calls-modern-only': { modernOnly: true },
  'registry-object-with-sse-modern-only': { modernOnly: true },
  'left-on-v1-resumed-sessions-modern-only': { modernOnly: true },
  'v1-stateless-v1': { target: 'stateless-v1' },
  'module-server-shared-by-requests-stateless-v1': { target: 'stateless-v1' },
  'v1-stateless-v1-js': { target: 'stateless-v1' },
  'node-http-stateless-v1': { target: 'stateless-v1' },
  'v1-dispatcher-stateless-v1': { target: 'stateless-v1' },
  'node-http-helper-stateless-v1': { target: 'stateless-v1' },
  'node-http-routing-helper-stateless-v1': { target: 'stateless-v1' },
  'registry-shared-with-sse-stateless-v1': { target: 'stateless-v1' },
  'registry-union-with-sse-stateless-v1': { target: 'stateless-v1' },
  'router-middleware-dispatcher-stateless-v1': { target: 'stateless-v1' },
  'router-stateless-cors-stateless-v1': { target: 'stateless-v1' },
  'class-methods-stateless-v1': { target: 'stateless-v1' },
  'class-fields-js-stateless-v1': { target: 'stateless-v1' },
  'registry-session-count-stateless-v1': { target: 'stateless-v1' },
  'request-header-factory-marker-stateless-v1': { target: 'stateless-v1' },
};

export const PROTOCOL_TRANSFORMS = ['handshake-to-request-envelope', 'logging-to-request-scope', 'sampling-elicitation-to-mrtr', 'server-push-markers'] as const;

/** The options a protocol transform case's name asks for: `-stateless-v1`, `-modern-only`. */
export function protocolCaseOptions(name: string): Partial<TransformOptions> {
  // `-stateless-v1-modern-only`: both, as apply runs the transforms when it holds the SDK v2 move back under --modern-only.
  if (name.endsWith('-stateless-v1-modern-only')) return { target: 'stateless-v1', modernOnly: true };
  return name.endsWith('-stateless-v1') ? { target: 'stateless-v1' } : name.endsWith('-modern-only') ? { modernOnly: true } : {};
}

/** shared-store moves what session-state-to-handles re-keyed: its cases run both, in this order. */
export const SHARED_STORE_PIPELINE = ['session-state-to-handles', 'shared-store'];

/** The options of a fixture case of `transform`. */
export function fixtureCaseOptions(transform: string, name: string): Partial<TransformOptions> {
  if (transform === 'stateless-serving') return SERVING_OPTIONS[name] ?? {};
  if (transform === 'shared-store') return { store: 'redis' };
  if ((PROTOCOL_TRANSFORMS as readonly string[]).includes(transform)) return protocolCaseOptions(name);
  return {};
}
