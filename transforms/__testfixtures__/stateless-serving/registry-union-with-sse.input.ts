/**
 * Dice server serving both protocol generations from one process: Streamable HTTP on /mcp and the
 * deprecated HTTP+SSE transport on /sse + /messages. One registry holds the transports of both kinds;
 * each route checks the kind it finds.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

function createDiceServer(): McpServer {
  const server = new McpServer({ name: 'dice', version: '0.3.0' });
  server.registerTool('roll', { description: 'Roll a six-sided die.' }, async () => ({
    content: [{ type: 'text', text: String(1 + Math.floor(Math.random() * 6)) }],
  }));
  return server;
}

// Every open transport, whichever protocol it speaks, by session id.
const transports: Record<string, NodeStreamableHTTPServerTransport | SSEServerTransport> = {};

const app = express();
app.use(express.json());

app.all('/mcp', async (req: Request, res: Response) => {
  try {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    let transport: NodeStreamableHTTPServerTransport;
    if (sessionId && transports[sessionId]) {
      const existing = transports[sessionId];
      if (!(existing instanceof NodeStreamableHTTPServerTransport)) {
        res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Session uses another transport' }, id: null });
        return;
      }
      transport = existing;
    } else if (!sessionId && req.method === 'POST' && isInitializeRequest(req.body)) {
      transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports[id] = transport;
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) delete transports[transport.sessionId];
      };
      await createDiceServer().connect(transport);
    } else {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session ID provided' }, id: null });
      return;
    }
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    console.error('MCP request failed:', error);
    if (!res.headersSent) {
      res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    }
  }
});

app.get('/sse', async (_req: Request, res: Response) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  res.on('close', () => {
    delete transports[transport.sessionId];
  });
  await createDiceServer().connect(transport);
});

app.post('/messages', async (req: Request, res: Response) => {
  const existing = transports[String(req.query.sessionId)];
  if (!(existing instanceof SSEServerTransport)) {
    res.status(400).send('No SSE session with this id');
    return;
  }
  await existing.handlePostMessage(req, res, req.body);
});

const httpServer = app.listen(3000);

process.on('SIGINT', async () => {
  for (const id in transports) {
    await transports[id]!.close();
    delete transports[id];
  }
  httpServer.close();
});
