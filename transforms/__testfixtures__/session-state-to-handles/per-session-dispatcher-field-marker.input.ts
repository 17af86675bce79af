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
  const server = createServer(backend, false);
  await server.connect(transport);
}

export function startHttp(port: number, backendFactory: BackendFactory): http.Server {
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
