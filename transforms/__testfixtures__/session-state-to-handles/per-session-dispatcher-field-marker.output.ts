/**
 * microsoft/playwright-mcp's shape: each session's set-up builds a backend with the factory it is given and hands
 * it to the server factory, whose low-level handlers list the backend's tools and forward every call to it. The
 * backend opens its workspace when the session is initialized and disposes of it when the server closes.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

class Workspace {
  private readonly files = new Map<string, string>();

  write(path: string, text: string): void {
    this.files.set(path, text);
  }

  read(path: string): string | undefined {
    return this.files.get(path);
  }

  async dispose(): Promise<void> {
    this.files.clear();
  }
}

export interface Backend {
  name: string;
  version: string;
  initialize(server: Server): Promise<void>;
  tools(): Tool[];
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  serverClosed(): void;
}

export type BackendFactory = () => Backend;

class WorkspaceBackend implements Backend {
  name = 'workspace';
  version = '1.0.0';
  private workspace: Workspace | undefined;

  // @mcp-migrate-todo(session-state/per-session-server): `this.workspace` (`new Workspace(…)`) is what a `WorkspaceBackend` keeps between the calls of its session, built in `initialize()`: the state the `workspace_id` handle has to name (see the marker at `createServer(backend, false)`). Build it where that handle is minted (`create_workspace`, from that request rather than from the handshake), keep the `WorkspaceBackend` in the handle registry, and dispose of it when the handle expires rather than when a server closes.
  async initialize(server: Server): Promise<void> {
    const client = server.getClientVersion();
    this.workspace = new Workspace();
    this.workspace.write('README', `opened for ${client?.name ?? 'a client'}`);
  }

  tools(): Tool[] {
    return [
      { name: 'write_file', inputSchema: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' } }, required: ['path', 'text'] } },
      { name: 'read_file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
    ];
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const workspace = this.workspace!;
    if (name === 'write_file') {
      workspace.write(String(args.path), String(args.text));
      return { content: [{ type: 'text', text: 'written' }] };
    }
    return { content: [{ type: 'text', text: workspace.read(String(args.path)) ?? '(no such file)' }] };
  }

  serverClosed(): void {
    void this.workspace?.dispose();
  }
}

export function createServer(backend: Backend, verbose: boolean): Server {
  const server = new Server({ name: backend.name, version: backend.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: backend.tools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (verbose) console.error('call', request.params.name);
    return await backend.callTool(request.params.name, request.params.arguments ?? {});
  });
  server.oninitialized = () => {
    void backend.initialize(server);
  };
  server.onclose = () => backend.serverClosed();
  return server;
}

export async function connect(backendFactory: BackendFactory, transport: Transport): Promise<void> {
  const backend = backendFactory();
  // @mcp-migrate-todo(session-state/per-session-server): `createServer(backend, false)` runs once per session, with `WorkspaceBackend` (`backend`, built by `backendFactory()`) made for it: one object per connection, shared by every call of it. On 2026-07-28 a server is built per request, so the object would be made, and lost, on every call. Make it a handle: a `create_workspace` tool (or the tool that already opens it) builds it, keeps it in a registry bound to the caller with expiry (createHandleRegistry, as the handles transform generates in mcp-handles) and returns a `workspace_id`; every other tool takes `workspace_id`, is refused unless the caller owns it, and dispatches to that object; close the object when its handle expires. Here the server reaches `backend` only through its members (`backend.tools()` in the handler of `ListToolsRequestSchema`; `backend.callTool()` in the handler of `CallToolRequestSchema`; `backend.name`, `backend.version`, `backend.initialize()`, `backend.serverClosed()` outside any request), and the handler of `CallToolRequestSchema` forwards every call's arguments to `backend.callTool()`, so the change is in `createServer()` and its callers, not in each tool: (1) give `createServer()` `backendFactory` instead of the object, so a server built per request can build and find objects; (2) list `create_workspace` with the object's tools (the handler of `ListToolsRequestSchema`), each with a required `workspace_id` in its inputSchema; (3) in the handler of `CallToolRequestSchema`, answer `create_workspace` by building the object, running the set-up among what the server runs today outside any request (`backend.initialize()`, `backend.serverClosed()`; what it reads of the handshake comes from that request instead), and minting the handle; for any other tool take `workspace_id` out of the arguments, look the object up (an unknown, foreign or expired handle is a tool error naming `create_workspace`) and call `backend.callTool()` with the rest; (4) release the object when its handle expires (with the clean-up among those calls, run today when the server closes); (5) then serve each request with a fresh server.
  const server = createServer(backend, false);
  await server.connect(transport);
}

export function startHttp(port: number, backendFactory: BackendFactory): http.Server {
  // @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const httpServer = http.createServer(async (req, res) => {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    if (sessionId) {
      const transport = sessions.get(sessionId);
      if (!transport) {
        res.statusCode = 404;
        res.end('Session not found');
        return;
      }
      await transport.handleRequest(req, res);
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: async (id) => {
        await connect(backendFactory, transport);
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await transport.handleRequest(req, res);
  });
  httpServer.listen(port);
  return httpServer;
}

startHttp(8931, () => new WorkspaceBackend());
