import type { ts } from '../../typescript.js';
import { declarationName } from '../../analysis/ast.js';
import { storeHoldsCredentials } from '../../analysis/credentials.js';
import { storeHoldsHandshakeData } from '../../analysis/handshake-stores.js';
import { metaMemberText, storedRequestMetaKey } from '../../analysis/request-meta-stores.js';
import { isFetchedCache } from '../../analysis/store-classification.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-state/keyed-store',
    category: 'session-state',
    severity: 'error',
    fix: 'assisted',
    summary: 'Application state, credentials, request metadata or a KV key keyed by the MCP session id',
    messages: {
      store:
        '`{{name}}` is keyed by the MCP session id, which does not exist on 2026-07-28. Re-key it by an explicit handle (`<noun>_id` minted by a `create_<noun>` tool) checked against the caller on every call.',
      storeInTools:
        '`{{name}}` is keyed by the MCP session id, which does not exist on 2026-07-28. Re-key it by an explicit handle (`<noun>_id` minted by a `create_<noun>` tool) checked against the caller on every call. Tools that reach it (each needs the handle): {{tools}}.',
      credentials:
        '`{{name}}` keeps credentials or identity per MCP session; on 2026-07-28 every request is authenticated on its own. Derive identity from the verified token (`authInfo`) instead.',
      cache:
        '`{{name}}` caches per MCP session what the server fetches the first time it is needed; the session id does not exist on 2026-07-28. No call creates the entry, so no handle names it: key it by what the data depends on (the caller\'s identity from `authInfo`, an account or tenant id) with an expiry, or fetch it per request.',
      handshake:
        '`{{name}}` keeps what the client declared at initialize (its capabilities or version) per MCP session; on 2026-07-28 there is no initialize, and every request carries them in its `_meta`. Read them in the handler that needs them (`ctx.mcpReq.envelope`) and drop the map: a handle would name nothing the model could pass.',
      requestMeta:
        '`{{name}}` keeps per MCP session what a request carries in its `_meta` (`{{key}}`), keyed by a session id that does not exist on 2026-07-28 (the lookup finds nothing there). The request a handler serves carries its own: read it there (`ctx.mcpReq._meta{{member}}`; `extra._meta{{member}}` on SDK 1.x) and drop the map: a handle would name nothing the model could pass.',
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
            const values = context.analysis.values;
            // What a request carries in its `_meta` (a progress token) is checked first: `progressTokens` is no credential store.
            const metaKey = storedRequestMetaKey(values, store);
            if (metaKey) {
              context.report({ node: declarationName(store.declaration), messageId: 'requestMeta', data: { name: store.name, key: metaKey, member: metaMemberText(metaKey) } });
              continue;
            }
            const messageId = storeHoldsCredentials(values, store) ? 'credentials' : storeHoldsHandshakeData(values, store) ? 'handshake' : isFetchedCache(values, store) ? 'cache' : 'store';
            const model = context.analysis.stores.find((m) => m.store === store);
            const tools = model?.tools.map((t) => `\`${t.name}\`` as string) ?? [];
            // Tools registered in a loop from a table (`server.tool(tool.name, …)`): they reach it, unnamed (sweep 22 V5).
            for (const call of model?.unnamedTools ?? []) tools.push(`every tool \`${call.expression.getText()}(${call.arguments[0]!.getText()}, …)\` registers (${registeredAt(call, store.declaration)})`);
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

/** Where a registration is: its line, with its file's name when the store is declared in another file. */
function registeredAt(call: ts.CallExpression, storeDeclaration: ts.Node): string {
  const file = call.getSourceFile();
  const line = file.getLineAndCharacterOfPosition(call.getStart(file)).line + 1;
  return file === storeDeclaration.getSourceFile() ? `line ${line}` : `${file.fileName.split('/').pop()}:${line}`;
}
