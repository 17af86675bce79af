/**
 * A low-level server whose tools/call handler dispatches from a table of tool classes (puppeteer-mcp-server's shape,
 * sweep 10 H2): it reads the session id and hands it on in a context object, and the base class keys the page store
 * by it. The store is state the tools use, reached through the handler: its marker gives the handle advice, not
 * "no tool reaches it". The logged copy of the id says what a 2026-07-28 request logs: the fallback (sweep 10 H7).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

interface Page {
  url: string;
}

class PageManager {
  private pages = new Map<string, Page>();

  getPage(sessionId: string): Page {
    let page = this.pages.get(sessionId);
    if (!page) {
      page = { url: 'about:blank' };
      this.pages.set(sessionId, page);
    }
    return page;
  }
}

const pageManager = new PageManager();

interface ToolContext {
  sessionId: string;
}

abstract class BaseTool {
  abstract readonly name: string;
  execute(params: Record<string, unknown>, context: ToolContext) {
    return this.run(params, pageManager.getPage(context.sessionId));
  }
  protected abstract run(params: Record<string, unknown>, page: Page): { content: { type: 'text'; text: string }[] };
}

class NavigateTool extends BaseTool {
  readonly name = 'navigate';
  protected run(params: Record<string, unknown>, page: Page) {
    page.url = String(params.url);
    return { content: [{ type: 'text' as const, text: `at ${page.url}` }] };
  }
}

const tools = new Map<string, BaseTool>([['navigate', new NavigateTool()]]);

export function buildServer(): Server {
  const server = new Server({ name: 'pages', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'navigate', inputSchema: { type: 'object' as const, properties: { url: { type: 'string' } } } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name);
    if (!tool) throw new Error(`unknown tool ${request.params.name}`);
    const context: ToolContext = { sessionId: extra.sessionId ?? 'anonymous' };
    console.error('call', { tool: tool.name, sessionId: context.sessionId });
    return tool.execute(request.params.arguments ?? {}, context);
  });
  return server;
}
