import { declarationName } from '../../analysis/ast.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-transport/transport-registry',
    category: 'session-transport',
    severity: 'error',
    fix: 'auto',
    summary: 'Transports (or transport+server bundles) stored in a registry keyed by session id',
    messages: {
      registry:
        '`{{name}}` routes requests to a transport per session id; 2026-07-28 has no sessions, so every request is served by a fresh per-request handler. Replace the registry and its routing with `createMcpHandler`.',
    },
    spec: specUrl('basic/transports/streamable-http'),
  },
  create(context) {
    return {
      end() {
        for (const store of context.analysis.sessions.stores.values()) {
          if (store.kind !== 'transport') continue;
          const at = store.declaration ?? store.accesses[0]!.node;
          context.report({ node: declarationName(at), messageId: 'registry', data: { name: store.name } });
        }
      },
    };
  },
});
