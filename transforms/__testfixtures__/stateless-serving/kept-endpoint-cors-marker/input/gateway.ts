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
