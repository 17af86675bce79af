/**
 * The Streamable HTTP handler, exported and mounted by `../routes.ts` (example-remote-server's shape): it answers
 * requests without a user itself, checks that a session belongs to its caller, and relays each new session to a
 * server connected over the bus. With --modern-only the handler keeps its name, its mounts and its user check, and
 * serves every request with `createMcpHandler`; the relay, the ownership records and the session lookups go with the
 * sessions (the factory's cleanup now runs when each request's server closes).
 */
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest } from '@modelcontextprotocol/server';
import { BusServerTransport, isSessionOwnedBy, relayToServer, setSessionOwner } from '../relay.js';
import { createMcpServer } from '../server.js';

const logger = {
  info: (message: string, data?: object) => console.log(message, data ?? {}),
  warning: (message: string, data?: object) => console.warn(message, data ?? {}),
  error: (message: string, error: Error, data?: object) => console.error(message, error, data ?? {}),
};

const sessions = new Map<string, NodeStreamableHTTPServerTransport>();

function userIdOf(req: Request): string | undefined {
  return req.header('x-user-id') ?? undefined;
}

export async function handleMcp(req: Request, res: Response): Promise<void> {
  try {
    const sessionId = req.header('mcp-session-id');
    const userId = userIdOf(req);

    // Every MCP request names its user.
    if (!userId) {
      logger.warning('request without a user', { path: req.path, sessionId, resuming: sessionId !== undefined });
      res.status(401).json({ jsonrpc: '2.0', error: { code: -32002, message: 'User ID required' }, id: null });
      return;
    }

    // A session belongs to the user who opened it.
    if (sessionId) {
      const transport = sessions.get(sessionId);
      if (!transport || !isSessionOwnedBy(sessionId, userId)) {
        res.status(401).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
        return;
      }
      await transport.handleRequest(req, res, req.body);
      return;
    }
    if (!isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32600, message: 'Initialize first' }, id: null });
      return;
    }
    const newSessionId = randomUUID();
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => newSessionId,
      onsessioninitialized: async (id) => {
        const { server, cleanup } = createMcpServer();
        const busTransport = new BusServerTransport(id);
        busTransport.onclose = cleanup;
        await server.connect(busTransport);
        setSessionOwner(id, userId);
        sessions.set(id, transport);
        logger.info('session opened', { sessionId: id, userId });
      },
    });
    transport.onclose = relayToServer(newSessionId, transport);
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    logger.error('MCP request failed', error as Error, { error, sessionId: req.header('mcp-session-id'), method: req.method });
    if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
  }
}
