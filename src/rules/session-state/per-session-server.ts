import { declarationName } from '../../analysis/ast.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-state/per-session-server',
    category: 'session-state',
    severity: 'error',
    fix: 'assisted',
    summary: '`McpServer`/`Server` instances kept per session in a session-keyed store',
    messages: {
      servers:
        '`{{name}}` keeps a server instance per session; on 2026-07-28 `createMcpHandler` builds a fresh server per request from a factory. Move per-session state out of the instance into handle-keyed stores.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    return {
      end() {
        for (const store of context.analysis.sessions.stores.values()) {
          if (store.kind !== 'server') continue;
          const at = store.declaration ?? store.accesses[0]!.node;
          context.report({ node: declarationName(at), messageId: 'servers', data: { name: store.name } });
        }
      },
    };
  },
});
