/**
 * Calendar server (CommonJS): Streamable HTTP on /mcp and the deprecated HTTP+SSE endpoint, their transports
 * kept in one object of registries, with --modern-only. The /mcp route becomes `createMcpHandler`, the SSE
 * routes go, and with both registries gone the object holding them goes too.
 */
'use strict';

const { randomUUID } = require('node:crypto');
const express = require('express');
const { NodeStreamableHTTPServerTransport } = require('@modelcontextprotocol/node');
const { SSEServerTransport } = require('@modelcontextprotocol/sdk/server/sse.js');
const { isInitializeRequest, McpServer } = require('@modelcontextprotocol/server');

const events = ['standup 09:30', 'review 14:00'];

// Live transports, one map per kind of client
const openTransports = {
  modern: {},
  legacy: {},
};

function calendarServer() {
  const server = new McpServer({ name: 'calendar', version: '0.4.0' });
  server.registerTool('today', { description: "Today's events." }, async () => ({ content: [{ type: 'text', text: events.join('\n') }] }));
  return server;
}

const app = express();
app.use(express.json());

app.all('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  let transport;
  if (sessionId && openTransports.modern[sessionId]) {
    transport = openTransports.modern[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        openTransports.modern[id] = transport;
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) delete openTransports.modern[transport.sessionId];
    };
    await calendarServer().connect(transport);
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

app.get('/events', async (req, res) => {
  const transport = new SSEServerTransport('/events/post', res);
  openTransports.legacy[transport.sessionId] = transport;
  res.on('close', () => {
    delete openTransports.legacy[transport.sessionId];
  });
  await calendarServer().connect(transport);
});

app.post('/events/post', async (req, res) => {
  const transport = openTransports.legacy[req.query.sessionId];
  if (!transport) {
    res.status(404).send('Unknown SSE session');
    return;
  }
  await transport.handlePostMessage(req, res, req.body);
});

app.get('/healthz', (_req, res) => {
  res.send('ok');
});

app.listen(Number(process.env.PORT ?? 3000));
