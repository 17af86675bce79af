/**
 * A sessionful express endpoint whose error answers are helpers of the file (yuki9541134/mcp-redash's
 * `sendSessionNotFound(res)`, `sendInternalError(res)`): they only write a JSON-RPC error on the response, so the
 * route is session plumbing, and they go with it.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function createServer(): McpServer {
  return new McpServer({ name: 'queries', version: '1.0.0' });
}

function sendSessionNotFound(res: Response): void {
  res.status(404).json({
    jsonrpc: '2.0',
    error: { code: -32001, message: 'Session not found' },
    id: null,
  });
}

function sendInternalError(res: Response): void {
  res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
}

const app = express();
app.use(express.json());
const transports = new Map<string, NodeStreamableHTTPServerTransport>();

app.post('/mcp', async (req: Request, res: Response) => {
  try {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string' && transports.has(sessionId)) {
      await transports.get(sessionId)!.handleRequest(req, res, req.body);
    } else if (!sessionId && isInitializeRequest(req.body)) {
      const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
      transport.onclose = () => {
        if (transport.sessionId) transports.delete(transport.sessionId);
      };
      await createServer().connect(transport);
      await transport.handleRequest(req, res, req.body);
      if (transport.sessionId) transports.set(transport.sessionId, transport);
    } else {
      sendSessionNotFound(res);
    }
  } catch (error) {
    console.error('Error handling POST /mcp:', error);
    if (!res.headersSent) sendInternalError(res);
  }
});

app.listen(3000);
