/**
 * One endpoint for both protocol eras (apify's dev-server shape) with --modern-only: a predicate built on
 * `isLegacyRequest` sends 2026-07-28 requests to a stateless entry inside the route's `try`; the sessionful path
 * after it (two registries, `onsession*` bookkeeping, a helper only it calls) and the GET/DELETE session routes
 * serve 2025-era clients. No 2025-era client is served: the path, its routes, registries and helper go, and every
 * POST goes to the stateless entry; the catch and the route's own logging stay.
 */
import express, { type Request, type Response } from 'express';
import { toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, McpServer } from '@modelcontextprotocol/server';

function buildNotesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '2.1.0' });
  server.registerTool('count', { description: 'How many notes there are' }, async () => ({ content: [{ type: 'text', text: '3' }] }));
  return server;
}

/** The stateless path answers everything the SDK does not call 2025-era traffic. */
export async function answersStatelessly(req: Request): Promise<boolean> {
  return !(await isLegacyRequest(await toWebRequest(req, req.body)));
}

async function serveStateless(req: Request, res: Response): Promise<void> {
  const handler = createMcpHandler(buildNotesServer, { legacy: 'reject' });
  try {
    await toNodeHandler(handler)(req, res, req.body);
  } finally {
    await handler.close();
  }
}

/** Sends a JSON-RPC error unless the response is under way. */
function fail(res: Response, status: number, message: string): void {
  if (!res.headersSent) res.status(status).json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

export function createApp(): express.Express {
  const app = express();
  app.use(express.json());

  app.post('/', async (req: Request, res: Response) => {
    console.log('POST /', req.body?.method);
    try {
      await serveStateless(req, res);
    } catch (error) {
      fail(res, 500, error instanceof Error ? error.message : String(error));
    }
  });

  app.get('/health', (_req: Request, res: Response) => {
    res.json({ ok: true });
  });

  return app;
}
