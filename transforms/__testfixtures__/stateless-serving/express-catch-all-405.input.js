/**
 * A sessionful express endpoint followed by a catch-all that answers 405 for the methods its routes do not take
 * (yuki9541134/mcp-redash). The `all` route that replaces the endpoint takes every method first, so the
 * catch-all would never run again: it goes with the session routes. Routes on other paths stay.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function createServer() {
  return new McpServer({ name: 'dashboards', version: '2.1.0' });
}

const app = express();
app.use(express.json());
const transports = new Map();

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  if (typeof sessionId === 'string' && transports.has(sessionId)) {
    await transports.get(sessionId).handleRequest(req, res, req.body);
    return;
  }
  if (!sessionId && isInitializeRequest(req.body)) {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    await createServer().connect(transport);
    await transport.handleRequest(req, res, req.body);
    if (transport.sessionId) transports.set(transport.sessionId, transport);
    return;
  }
  res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request' }, id: null });
});

app.get('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  if (typeof sessionId === 'string' && transports.has(sessionId)) {
    await transports.get(sessionId).handleRequest(req, res);
  } else {
    res.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
  }
});

// Answer 405 for the methods the endpoint does not support.
app.all('/mcp', (_req, res) => {
  res.set('Allow', 'GET, POST').status(405).json({
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Method not allowed' },
    id: null,
  });
});

app.all('/status', (_req, res) => res.status(200).json({ ok: true }));

app.listen(3000);
