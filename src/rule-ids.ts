/**
 * The id of every rule of the catalogue (`src/rules/index.ts`), in catalogue order, so that a typo or a
 * renamed rule is a type error wherever a rule is named: transforms name rules through `RULE_ID` (never
 * as a string; test/rule-ids.test.ts checks src/transforms), and the framework and SDK descriptions and
 * the analysis write ids out typed `RuleId`. It sits below the analysis, the rules and the transforms,
 * which all read it. test/rule-ids.test.ts holds it to the rules' own `meta.id`s (every
 * entry names a rule, every rule has an entry, each under the camelCase of its name).
 */
import type { Category } from './model.js';

export const RULE_ID = {
  sessionIdGenerator: 'session-transport/session-id-generator',
  transportRegistry: 'session-transport/transport-registry',
  sessionHeader: 'session-transport/session-header',
  initializeRouting: 'session-transport/initialize-routing',
  sessionLifecycle: 'session-transport/session-lifecycle',
  sessionRoute: 'session-transport/session-route',
  sseTransport: 'session-transport/sse-transport',
  eventStore: 'session-transport/event-store',
  sessionIdRead: 'session-state/session-id-read',
  keyedStore: 'session-state/keyed-store',
  perSessionServer: 'session-state/per-session-server',
  sessionTelemetry: 'session-state/session-telemetry',
  sessionAuth: 'session-state/session-auth',
  toolSetGlobal: 'session-state/tool-set-global',
  oninitialized: 'handshake/oninitialized',
  clientCapabilities: 'handshake/client-capabilities',
  clientVersion: 'handshake/client-version',
  initializeHandler: 'handshake/initialize-handler',
  privateState: 'handshake/private-state',
  roots: 'deprecated-feature/roots',
  sampling: 'deprecated-feature/sampling',
  logging: 'deprecated-feature/logging',
  experimentalTasks: 'deprecated-feature/experimental-tasks',
  elicitation: 'server-push/elicitation',
  resourceSubscription: 'server-push/resource-subscription',
  changeNotification: 'server-push/change-notification',
  toolToggle: 'server-push/tool-toggle',
  ping: 'server-push/ping',
  standaloneNotification: 'server-push/standalone-notification',
  guessableHandle: 'handle-hygiene/guessable-handle',
  unboundHandle: 'handle-hygiene/unbound-handle',
  noExpiry: 'handle-hygiene/no-expiry',
  lookupMiss: 'handle-hygiene/lookup-miss',
  createToolContract: 'handle-hygiene/create-tool-contract',
} as const satisfies Record<string, `${Category}/${string}`>;

/** A rule of the catalogue. */
export type RuleId = (typeof RULE_ID)[keyof typeof RULE_ID];
