/**
 * On SDK 1.x with --target stateless-v1: a node:http server started by an exported function: a
 * `createSession()` helper opens web-standard transports into a `sessions` map, the request listener routes
 * on the mcp-session-id header (404 unknown, 400 missing, initialize opens one), a GET/DELETE branch serves
 * existing sessions, an idle reaper sweeps the map on a TTL read from the options, and stop() closes every
 * session (tobi/qmd's shape). Each POST gets a server and a sessionless transport; the GET/DELETE branch
 * answers 405.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';

interface NoteStore {
  titles(): string[];
}

async function buildServer(notes: NoteStore): Promise<McpServer> {
  const server = new McpServer({ name: 'notes', version: '1.4.0' });
  server.registerResource('titles', 'notes://titles', {}, async (uri) => ({ contents: [{ uri: uri.href, text: notes.titles().join('\n') }] }));
  return server;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function toWebHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
  return headers;
}

// @mcp-migrate-todo(session-transport/transport-registry): `options.idleSeconds` set the idle TTL of MCP sessions, which the server no longer has: the reaper that read it is removed with the session registry, so it has no effect now. Remove it from `startHttp`'s options and from the callers that set it (a CLI flag) when you change that public interface.
export async function startHttp(port: number, notes: NoteStore, options: { quiet?: boolean; idleSeconds?: number } = {}): Promise<{ stop(): Promise<void> }> {
  function log(message: string): void {
    if (!options.quiet) console.error(message);
  }

  const httpServer: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/health') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      return;
    }

    if (req.url === '/mcp' && req.method === 'POST') {
      const raw = await readBody(req);
      const body: unknown = JSON.parse(raw);
      const headers = toWebHeaders(req);

      const request = new Request(`http://localhost:${port}/mcp`, { method: 'POST', headers, body: raw });
      const server = await buildServer(notes);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      const response = await transport.handleRequest(request, { parsedBody: body });
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
      log(`POST /mcp ${response.status}`);
      return;
    }

    if (req.url === '/mcp') {
      res.writeHead(405, { Allow: 'POST', 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }));
      return;
    }

    res.writeHead(404).end();
  });

  await new Promise<void>((resolve) => httpServer.listen(port, resolve));
  return {
    async stop() {
      httpServer.close();
    },
  };
}
