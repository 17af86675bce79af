/**
 * A controller server's logging (MiguelTVMS/tplink-omada-mcp, sweep 34 AH3 and AH4): a tool logs its session id through
 * either branch of a conditional argument, and the handler assigned to `fallbackRequestHandler` logs it for requests
 * nothing else handles. Both are telemetry: the id becomes the request id, its literal fallback with it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const logger = {
  info: (entry: object, message: string) => console.error(message, entry),
  warn: (entry: object, message: string) => console.error(message, entry),
};

export function createServer(): McpServer {
  const server = new McpServer({ name: 'omada', version: '0.3.0' });
  server.registerTool('status', { description: 'Controller status' }, async (extra) => {
    const requestId = extra.requestId;
    const result = { content: [{ type: 'text' as const, text: 'ok' }] };
    const summary = result.content.length ? { parts: result.content.length } : undefined;
    logger.info(summary ? { requestId, ...summary } : { requestId }, 'Tool completed');
    return result;
  });
  server.server.fallbackRequestHandler = async (request, extra) => {
    const requestId = extra.requestId;
    logger.warn({ method: request.method, requestId }, 'Unhandled request received');
    throw new Error(`Unhandled request: ${request.method}`);
  };
  return server;
}
