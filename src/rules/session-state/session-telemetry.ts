import { defineRule, specUrl } from '../rule.js';
import { reportReads, reportTelemetryAttributes } from './session-reads.js';

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
      attribute:
        '`{{call}}` tags a logger or span with the MCP session id, so everything logged or traced after it carries the id; on 2026-07-28 there is no session id to tag with. Tag with the request id (`ctx.mcpReq.id`) or the authenticated principal instead.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    return {
      end: () => {
        reportReads(context, 'telemetry');
        reportTelemetryAttributes(context, 'attribute');
      },
    };
  },
});
