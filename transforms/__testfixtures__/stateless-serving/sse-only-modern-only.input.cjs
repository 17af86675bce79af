/**
 * Notes server (CommonJS) served over HTTP+SSE only, behind a bearer-token check, with --modern-only. The /sse
 * and /messages routes go with their registry, and the health route's count of open streams becomes 0 under a
 * marker. Nothing else would serve MCP, so the GET /sse route becomes the 2026-07-28 entry on /mcp, behind the
 * same check, serving servers from the factory declared below the routes (a function declaration, so it exists
 * when the entry is built); the SIGINT loop closing the streams closes the entry instead.
 */
'use strict';

const express = require('express');
const { SSEServerTransport } = require('@modelcontextprotocol/sdk/server/sse.js');
const { McpServer } = require('@modelcontextprotocol/server');

const notes = new Map([['welcome', 'Notes are kept in memory.']]);

const app = express();

function requireToken(req, res, next) {
  if (req.headers.authorization !== `Bearer ${process.env.NOTES_TOKEN}`) {
    res.status(401).end();
    return;
  }
  next();
}

// Open streams, by the session id their POSTs name
const streams = new Map();

app.get('/sse', requireToken, async (req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  streams.set(transport.sessionId, transport);
  res.on('close', () => streams.delete(transport.sessionId));
  await buildServer().connect(transport);
});

app.post('/messages', requireToken, async (req, res) => {
  const transport = streams.get(String(req.query.sessionId));
  if (!transport) {
    res.status(404).send('Unknown session');
    return;
  }
  await transport.handlePostMessage(req, res);
});

app.get('/healthz', (req, res) => {
  res.json({ ok: true, streams: streams.size });
});

function buildServer() {
  const server = new McpServer({ name: 'notes', version: '0.4.0' });
  server.registerTool('list_notes', { description: 'The titles of all notes' }, async () => ({
    content: [{ type: 'text', text: [...notes.keys()].join('\n') }],
  }));
  return server;
}

process.on('SIGINT', async () => {
  for (const stream of streams.values()) {
    await stream.close();
  }
  process.exit(0);
});

app.listen(Number(process.env.PORT ?? 3000));
