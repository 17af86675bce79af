/**
 * The Streamable HTTP handler, exported and mounted by `../routes.ts` (example-remote-server's shape): it answers
 * requests without a user itself, checks that a session belongs to its caller, and relays each new session to a
 * server connected over the bus. With --modern-only the handler keeps its name, its mounts and its user check, and
 * serves every request with `createMcpHandler`; the relay, the ownership records and the session lookups go with the
 * sessions (the factory's cleanup now runs when each request's server closes).
 */
import type { Request, Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createMcpServer } from '../server.js';

const logger = {
  info: (message: string, data?: object) => console.log(message, data ?? {}),
  warning: (message: string, data?: object) => console.warn(message, data ?? {}),
  error: (message: string, error: Error, data?: object) => console.error(message, error, data ?? {}),
};

function userIdOf(req: Request): string | undefined {
  return req.header('x-user-id') ?? undefined;
}

const mcpHandler = createMcpHandler(
  () => {
    const { server, cleanup } = createMcpServer();
    let cleaned = false;
    const once = () => {
      if (!cleaned) {
        cleaned = true;
        cleanup();
      }
    };
    server.onclose = once;
    const close = server.close.bind(server);
    server.close = async () => {
      try {
        await close();
      } finally {
        once();
      }
    };
    return server;
  },
  {
    legacy: 'reject',
  }
);
const mcpNodeHandler = toNodeHandler(mcpHandler);

export async function handleMcp(req: Request, res: Response): Promise<void> {
  try {
    const userId = userIdOf(req);

    // Every MCP request names its user.
    if (!userId) {
      logger.warning('request without a user', { path: req.path });
      res.status(401).json({ jsonrpc: '2.0', error: { code: -32002, message: 'User ID required' }, id: null });
      return;
    }

    await mcpNodeHandler(req, res, req.body);
  } catch (error) {
    logger.error('MCP request failed', error as Error, { error, method: req.method });
    if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
  }
}
