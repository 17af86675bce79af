import { declarationName } from '../../analysis/ast.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-transport/transport-registry',
    category: 'session-transport',
    severity: 'error',
    fix: 'auto',
    summary: 'Transports (or transport+server bundles) stored in a registry keyed by session id; hand-rolled session registries',
    messages: {
      sessions:
        '`{{name}}` records each MCP session for the HTTP layer (keyed only by the `Mcp-Session-Id` the serving code reads or mints); 2026-07-28 has no sessions to register, validate or expire. Remove it with the session routing; bind identity per request (`authInfo`) instead of per session.',
      registry:
        '`{{name}}` routes requests to a transport per session id; 2026-07-28 has no sessions, so every request is served by a fresh per-request handler. Replace the registry and its routing with `createMcpHandler`.',
    },
    spec: specUrl('basic/transports/streamable-http'),
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
          if (store.kind !== 'transport') continue;
          const at = store.declaration ?? store.accesses[0]!.node;
          context.report({ node: declarationName(at), messageId: 'registry', data: { name: store.name } });
        }
      },
    };
  },
});
