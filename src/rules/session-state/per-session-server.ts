import { ts } from '../../typescript.js';
import { calleeParts, declarationName, enclosingFunction, unwrap } from '../../analysis/ast.js';
import { clientAnswerCaches } from '../../analysis/client-answers.js';
import { listRoutingTables, requestHandlerOf, type RequestHandler } from '../../analysis/list-routing.js';
import { processesStartedIn, upstreamsOpenedIn } from '../../analysis/session-processes.js';
import { calledPerRequest, isSessionful, sessionConnection, sharedServerPerRequest } from '../../analysis/session-servers.js';
import { defineRule, specUrl, SESSION_ENDPOINT } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-state/per-session-server',
    category: 'session-state',
    severity: 'error',
    fix: 'assisted',
    summary: '`McpServer`/`Server` instances kept per session in a session-keyed store, built per session with stateful objects, a child process or an upstream connection, or one server connected to every session or to every request',
    messages: {
      servers:
        '`{{name}}` keeps a server instance per session; on 2026-07-28 `createMcpHandler` builds a fresh server per request from a factory. Move per-session state out of the instance into handle-keyed stores.',
      perSession:
        '`{{server}}` builds a server for each session (it is connected to a sessionful transport) together with {{state}}: these live exactly as long as the session and every call of the session shares them, with no session id in sight (credentials of the first request serve every later one). On 2026-07-28 a server is built per request; authenticate each request on its own (`authInfo`), and keep stateful objects in a store keyed by an explicit handle (minted by a `create_<noun>` tool) or make them per request.',
      perSessionProcess:
        '`{{call}}` starts a child process in the set-up of every session: each session gets its own backend process, initialized by that session and keeping whatever it keeps between calls. On 2026-07-28 there is no session for it to live as long as; start the backend per request, or share one that needs no per-client handshake and keep its state under explicit handles.',
      perSessionUpstream:
        '`{{call}}` opens a connection to an upstream MCP server (an SDK client transport) in the set-up of every session: each client session gets its own upstream — a process or an HTTP session of its own, initialized by that session and keeping whatever it keeps between calls. On 2026-07-28 there is no session for it to live as long as: connect upstream per request, or share one upstream that needs no per-client handshake and keep its state under explicit handles.',
      listRouting:
        '`{{name}}` is filled only while answering `{{list}}` and read by `{{use}}`: the call relies on an earlier list request having reached this server instance, as in a session. On 2026-07-28 every request may meet a fresh server (`createMcpHandler` builds one per request) and a client may call what it listed elsewhere, or never listed: build the table when the server is built (or look the name up on demand).',
      clientAnswer:
        '`{{name}}` keeps the client\'s answer to `{{method}}` (a server→client request) beyond the request that asked, and other code reads it later: what one connected client said, trusted as long as its session lasted. On 2026-07-28 any request may come from any client to any server instance, and `{{method}}` can only be asked as an MRTR input request of the call that needs it: ask there (`inputRequired.listRoots()`), or take the paths as tool arguments or configuration.',
      perSessionObject:
        '`new {{cls}}(…)` is built once per session: `{{server}}` creates a server for each session, and its factory chain builds this object with it. Whatever it keeps (a browser context, the active backend session, exported data) is shared by every call of that session and by no other, with no session id in sight. On 2026-07-28 a server is built per request: keep the object in a store keyed by an explicit handle (minted by a `create_<noun>` tool, or by the tool that already creates it) or make it per request.',
      perSessionField:
        '`new {{cls}}(…)` is kept in `{{field}}` of `{{owner}}`, an object built once per session (`{{server}}` creates a server for each session with it): whatever it keeps (a browser context and its tabs, an upstream client) lives as long as the session, every call of the session acts on it implicitly, and no call names it. On 2026-07-28 a server is built per request: keep the object in a store keyed by an explicit handle (minted by a `create_<noun>` tool, or by the tool that already creates it) or make it per request.',
      sharedPerRequest:
        'One server instance (`{{name}}`) is connected to a new transport in every request: requests that overlap race on it (SDK 1.x refuses a second `connect` while one is open, "Already connected to a transport"), and whatever the server keeps is shared by every caller. On 2026-07-28 build a server per request from a factory: `createMcpHandler(buildServer)`; on SDK 1.x, build a new server in the route beside its transport.',
      shared:
        'One server instance (`{{name}}`) is connected to a new sessionful transport for every session: the SDK keeps only the latest, so its transport, negotiated client and any state on it belong to whichever session connected last. On 2026-07-28 build a server per request: `createMcpHandler(buildServer)`.',
    },
    spec: specUrl('basic/index'),
    markerStandsFor: SESSION_ENDPOINT,
  },
  create(context) {
    const { analysis } = context;
    const reported = new Set<ts.Node>();
    const handlers: RequestHandler[] = [];
    return {
      visitors: {
        [ts.SyntaxKind.NewExpression]: (node: ts.NewExpression) => {
          // The function that constructs a sessionful transport runs once per session: upstream connections it opens.
          if (analysis.values.valueOf(node)?.kind !== 'transport' || !isSessionful(analysis.values, node)) return;
          const setup = enclosingFunction(node);
          // Start-up code the module runs once (`main()`): one transport for the process, not a set-up per session.
          if (!setup || !calledPerRequest(analysis.values, setup)) return;
          for (const opened of upstreamsOpenedIn(analysis.values, setup)) {
            if (reported.has(opened)) continue;
            reported.add(opened);
            const name = ts.isNewExpression(opened) ? `new ${opened.expression.getText()}` : (calleeParts(opened).name ?? opened.expression.getText());
            context.report({ node: ts.isCallExpression(opened) ? (calleeParts(opened).nameNode ?? opened) : opened, messageId: 'perSessionUpstream', data: { call: name } });
          }
        },
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const handler = requestHandlerOf(analysis, node);
          if (handler) handlers.push(handler);
          for (const cache of clientAnswerCaches(analysis.values, analysis.features, node)) {
            if (reported.has(cache.declaration)) continue;
            reported.add(cache.declaration);
            context.report({ node: cache.declaration.name, messageId: 'clientAnswer', data: { name: cache.name, method: cache.method } });
          }
          const connection = sessionConnection(analysis.values, node);
          if (!connection) {
            const perRequest = sharedServerPerRequest(analysis.values, node);
            if (perRequest) context.report({ node: perRequest.connect, messageId: 'sharedPerRequest', data: { name: perRequest.server.text } });
            return;
          }
          // One sessionful transport made and connected once, by start-up code no request reaches (`main()`): the process's
          // only session, which the transport's own findings describe; nothing here is built per session (sweep 34 AH5).
          if (!connection.shared && !connection.sse && !calledPerRequest(analysis.values, connection.setup)) return;
          for (const started of processesStartedIn(analysis.values, connection.setup)) {
            if (reported.has(started)) continue;
            reported.add(started);
            context.report({ node: calleeParts(started).nameNode ?? started, messageId: 'perSessionProcess', data: { call: calleeParts(started).name ?? started.expression.getText() } });
          }
          // SSE: `session-transport/sse-transport` reports the shared server already.
          if (connection.shared && !connection.sse) {
            context.report({ node: connection.connect, messageId: 'shared', data: { name: connection.shared.text } });
            return;
          }
          const creation = connection.creation && unwrap(connection.creation);
          if (!creation || reported.has(creation)) return;
          const carried = [
            ...new Set([
              ...connection.state.map((made) => `\`${made.expression.getText()}\``),
              ...connection.credentials.map((read) => `the opening request's credentials (\`${read.getText().replace(/\s+/g, ' ').slice(0, 40)}\`)`),
            ]),
          ];
          // Legacy SSE: `session-transport/sse-transport` already says the per-connection server goes; its closures add nothing.
          for (const { object, call } of connection.handedWith) carried.push(`\`${object.text}\`, handed with it to \`${calleeParts(call).name ?? call.expression.getText()}()\` and written by what that registers`);
          // The server is a field of a project object built per session whose calls change its other fields (sweep 23 W2).
          if (connection.wrapper) carried.push(`the fields of \`${connection.wrapper.cls}\` its calls change (${connection.wrapper.fields.map((f) => `\`this.${f}\``).join(', ')})`);
          // A package's server is opaque: what it keeps between calls (a browser and its pages, a login) is the package's (sweep 21 U3).
          if (connection.packageServer) carried.push(`whatever the server \`${connection.packageServer.factory}\` of the package ${connection.packageServer.pkg} builds keeps between calls (mcp-migrate does not read that package: a browser and its pages, a login, an open connection would all be per session)`);
          if (connection.closures.length > 0 && !connection.sse) carried.push(`what its factory keeps in ${connection.closures.map((name) => `\`${name.text}\``).join(', ')} (written by its handlers)`);
          const nested = connection.nested.filter((made) => !reported.has(made));
          if (nested.length > 0) carried.push(...new Set(nested.map((made) => `\`${made.expression.getText()}\` (built by its factory chain)`)));
          if (carried.length === 0) return;
          reported.add(creation);
          const serverText = creation.getText().replace(/\s+/g, ' ').slice(0, 60);
          for (const made of nested) {
            reported.add(made);
            context.report({ node: made.expression, messageId: 'perSessionObject', data: { cls: made.expression.getText(), server: serverText } });
          }
          for (const { made, owner } of connection.kept) {
            if (reported.has(made)) continue;
            reported.add(made);
            if (owner) context.report({ node: made.expression, messageId: 'perSessionField', data: { cls: made.expression.getText(), field: `this.${owner.field}`, owner: owner.cls, server: serverText } });
            else context.report({ node: made.expression, messageId: 'perSessionObject', data: { cls: made.expression.getText(), server: serverText } });
          }
          const called = ts.isAwaitExpression(creation) ? unwrap(creation.expression) : creation;
          const at = ts.isCallExpression(called) ? (calleeParts(called).nameNode ?? called) : creation;
          context.report({ node: at, messageId: 'perSession', data: { server: creation.getText().replace(/\s+/g, ' ').slice(0, 60), state: carried.join(', ') } });
        },
      },
      end() {
        for (const table of listRoutingTables(analysis, handlers)) {
          context.report({ node: table.declaration.name, messageId: 'listRouting', data: { name: table.name, list: table.list, use: table.use } });
        }
        for (const store of analysis.sessions.stores.values()) {
          // Servers kept per session, alone or bundled with the session's transport (`{ transport, server }`).
          if (store.kind !== 'server' && !(store.kind === 'transport' && store.holdsServer)) continue;
          const at = store.declaration ?? store.accesses[0]!.node;
          context.report({ node: declarationName(at), messageId: 'servers', data: { name: store.name } });
        }
      },
    };
  },
});
