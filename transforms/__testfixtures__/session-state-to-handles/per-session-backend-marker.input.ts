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
  const server = createServer(backend);
  await server.connect(transport);
}

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
