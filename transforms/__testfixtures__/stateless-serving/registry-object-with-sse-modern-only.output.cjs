/**
 * Calendar server (CommonJS): Streamable HTTP on /mcp and the deprecated HTTP+SSE endpoint, their transports
 * kept in one object of registries, with --modern-only. The /mcp route becomes `createMcpHandler`, the SSE
 * routes go, and with both registries gone the object holding them goes too.
 */
'use strict';

const express = require('express');
const { toNodeHandler } = require('@modelcontextprotocol/node');
const { McpServer, createMcpHandler } = require('@modelcontextprotocol/server');

const events = ['standup 09:30', 'review 14:00'];

function calendarServer() {
  const server = new McpServer({ name: 'calendar', version: '0.4.0' });
  server.registerTool('today', { description: "Today's events." }, async () => ({ content: [{ type: 'text', text: events.join('\n') }] }));
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(calendarServer, { legacy: 'reject' });
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.get('/healthz', (_req, res) => {
  res.send('ok');
});

app.listen(Number(process.env.PORT ?? 3000));
