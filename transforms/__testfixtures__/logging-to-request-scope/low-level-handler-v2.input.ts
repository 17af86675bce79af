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
  const server = new Server({ name: 'crawler', version: '1.0.0' }, { capabilities: { tools: {}, logging: {} } });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const url = String(request.params.arguments?.url ?? '');
    const log = (data: string) => server.sendLoggingMessage({ level: 'info', logger: 'crawler', data });
    const pages = await crawl(url, log);
    const report = (data: string) => server.sendLoggingMessage({ level: 'notice', data });
    setTimeout(() => void report(`${url} crawled again`), 3_600_000);
    return { content: [{ type: 'text', text: `${pages} pages (request ${ctx.mcpReq.id})` }] };
  });
  return server;
}
