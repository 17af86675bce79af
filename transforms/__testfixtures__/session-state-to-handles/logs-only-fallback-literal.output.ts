/**
 * A network-controller server (tplink-omada-mcp's shape, SDK v1) that labels its log lines with the session id
 * and a literal for when there is none: `extra.sessionId ?? 'unknown-session'` in a local copy, `|| 'anonymous'`
 * in a log field. Each becomes the request id, and the literal goes: the request id is never missing, so the
 * fallback would be dead and would name a session in a request-id field. A helper handed the context through
 * `?.` keeps its fallback, since there the id can still be missing (sweep 34 AH12).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const logger = {
  info: (fields: Record<string, unknown>, message: string): void => console.error(JSON.stringify({ level: 'info', message, ...fields })),
};

function logCall(tool: string, extra?: Extra): void {
  console.error(`[${extra?.requestId ?? 'none'}] ${tool}`);
}

const SITES = ['Default', 'Branch office'];

export function createOmadaServer(): McpServer {
  const server = new McpServer({ name: 'omada', version: '0.1.0' });

  server.registerTool('list_sites', { description: 'List the controller sites.' }, async (extra) => {
    const requestId = extra.requestId;
    logger.info({ requestId, count: SITES.length }, 'Tool completed');
    return { content: [{ type: 'text', text: SITES.join(', ') }] };
  });

  server.registerTool('get_site', { description: 'Describe one site.', inputSchema: { name: z.string() } }, async ({ name }, extra) => {
    logCall('get_site', extra);
    logger.info({ requestId: extra.requestId, site: name }, 'Tool started');
    return { content: [{ type: 'text', text: SITES.includes(name) ? `${name}: online` : `${name}: unknown` }] };
  });

  return server;
}
