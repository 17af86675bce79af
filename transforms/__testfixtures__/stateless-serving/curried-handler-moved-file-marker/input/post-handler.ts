/**
 * A sessionful POST handler built by a curried function (ClickUpMCP's shape, sweep 19 S5), in a file the sdk-v2 step
 * moved to SDK v2 but for the import the official codemod does not map (`…/sdk/examples/shared/inMemoryEventStore.js`).
 * The file is on SDK v2: its marker advises `createMcpHandler`, not SDK 1.x's idiom, and names the project's
 * `createServer` instead of a placeholder.
 */
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { createServer } from './server.js';

export type TransportSessionMap = { [sessionId: string]: NodeStreamableHTTPServerTransport };

export const mcpPostHandler = (transports: TransportSessionMap) => async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: NodeStreamableHTTPServerTransport;
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else if (!sessionId) {
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new InMemoryEventStore(),
      onsessioninitialized: (id) => {
        transports[id] = transport;
      },
    });
    const server = createServer();
    await server.connect(transport);
  } else {
    res.status(400).send('Invalid MCP request: Missing or unknown session ID');
    return;
  }
  await transport.handleRequest(req, res, req.body);
};
