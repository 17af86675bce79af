/**
 * A one-shot mark of a call's first round, kept in a set keyed by the session id and the call's own arguments
 * (the shape of the everything server's URL-elicitation error path, SDK v2): the first call asks the user to
 * confirm and to retry, the retry with the same arguments finds the mark and proceeds. State between the rounds
 * of one call, not state a tool created → one marker pointing at requestState, no handle.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** Exports a caller was already asked to confirm; the confirming retry consumes its entry. */
// @mcp-migrate-todo(session-state/keyed-store): `confirmationsAsked` remembers, per session and call arguments, that a call already ran its first round, so that the client's retry of the same call is recognized: state between the rounds of one call, not state a tool created, so it needs no handle. On 2026-07-28 there is no session id to key it by and the retry may reach another server instance: return the first round as inputRequired(...) with what the retry must know in requestState (sealed with createRequestStateCodec), read it back on the retry (ctx.mcpReq.requestState()), and drop the set; keep it only while 2025-era clients (stdio, server-legacy) are served.
const confirmationsAsked = new Set<string>();

export function buildExportServer(): McpServer {
  const server = new McpServer({ name: 'exporter', version: '0.4.0' });

  server.registerTool(
    'export_report',
    {
      description: 'Export a report to a destination. The first call asks for confirmation; retry it to proceed.',
      inputSchema: z.object({ destination: z.string().url(), format: z.enum(['csv', 'pdf']).default('csv') }),
    },
    async ({ destination, format }, ctx) => {
      // The retry carries the same arguments, so they (with the session) recognize it.
      // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `confirmationsAsked`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is 'stdio' (the fallback), so all such requests share that one entry. Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
      const confirmationKey = `${ctx.sessionId ?? 'stdio'}|${destination}|${format}`;
      if (!confirmationsAsked.has(confirmationKey)) {
        confirmationsAsked.add(confirmationKey);
        return { content: [{ type: 'text', text: `Exporting to ${destination} overwrites it. Call export_report again to confirm.` }] };
      }
      confirmationsAsked.delete(confirmationKey);
      return { content: [{ type: 'text', text: `Exported the ${format} report to ${destination}.` }] };
    },
  );

  return server;
}
