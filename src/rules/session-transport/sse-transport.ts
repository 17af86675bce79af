import { ts } from '../../typescript.js';
import { SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { sharedSseServerConnect } from '../../analysis/legacy-sse.js';
import { createdTransportClass } from '../../analysis/transport-classes.js';
import { sseSessionQuery } from '../../analysis/sse-session-ids.js';
import { ownSseTransportConnected } from '../../analysis/own-sse-transports.js';
import { defineRule, specUrl, SESSION_ENDPOINT } from '../rule.js';

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
          // A project subclass (`class LoggingSSEServerTransport extends SSEServerTransport`) is still one SSE session per `new`.
          if (analysis.values.programText.mentions(SSE_TRANSPORTS) && SSE_TRANSPORTS.has(createdTransportClass(analysis, node)?.name ?? '')) context.report({ node, messageId: 'sse' });
        },
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const own = ownSseTransportConnected(analysis, node);
          if (own) context.report({ node: own, messageId: 'own', data: { name: own.expression.getText() } });
          const shared = sharedSseServerConnect(analysis, node);
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
