import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { EventStore } from '@modelcontextprotocol/server';
import { createServer } from './server.js';

// In-memory event store for resumability
class MemoryEventStore implements EventStore {
  private events = new Map<string, { streamId: string; message: unknown }>();

  async storeEvent(streamId: string, message: unknown): Promise<string> {
    const eventId = randomUUID();
    this.events.set(eventId, { streamId, message });
    return eventId;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: unknown) => Promise<void> }): Promise<string> {
    for (const [eventId, { message }] of this.events) if (eventId > lastEventId) await send(eventId, message as never);
    return lastEventId;
  }
}

const app = express();

// Transports by session id
const transports: Map<string, NodeStreamableHTTPServerTransport> = new Map();

app.post('/mcp', async (req: Request, res: Response) => {
  try {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    let transport: NodeStreamableHTTPServerTransport;
    if (sessionId && transports.has(sessionId)) {
      transport = transports.get(sessionId)!;
    } else if (!sessionId) {
      const { server, cleanup } = createServer();
      const eventStore = new MemoryEventStore();
      transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore,
        onsessioninitialized: (sid: string) => {
          transports.set(sid, transport);
        },
      });
      server.server.onclose = async () => {
        const sid = transport.sessionId;
        if (sid && transports.has(sid)) {
          transports.delete(sid);
          cleanup(sid);
        }
      };
      await server.connect(transport);
      await transport.handleRequest(req, res);
      return;
    } else {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
      return;
    }
    await transport.handleRequest(req, res);
  } catch (error) {
    console.error('Error handling MCP request:', error);
    if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
  }
});

// Standalone SSE stream of a session
app.get('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId || !transports.has(sessionId)) {
    res.status(400).send('Invalid or missing session ID');
    return;
  }
  await transports.get(sessionId)!.handleRequest(req, res);
});

// Session termination
app.delete('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId || !transports.has(sessionId)) {
    res.status(400).send('Invalid or missing session ID');
    return;
  }
  await transports.get(sessionId)!.handleRequest(req, res);
});

const httpServer = app.listen(3001);

process.on('SIGINT', async () => {
  for (const sid of transports.keys()) await transports.get(sid)!.close();
  httpServer.close();
  process.exit(0);
});
