/** Every rule, in catalogue order. A new rule is one file plus one line here, its id in src/rule-ids.ts (test/rule-ids.test.ts checks both lists agree) and its doc page. */
import type { Rule } from './rule.js';
import { withFrameworks } from './with-frameworks.js';
import sessionIdGenerator from './session-transport/session-id-generator.js';
import transportRegistry from './session-transport/transport-registry.js';
import sessionHeader from './session-transport/session-header.js';
import initializeRouting from './session-transport/initialize-routing.js';
import sessionLifecycle from './session-transport/session-lifecycle.js';
import sessionRoute from './session-transport/session-route.js';
import sseTransport from './session-transport/sse-transport.js';
import eventStore from './session-transport/event-store.js';
import sessionIdRead from './session-state/session-id-read.js';
import keyedStore from './session-state/keyed-store.js';
import perSessionServer from './session-state/per-session-server.js';
import sessionTelemetry from './session-state/session-telemetry.js';
import sessionAuth from './session-state/session-auth.js';
import toolSetGlobal from './session-state/tool-set-global.js';
import oninitialized from './handshake/oninitialized.js';
import clientCapabilities from './handshake/client-capabilities.js';
import clientVersion from './handshake/client-version.js';
import initializeHandler from './handshake/initialize-handler.js';
import privateState from './handshake/private-state.js';
import roots from './deprecated-feature/roots.js';
import sampling from './deprecated-feature/sampling.js';
import logging from './deprecated-feature/logging.js';
import experimentalTasks from './deprecated-feature/experimental-tasks.js';
import elicitation from './server-push/elicitation.js';
import resourceSubscription from './server-push/resource-subscription.js';
import changeNotification from './server-push/change-notification.js';
import toolToggle from './server-push/tool-toggle.js';
import ping from './server-push/ping.js';
import standaloneNotification from './server-push/standalone-notification.js';
import guessableHandle from './handle-hygiene/guessable-handle.js';
import unboundHandle from './handle-hygiene/unbound-handle.js';
import noExpiry from './handle-hygiene/no-expiry.js';
import lookupMiss from './handle-hygiene/lookup-miss.js';
import createToolContract from './handle-hygiene/create-tool-contract.js';

/** Each rule also reports the framework sites carrying its id (src/frameworks), with the framework's advice. */
export const RULES: readonly Rule[] = [
  sessionIdGenerator,
  transportRegistry,
  sessionHeader,
  initializeRouting,
  sessionLifecycle,
  sessionRoute,
  sseTransport,
  eventStore,
  sessionIdRead,
  keyedStore,
  perSessionServer,
  sessionTelemetry,
  sessionAuth,
  toolSetGlobal,
  oninitialized,
  clientCapabilities,
  clientVersion,
  initializeHandler,
  privateState,
  roots,
  sampling,
  logging,
  experimentalTasks,
  elicitation,
  resourceSubscription,
  changeNotification,
  toolToggle,
  ping,
  standaloneNotification,
  guessableHandle,
  unboundHandle,
  noExpiry,
  lookupMiss,
  createToolContract,
].map(withFrameworks);

export const RULE_METAS = RULES.map((rule) => rule.meta);
