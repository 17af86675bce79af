/**
 * Notes server (CommonJS) served over HTTP+SSE only, behind a bearer-token check, with --modern-only. The /sse
 * and /messages routes go with their registry, and the health route's count of open streams becomes 0 under a
 * marker. Nothing else would serve MCP, so the GET /sse route becomes the 2026-07-28 entry on /mcp, behind the
 * same check, serving servers from the factory declared below the routes (a function declaration, so it exists
 * when the entry is built); the SIGINT loop closing the streams closes the entry instead.
 */
'use strict';

const express = require('express');
const { McpServer, createMcpHandler } = require('@modelcontextprotocol/server');
const { toNodeHandler } = require('@modelcontextprotocol/node');

const notes = new Map([['welcome', 'Notes are kept in memory.']]);

const app = express();

function requireToken(req, res, next) {
  if (req.headers.authorization !== `Bearer ${process.env.NOTES_TOKEN}`) {
    res.status(401).end();
    return;
  }
  next();
}

const mcpHandler = createMcpHandler(buildServer, { legacy: 'reject' });
app.all('/mcp', requireToken, toNodeHandler(mcpHandler));

app.get('/healthz', (req, res) => {
  // @mcp-migrate-todo(session-transport/transport-registry): `streams.size` counted the sessions in `streams`, the registry of the HTTP+SSE endpoint that --modern-only removed: no 2025-era client is served, so it is 0 now. Drop it from what this code reports, or count something that still exists (requests in flight).
  res.json({ ok: true, streams: 0 });
});

function buildServer() {
  const server = new McpServer({ name: 'notes', version: '0.4.0' });
  server.registerTool('list_notes', { description: 'The titles of all notes' }, async () => ({
    content: [{ type: 'text', text: [...notes.keys()].join('\n') }],
  }));
  return server;
}

process.on('SIGINT', async () => {
  await mcpHandler.close();
  process.exit(0);
});

app.listen(Number(process.env.PORT ?? 3000));
