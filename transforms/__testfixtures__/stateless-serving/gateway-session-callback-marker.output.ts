/**
 * A namespace proxy on an express Router: the transport mints the id with `randomUUID` and hands it to its
 * `onsessioninitialized` callback (declared beside it, passed by name), which builds that session's namespace
 * server under the id and keeps it in a variable declared before the transport. The upstream belongs to the
 * session: one marker at the transport, about that upstream; nothing rewritten.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

class NamespaceConnections {
  private readonly bySession = new Map<string, string[]>();

  open(sessionId: string, namespace: string): string[] {
    const upstreams = [`${namespace}:search`, `${namespace}:docs`];
    this.bySession.set(sessionId, upstreams);
    return upstreams;
  }

  close(sessionId: string): void {
    this.bySession.delete(sessionId);
  }
}

const connections = new NamespaceConnections();

async function createNamespaceServer(namespace: string, sessionId: string) {
  const upstreams = connections.open(sessionId, namespace);
  const server = new McpServer({ name: `proxy-${namespace}`, version: '2.4.0' });
  server.registerTool('upstreams', { description: 'List the upstream servers' }, async () => ({ content: [{ type: 'text', text: upstreams.join(', ') }] }));
  return { server, cleanup: async () => connections.close(sessionId) };
}

const webTransports = new Map<string, NodeStreamableHTTPServerTransport>();

export const namespaceRouter = express.Router();
namespaceRouter.use(express.json());

namespaceRouter.post('/:namespace/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId) {
    const transport = webTransports.get(sessionId);
    if (!transport) {
      res.status(404).end('Transport not found for sessionId ' + sessionId);
      return;
    }
    await transport.handleRequest(req, res, req.body);
    return;
  }
  let instance: Awaited<ReturnType<typeof createNamespaceServer>> | undefined;
  const onsessioninitialized = async (newSessionId: string) => {
    instance = await createNamespaceServer(String(req.params.namespace), newSessionId);
    webTransports.set(newSessionId, webAppTransport);
    await instance.server.connect(webAppTransport);
    res.on('close', async () => {
      webTransports.delete(newSessionId);
      await instance?.cleanup();
    });
  };
  // @mcp-migrate-todo(session-transport/session-id-generator): this endpoint is a gateway: each session opens its own upstream, a server from `createNamespaceServer(…)`, keyed by the session id the transport mints. It is not rewritten: a stateless entry has no session to keep that upstream on, so a rewrite would either drop it or open a new one per request. Decide what the upstream is keyed by now: one shared upstream (or one per endpoint or per credential the request carries) that per-request servers forward to with handlers, then serve them with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET and DELETE then answer 405); an upstream that must stay per client becomes a handle a tool opens, with expiry. The registry `webTransports` and the DELETE /:namespace/mcp session route go with the sessions when you do.
  const webAppTransport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized,
  });
  await webAppTransport.handleRequest(req, res, req.body);
});

namespaceRouter.delete('/:namespace/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId) {
    res.status(400).end('Missing sessionId');
    return;
  }
  await webTransports.get(sessionId)?.close();
  webTransports.delete(sessionId);
  res.status(200).end();
});
