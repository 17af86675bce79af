/**
 * An aggregating proxy: the id a new session will get is minted first, and the server comes from a pool
 * keyed by it (the pool opens that session's upstream connections); DELETE hands the id back to the pool.
 * One marker at the transport, about the pooled upstream, nothing rewritten.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

interface Upstreams {
  server: McpServer;
  release(): Promise<void>;
}

class UpstreamPool {
  private readonly open = new Map<string, Upstreams>();

  async acquire(sessionId: string, namespace: string): Promise<Upstreams> {
    const server = new McpServer({ name: `proxy-${namespace}`, version: '2.1.0' });
    const upstreams: Upstreams = { server, release: async () => void this.open.delete(sessionId) };
    this.open.set(sessionId, upstreams);
    return upstreams;
  }

  async release(sessionId: string): Promise<void> {
    await this.open.get(sessionId)?.release();
  }
}

const pool = new UpstreamPool();
const sessions = new Map<string, NodeStreamableHTTPServerTransport>();

const router = express.Router();
router.use(express.json());

router.post('/:namespace/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId) {
    const existing = sessions.get(sessionId);
    if (!existing) {
      res.status(404).json({ error: 'Session not found' });
      return;
    }
    await existing.handleRequest(req, res, req.body);
    return;
  }
  const newSessionId = randomUUID();
  const upstreams = await pool.acquire(newSessionId, String(req.params.namespace));
  // @mcp-migrate-todo(session-transport/session-id-generator): this endpoint is a gateway: each session opens its own upstream, a server from `pool.acquire(newSessionId, String(req.params.namespace))`, keyed by the session id the transport mints. It is not rewritten: a stateless entry has no session to keep that upstream on, so a rewrite would either drop it or open a new one per request. Decide what the upstream is keyed by now: one shared upstream (or one per endpoint or per credential the request carries) that per-request servers forward to with handlers, then serve them with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET and DELETE then answer 405); an upstream that must stay per client becomes a handle a tool opens, with expiry. The registry `sessions` and the DELETE /:namespace/mcp session route go with the sessions when you do.
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => newSessionId });
  sessions.set(newSessionId, transport);
  await upstreams.server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

router.delete('/:namespace/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId) {
    res.status(400).json({ error: 'Mcp-Session-Id header required' });
    return;
  }
  await sessions.get(sessionId)?.close();
  sessions.delete(sessionId);
  await pool.release(sessionId);
  res.status(200).json({ released: sessionId });
});

export default router;
