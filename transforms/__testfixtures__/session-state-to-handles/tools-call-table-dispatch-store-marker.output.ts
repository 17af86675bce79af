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
  // @mcp-migrate-todo(session-state/keyed-store): `this.pages` is keyed by the session id and read by the server's tools/call handler, which serves every tool: it is state the tools use, and a 2026-07-28 request has no session id to find it by. Not rewritten: the handles transform gives a handle argument to tools registered one by one, not to a dispatcher. Give the tools that need it a `<noun>_id` argument (in their input schemas), minted by a `create_<noun>` tool and checked against the caller on every call, and key `this.pages` by it.
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
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `this.pages`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
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
    // @mcp-migrate-todo(session-state/session-id-read): the session id is carried into the project's own objects: a 2026-07-28 request has none, so there it is 'anonymous' (the fallback), the same for every such request (2025-era clients served through stdio or server-legacy still have one). Nothing may key state or identity by it: state that spans calls travels as an explicit handle a tool returns, identity comes from authInfo, and log lines correlate by the request id.
    const context: ToolContext = { sessionId: extra.sessionId ?? 'anonymous' };
    // @mcp-migrate-todo(session-state/session-telemetry): `context.sessionId` is a field of the project's own type, which `sessionId: extra.sessionId ?? 'anonymous'` fills with the session id: a 2026-07-28 request has none, so it is 'anonymous' here (the fallback), the same for every such request. Resolve it together with that field: once the field carries the request id, this line logs it too (rename the field here if it is renamed there).
    console.error('call', { tool: tool.name, sessionId: context.sessionId });
    return tool.execute(request.params.arguments ?? {}, context);
  });
  return server;
}
