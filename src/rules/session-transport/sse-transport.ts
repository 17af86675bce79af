import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, unwrap } from '../../analysis/ast.js';
import { CONNECT_METHOD, SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { isServerKind } from '../../analysis/value.js';
import { sseSessionQuery } from '../../analysis/sse-session-ids.js';
import { ownSseTransportConnected } from '../../analysis/own-sse-transports.js';
import { defineRule, specUrl, SESSION_ENDPOINT } from '../rule.js';
import type { Analysis } from '../../analysis/model.js';

/**
 * `server.connect(transport)` where the transport is an SSE transport created for this connection and the
 * server is not: one server instance shared by every connection.
 */
function sharedServerConnect(analysis: Analysis, call: ts.CallExpression): ts.Node | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (name !== CONNECT_METHOD || !receiver || call.arguments.length !== 1) return undefined;
  // No SSE transport in a program that never names its class: the transport's value (a parameter's callers) is not needed.
  if (!analysis.values.programText.mentions(SSE_TRANSPORTS)) return undefined;
  const transport = analysis.values.valueOf(call.arguments[0]!);
  if (transport?.kind !== 'transport' || !transport.cls || !SSE_TRANSPORTS.has(transport.cls)) return undefined;
  if (!isServerKind(analysis.values.valueOf(receiver))) return undefined;
  const connection = enclosingFunction(call);
  if (!connection) return undefined;
  const root = unwrap(receiver);
  const decl = ts.isIdentifier(root) ? analysis.values.symbolOf(root)?.valueDeclaration : undefined;
  // `const server = createServer()` inside the connection handler: a server per connection, not shared.
  if (!decl || isWithin(decl, connection)) return undefined;
  return nameNode;
}

function isWithin(node: ts.Node, ancestor: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

export default defineRule({
  meta: {
    id: 'session-transport/sse-transport',
    category: 'session-transport',
    severity: 'error',
    fix: 'assisted',
    summary: 'The deprecated HTTP+SSE transport (`SSEServerTransport`)',
    messages: {
      sse: '`SSEServerTransport` is the deprecated HTTP+SSE transport: each client gets a session-bound stream. It survives only in `@modelcontextprotocol/server-legacy` for 2025 clients; serve 2026-07-28 with `createMcpHandler`.',
      query:
        'Reads the HTTP+SSE `?sessionId=` query parameter to find the client\'s session stream; 2026-07-28 has no SSE sessions: each POST is answered on its own response (`createMcpHandler`).',
      own: '`new {{name}}(…)` is a hand-written HTTP+SSE transport connected to the MCP server: one session-bound event stream per client, as with the deprecated `SSEServerTransport`. 2026-07-28 has neither sessions nor that stream: serve with `createMcpHandler`, each POST answered on its own response.',
      shared:
        'One server instance is connected to every SSE connection\'s transport: the SDK keeps only the latest, so server→client messages reach the last client. 2026-07-28 builds a server per request: `createMcpHandler(buildServer)`.',
    },
    spec: specUrl('basic/transports'),
    markerStandsFor: SESSION_ENDPOINT,
  },
  create(context) {
    const { analysis } = context;
    const reportQuery = (node: ts.PropertyAccessExpression | ts.ElementAccessExpression): void => {
      const query = sseSessionQuery(analysis.values, node);
      if (query) context.report({ node: query, messageId: 'query' });
    };
    return {
      visitors: {
        [ts.SyntaxKind.NewExpression]: (node: ts.NewExpression) => {
          const ref = analysis.sdk.exportOf(node.expression);
          if (ref && SSE_TRANSPORTS.has(ref.name)) context.report({ node, messageId: 'sse' });
          // A project subclass (`class LoggingSSEServerTransport extends SSEServerTransport`) is still one SSE session per `new`.
          else if (!ref && analysis.values.programText.mentions(SSE_TRANSPORTS)) {
            const value = analysis.values.valueOf(node);
            if (value?.kind === 'transport' && value.cls && SSE_TRANSPORTS.has(value.cls)) context.report({ node, messageId: 'sse' });
          }
        },
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const own = ownSseTransportConnected(analysis, node);
          if (own) context.report({ node: own, messageId: 'own', data: { name: own.expression.getText() } });
          const shared = sharedServerConnect(analysis, node);
          if (shared) context.report({ node: shared, messageId: 'shared' });
          const query = sseSessionQuery(analysis.values, node);
          if (query) context.report({ node: query, messageId: 'query' });
        },
        [ts.SyntaxKind.PropertyAccessExpression]: reportQuery,
        [ts.SyntaxKind.ElementAccessExpression]: reportQuery,
      },
      end() {
        for (const read of analysis.sessions.registryLookups()) context.report({ node: read.node, messageId: 'query' });
      },
    };
  },
});
