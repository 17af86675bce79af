/**
 * Notes server: Streamable HTTP, one transport per MCP session (SDK v2 imports, 2025-era serving).
 */
'use strict';

const express = require('express');
const { toNodeHandler } = require('@modelcontextprotocol/node');
const sdk = require('@modelcontextprotocol/server');
const { createMcpHandler } = require('@modelcontextprotocol/server');
const { z } = require('zod');

const notes = [];

function buildServer() {
  const server = new sdk.McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool(
    'add_note',
    { description: 'Add a note.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => {
      notes.push(text);
      return { content: [{ type: 'text', text: `${notes.length} notes` }] };
    },
  );
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(buildServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.get('/health', (_req, res) => {
  res.json({ ok: true });
});

app.listen(3000);
