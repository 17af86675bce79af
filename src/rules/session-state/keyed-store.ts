import { declarationName } from '../../analysis/ast.js';
import { storeHoldsCredentials } from '../../analysis/credentials.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-state/keyed-store',
    category: 'session-state',
    severity: 'error',
    fix: 'assisted',
    summary: 'Application state, credentials or a KV key keyed by the MCP session id',
    messages: {
      store:
        '`{{name}}` is keyed by the MCP session id, which does not exist on 2026-07-28. Re-key it by an explicit handle (`<noun>_id` minted by a `create_<noun>` tool) checked against the caller on every call.',
      storeInTools:
        '`{{name}}` is keyed by the MCP session id, which does not exist on 2026-07-28. Re-key it by an explicit handle (`<noun>_id` minted by a `create_<noun>` tool) checked against the caller on every call. Tools that reach it (each needs the handle): {{tools}}.',
      credentials:
        '`{{name}}` keeps credentials or identity per MCP session; on 2026-07-28 every request is authenticated on its own. Derive identity from the verified token (`authInfo`) instead.',
      kv: 'KV key built from the MCP session id ({{key}}); the id does not exist on 2026-07-28. Key the entry by an explicit handle bound to the caller.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    return {
      end() {
        for (const store of context.analysis.sessions.stores.values()) {
          if (store.kind !== 'state') continue;
          if (store.declaration) {
            const messageId = storeHoldsCredentials(context.analysis.values, store) ? 'credentials' : 'store';
            const tools = context.analysis.stores.find((m) => m.store === store)?.tools.map((t) => `\`${t.name}\``) ?? [];
            if (messageId === 'store' && tools.length > 0) {
              context.report({ node: declarationName(store.declaration), messageId: 'storeInTools', data: { name: store.name, tools: tools.join(', ') } });
              continue;
            }
            context.report({ node: declarationName(store.declaration), messageId, data: { name: store.name } });
            continue;
          }
          // A client (Redis, a KV wrapper) has no declaration we can re-key: report every keyed call.
          for (const access of store.accesses) {
            const key = access.key ?? access.node;
            context.report({ node: key, messageId: 'kv', data: { key: key.getText().replace(/\s+/g, ' ').slice(0, 60) } });
          }
        }
      },
    };
  },
});
