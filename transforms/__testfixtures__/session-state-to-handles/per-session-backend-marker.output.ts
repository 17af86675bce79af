/**
 * A tool backend built per connection (playwright-mcp's shape): `connect(factory, transport)` runs once per
 * session, builds a browser backend from the factory its callers hand down and a low-level server that
 * dispatches every tool call to that backend. The browser lives exactly as long as the session. The handle the
 * backend should become needs a minting tool and a different dispatcher, so apply leaves one marker at the
 * server's creation saying how (and one at the transport registry, which is serving plumbing).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';

interface ToolBackend {
  tools(): Tool[];
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

type ToolBackendFactory = () => ToolBackend;

class BrowserBackend implements ToolBackend {
  private readonly visited: string[] = [];

  tools(): Tool[] {
    return [{ name: 'navigate', inputSchema: { type: 'object', properties: { url: { type: 'string' } } } }];
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    this.visited.push(String(args.url));
    return { content: [{ type: 'text', text: `${name}: ${this.visited.length} pages visited` }] };
  }
}

export function createServer(backend: ToolBackend): Server {
  const server = new Server({ name: 'browser', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: backend.tools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => backend.callTool(request.params.name, request.params.arguments ?? {}));
  return server;
}

async function connect(backendFactory: ToolBackendFactory, transport: Transport): Promise<void> {
  const backend = backendFactory();
  // @mcp-migrate-todo(session-state/per-session-server): `createServer(backend)` runs once per session, with `BrowserBackend` (`backend`, built by `backendFactory()`) made for it: one object per connection, shared by every call of it. On 2026-07-28 a server is built per request, so the object would be made, and lost, on every call. Make it a handle: a `create_browser` tool (or the tool that already opens it) builds it, keeps it in a registry bound to the caller with expiry (createHandleRegistry, as the handles transform generates in mcp-handles) and returns a `browser_id`; every other tool takes `browser_id`, is refused unless the caller owns it, and dispatches to that object; close the object when its handle expires. Here the server reaches `backend` only through its members (`backend.tools()` in the handler of `ListToolsRequestSchema`; `backend.callTool()` in the handler of `CallToolRequestSchema`), and the handler of `CallToolRequestSchema` forwards every call's arguments to `backend.callTool()`, so the change is in `createServer()` and its callers, not in each tool: (1) give `createServer()` `backendFactory` instead of the object, so a server built per request can build and find objects; (2) list `create_browser` with the object's tools (the handler of `ListToolsRequestSchema`), each with a required `browser_id` in its inputSchema; (3) in the handler of `CallToolRequestSchema`, answer `create_browser` by building the object and minting the handle; for any other tool take `browser_id` out of the arguments, look the object up (an unknown, foreign or expired handle is a tool error naming `create_browser`) and call `backend.callTool()` with the rest; (4) release the object when its handle expires; (5) then serve each request with a fresh server.
  const server = createServer(backend);
  await server.connect(transport);
}

// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
const transports = new Map<string, StreamableHTTPServerTransport>();

http
  .createServer(async (req, res) => {
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (existing) return existing.handleRequest(req, res);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
      },
    });
    await connect(() => new BrowserBackend(), transport);
    await transport.handleRequest(req, res);
  })
  .listen(3000);
