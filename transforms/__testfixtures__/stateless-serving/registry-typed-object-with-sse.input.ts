/**
 * Weather server: modern Streamable HTTP on /mcp beside the deprecated HTTP+SSE endpoint for older
 * clients, both kept in one registry object whose type is written out as an annotation (jae-jae/fetcher-mcp's
 * shape): the checker declares `transports.streamable` by the annotation's member.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

// Open transports, per kind, by session id.
const transports: {
  streamable: Record<string, NodeStreamableHTTPServerTransport>; // 2025-03-26 and later
  sse: Record<string, SSEServerTransport>;
} = {
  streamable: {},
  sse: {},
};

function createWeatherServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.registerTool('forecast', { description: 'Tomorrow, in one word.' }, async () => ({ content: [{ type: 'text', text: 'sunny' }] }));
  return server;
}

const app = express();
app.use(express.json());

// Streamable HTTP (2025-03-26 and later)
app.all('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: NodeStreamableHTTPServerTransport;
  if (sessionId && transports.streamable[sessionId]) {
    transport = transports.streamable[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.streamable[id] = transport;
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) {
        delete transports.streamable[transport.sessionId];
      }
    };
    const server = createWeatherServer();
    await server.connect(transport);
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

// HTTP+SSE (2024-11-05) for older clients
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports.sse[transport.sessionId] = transport;
  res.on('close', () => {
    delete transports.sse[transport.sessionId];
  });
  await createWeatherServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports.sse[String(req.query.sessionId)];
  if (!transport) {
    res.status(400).send('No SSE transport for this session');
    return;
  }
  await transport.handlePostMessage(req, res, req.body);
});

app.listen(3000);
