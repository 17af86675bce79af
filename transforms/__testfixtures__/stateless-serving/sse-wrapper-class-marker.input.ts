/**
 * An HTTP+SSE server whose module-level object is the project's own class around an SDK server (lark-base's
 * `BaseMCPServer`, sweep 19 S1): it is not what `createMcpHandler` takes, so no factory is extracted from it and no
 * entry is written; the endpoint stays with a marker that says so.
 */
import express from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

class BaseMCPServer {
  readonly server = new Server({ name: 'base', version: '1.0.0' }, { capabilities: { tools: {} } });

  constructor() {
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
  }

  async connect(transport: Transport): Promise<void> {
    await this.server.connect(transport);
  }
}

const server = new BaseMCPServer();
const app = express();
const transports: Record<string, SSEServerTransport> = {};

app.get('/sse', async (req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  res.on('close', () => delete transports[transport.sessionId]);
  await server.connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports[String(req.query.sessionId)];
  if (transport) await transport.handlePostMessage(req, res);
  else res.status(400).send('No transport found for sessionId');
});

app.listen(3001);
