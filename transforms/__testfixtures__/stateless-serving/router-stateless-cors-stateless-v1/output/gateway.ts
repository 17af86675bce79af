/**
 * The aggregating endpoint of the same project: the transport mints the session id and hands it to
 * `onsessioninitialized`, where the namespace server is built for that id (its upstream connections are pooled
 * under it) and assigned to a variable declared before the transport. A gateway: one marker at the transport.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const upstreamsBySession = new Map<string, string[]>();

async function openNamespace(namespace: string, sessionId: string) {
  upstreamsBySession.set(sessionId, [`${namespace}/search`, `${namespace}/files`]);
  const server = new McpServer({ name: `namespace-${namespace}`, version: '3.0.0' });
  return { server, cleanup: async () => void upstreamsBySession.delete(sessionId) };
}

const transports = new Map<string, StreamableHTTPServerTransport>();

export const gatewayRouter = express.Router();

gatewayRouter.post('/:namespace/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId) {
    const existing = transports.get(sessionId);
    if (!existing) {
      res.status(404).end('Session not found');
      return;
    }
    await existing.handleRequest(req, res, req.body);
    return;
  }
  let opened: Awaited<ReturnType<typeof openNamespace>> | undefined;
  // @mcp-migrate-todo(session-transport/session-id-generator): this endpoint is a gateway: each session opens its own upstream, a server from `openNamespace(String(req.params.namespace), newSessionId)`, keyed by the session id the transport mints. It is not rewritten: a stateless entry has no session to keep that upstream on, so a rewrite would either drop it or open a new one per request. Decide what the upstream is keyed by now: one shared upstream (or one per endpoint or per credential the request carries) that per-request servers forward to with handlers, then serve each POST with a new server and a `sessionIdGenerator: undefined` transport (GET and DELETE answer 405); an upstream that must stay per client becomes a handle a tool opens, with expiry. The registry `transports` goes with the sessions when you do.
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: async (newSessionId) => {
      opened = await openNamespace(String(req.params.namespace), newSessionId);
      transports.set(newSessionId, transport);
      await opened.server.connect(transport);
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) transports.delete(transport.sessionId);
    void opened?.cleanup();
  };
  await transport.handleRequest(req, res, req.body);
});
