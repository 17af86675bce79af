import { declarationName } from '../../analysis/ast.js';
import { heldFieldList, readPlaces } from '../../analysis/record-fields.js';
import { defineRule, specUrl, SESSION_ENDPOINT } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-transport/transport-registry',
    category: 'session-transport',
    severity: 'error',
    fix: 'auto',
    summary: 'Transports (or bundles holding one and no server) stored in a registry keyed by session id; hand-rolled session registries',
    messages: {
      sessions:
        '`{{name}}` records each MCP session for the HTTP layer (keyed only by the `Mcp-Session-Id` the serving code reads or mints); 2026-07-28 has no sessions to register, validate or expire. Remove it with the session routing; bind identity per request (`authInfo`) instead of per session.',
      registry:
        '`{{name}}` routes requests to a transport per session id; 2026-07-28 has no sessions, so every request is served by a fresh per-request handler. Replace the registry and its routing with `createMcpHandler`.',
      holdsState:
        '`{{name}}` routes requests to a transport per session id, and its records also keep {{fields}}, read back by the session id in {{where}}. 2026-07-28 has no sessions: the routing goes with `createMcpHandler`, and what the records keep would go with it. First move it off the session: a credential comes with each request (`authInfo` from its bearer token, or a header the client sends every time), other state travels as an explicit handle a tool returns; then replace the registry.',
    },
    spec: specUrl('basic/transports/streamable-http'),
    // A registry apply left as it is stands for the endpoint it serves: one decision, one marker.
    markerStandsFor: SESSION_ENDPOINT,
  },
  create(context) {
    return {
      end() {
        for (const store of context.analysis.sessions.stores.values()) {
          if (store.kind === 'session') {
            // A client-like registry (no local collection) is the class whose own collection is reported.
            if (store.declaration) context.report({ node: declarationName(store.declaration), messageId: 'sessions', data: { name: store.name } });
            continue;
          }
          // Records that hold the session's server too are `per-session-server`'s (one finding per registry).
          if (store.kind !== 'transport' || store.holdsServer) continue;
          const at = store.declaration ?? store.accesses[0]!.node;
          if (store.heldState?.length) {
            context.report({ node: declarationName(at), messageId: 'holdsState', data: { name: store.name, fields: heldFieldList(store.heldState), where: readPlaces(store.heldState, at.getSourceFile()) } });
          } else {
            context.report({ node: declarationName(at), messageId: 'registry', data: { name: store.name } });
          }
        }
      },
    };
  },
});

