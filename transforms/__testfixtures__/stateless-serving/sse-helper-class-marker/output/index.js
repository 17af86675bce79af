import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SseManager } from './sseManager.js';

function buildServer() {
  const server = new McpServer({ name: 'jobs', version: '1.0.0' });
  server.registerTool('ping', { description: 'Liveness check' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const sseManager = new SseManager();
const app = express();
app.use(express.json());

// @mcp-migrate-todo(session-transport/sse-transport): GET /sse opens the streams of the HTTP+SSE endpoint in sseManager.js: its transports are made by `SseManager.createTransport()` (marked there). It stays while that endpoint does and goes with it.
app.get('/sse', async (req, res) => {
  const transport = sseManager.createTransport('/messages', res);
  res.on('close', () => sseManager.removeTransport(transport.sessionId));
  await buildServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = sseManager.getTransport(req);
  if (!transport) {
    res.status(400).send('unknown session');
    return;
  }
  await transport.handlePostMessage(req, res, req.body);
});

app.listen(3000);
