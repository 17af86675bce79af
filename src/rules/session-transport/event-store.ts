import { ts } from '../../typescript.js';
import { propertyNameText } from '../../analysis/ast.js';
import { LAST_EVENT_ID_HEADER, isHeaderWrite } from '../../analysis/http-requests.js';
import { isTransportOptions } from '../../analysis/constructor-options.js';
import { inAppEventStream } from '../../analysis/app-event-streams.js';
import { TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-transport/event-store',
    category: 'session-transport',
    severity: 'error',
    fix: 'assisted',
    summary: 'SSE resumability: an `eventStore` option or a `Last-Event-ID` header read',
    messages: {
      eventStore:
        '`eventStore` replays SSE events after a reconnect; 2026-07-28 removed resumability (a broken stream loses the request, the client re-issues it). Drop the store; use the Tasks extension for work that must survive disconnects.',
      lastEventId:
        '`Last-Event-ID` resumption was removed in 2026-07-28; servers ignore it.',
    },
    spec: specUrl('changelog'),
  },
  create(context) {
    const { values } = context.analysis;
    const checkOption = (prop: ts.PropertyAssignment | ts.ShorthandPropertyAssignment): void => {
      if (propertyNameText(prop.name) === TRANSPORT_MEMBERS.resumabilityOption && isTransportOptions(values, prop.parent)) {
        context.report({ node: prop.name, messageId: 'eventStore' });
      }
    };
    const checkHeader = (node: ts.ElementAccessExpression | ts.CallExpression): void => {
      const header = values.headerAccessOf(node, LAST_EVENT_ID_HEADER);
      // Reads only: a client setting the header when it reconnects is the other side. A read resuming the application's
      // own event stream (a log feed that never reaches a transport) is not MCP resumability (sweep 34 AH1).
      if (header && !isHeaderWrite(node) && !inAppEventStream(context.analysis, node)) context.report({ node: header.nameNode, messageId: 'lastEventId' });
    };
    return {
      visitors: {
        [ts.SyntaxKind.PropertyAssignment]: checkOption,
        [ts.SyntaxKind.ShorthandPropertyAssignment]: checkOption,
        [ts.SyntaxKind.ElementAccessExpression]: checkHeader,
        [ts.SyntaxKind.CallExpression]: checkHeader,
      },
    };
  },
});
