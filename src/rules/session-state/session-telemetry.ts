import { defineRule, specUrl } from '../rule.js';
import { reportContextStoreTelemetry, reportReads, reportTelemetryAttributes } from './session-reads.js';

export default defineRule({
  meta: {
    id: 'session-state/session-telemetry',
    category: 'session-state',
    severity: 'warning',
    fix: 'manual',
    summary: 'The session id only goes to logs, metrics or traces',
    messages: {
      telemetry:
        'The MCP session id is logged ({{use}}) but is undefined on 2026-07-28; correlate by request id (`ctx.mcpReq.id`) or the authenticated principal instead.',
      sseTelemetry:
        'The session id of an HTTP+SSE transport is logged ({{use}}). It names the 2025-era connection this endpoint serves and is real there: HTTP+SSE is sessionful by design, and 2026-07-28 clients never use it. Nothing to change while the endpoint is kept for 2025-era clients; the line goes with the endpoint when it is removed. Code that serves 2026-07-28 requests correlates by request id (`ctx.mcpReq.id`) or the authenticated principal.',
      contextStore:
        'The session id the serving code handles (the `Mcp-Session-Id` header, or an id it mints) is put in a request-context store, read back where the request is served and logged there ({{use}}): it leaves the session layer for the application\'s own records. On 2026-07-28 no client sends the header, so those records lose their key (an id minted when it is missing is a new one on every request). Record the request id (`ctx.mcpReq.id`) or the authenticated principal instead.',
      attribute:
        '`{{call}}` tags a logger or span with the MCP session id, so everything logged or traced after it carries the id; on 2026-07-28 there is no session id to tag with. Tag with the request id (`ctx.mcpReq.id`) or the authenticated principal instead.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    return {
      end: () => {
        reportReads(context, 'telemetry', 'sseTelemetry');
        reportTelemetryAttributes(context, 'attribute');
        reportContextStoreTelemetry(context, 'contextStore');
      },
    };
  },
});
