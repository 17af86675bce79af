/**
 * The same exported, relayed handler, but its user check throws instead of answering (the `catch` answers 500): a
 * check mcp-migrate does not keep as it is. With --modern-only it is not rewritten (dropping the check would serve
 * requests without a user): the relay's marker says which statement stopped it.
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
    if (!userId) throw new Error(`request without a user on ${req.path}`);

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
    // @mcp-migrate-todo(session-transport/session-id-generator): the transport made in the handler `handleMcp()` is relayed by `relayToServer()` to a server connected to `BusServerTransport` (a transport of this project), so that any instance can serve a session. Each request now builds its own server where it lands: the relay, `BusServerTransport` and the per-session bookkeeping around them (ownership, shutdown, resumption) go with the sessions; keep authentication in front of the endpoint and shared storage only for state that must outlive a request. Not rewritten: the handler does more than serve its sessions in `throw new Error(`request without a user on ${req.path}`);`, which mcp-migrate cannot keep as it is: move that work into middleware mounted in front of the handler, then re-run. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
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
    logger.error('MCP request failed', error as Error, { sessionId: req.header('mcp-session-id'), method: req.method });
    if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
  }
}
