/**
 * A low-level SDK v2 server: the tools/call handler builds a log function for the helper doing its
 * work. It closes over the handler's context, so it logs on the request (`ctx.mcpReq.log`); the same
 * log function handed to a timer would run after the request is answered, and is not touched.
 */
import { Server } from '@modelcontextprotocol/server';

async function crawl(url: string, log: (data: string) => Promise<void>): Promise<number> {
  await log(`fetching ${url}`);
  return url.length;
}

export function buildServer(): Server {
  // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
  const server = new Server({ name: 'crawler', version: '1.0.0' }, { capabilities: { tools: {}, logging: {} } });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const url = String(request.params.arguments?.url ?? '');
    const log = (data: string) => ctx.mcpReq.log('info', data, 'crawler');
    const pages = await crawl(url, log);
    // @mcp-migrate-todo(deprecated-feature/logging): sendLoggingMessage not rewritten (outside a request handler): inside a handler log with ctx.mcpReq.log(level, data, logger) (2026-07-28 delivers it only on that request's stream, when the request carries a log level); elsewhere log to stderr or OpenTelemetry.
    const report = (data: string) => server.sendLoggingMessage({ level: 'notice', data });
    setTimeout(() => void report(`${url} crawled again`), 3_600_000);
    return { content: [{ type: 'text', text: `${pages} pages (request ${ctx.mcpReq.id})` }] };
  });
  return server;
}
