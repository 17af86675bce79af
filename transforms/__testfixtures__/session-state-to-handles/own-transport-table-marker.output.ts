/**
 * The session table of a hand-written Streamable HTTP transport (ivo-toby/mcp-openapi-server's shape, shortened): a
 * class implementing the SDK's `Transport` keeps its sessions in a map keyed by the `Mcp-Session-Id` it mints. No tool
 * reaches it and it needs no handle: serving plumbing, marked as the transport's own (stateless-serving marks the class).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { isInitializeRequest, McpServer, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';

interface Session {
  responses: Set<http.ServerResponse>;
  initialized: boolean;
}

/**
 * Streamable HTTP without the SDK's transport: chunked responses, one session per client.
 */
export class ChunkedHttpTransport implements Transport {
  // @mcp-migrate-todo(session-state/keyed-store): `this.sessions` is keyed by the session id inside `ChunkedHttpTransport`, a hand-written MCP transport (it implements the SDK's `Transport`): serving plumbing, not state a tool reads back, so it needs no handle. It goes with the transport's sessions when serving becomes stateless (`stateless-serving` marks the class with the replacement).
  private readonly sessions = new Map<string, Session>();
  private readonly httpServer: http.Server;

  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  constructor(private readonly port: number) {
    this.httpServer = http.createServer((req, res) => {
      void this.handle(req, res);
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.httpServer.listen(this.port, resolve));
  }

  async close(): Promise<void> {
    this.sessions.clear();
    await new Promise<void>((resolve) => this.httpServer.close(() => resolve()));
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    for (const session of this.sessions.values()) {
      for (const res of session.responses) res.write(`${JSON.stringify(message)}\n`);
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method === 'DELETE') {
      const id = req.headers['mcp-session-id'];
      if (typeof id === 'string') this.sessions.delete(id);
      res.writeHead(204).end();
      return;
    }
    const body = await readBody(req);
    const message = JSON.parse(body) as JSONRPCMessage;
    let id = req.headers['mcp-session-id'];
    if (isInitializeRequest(message)) {
      id = randomUUID();
      this.sessions.set(id, { responses: new Set(), initialized: true });
    }
    const session = typeof id === 'string' ? this.sessions.get(id) : undefined;
    if (!session || typeof id !== 'string') {
      res.writeHead(404).end();
      return;
    }
    res.setHeader('mcp-session-id', id);
    res.writeHead(200, { 'content-type': 'application/json' });
    session.responses.add(res);
    res.on('close', () => session.responses.delete(res));
    this.onmessage?.(message);
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function main(): Promise<void> {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('ping_notes', { description: 'Checks the notes service.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  await server.connect(new ChunkedHttpTransport(3000));
}
