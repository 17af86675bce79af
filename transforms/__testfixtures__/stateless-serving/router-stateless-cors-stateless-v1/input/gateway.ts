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
