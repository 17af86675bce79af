/**
 * --modern-only on an app whose deprecated HTTP+SSE endpoint sits under its own section banner (Klavis-AI/klavis'
 * servers): the endpoint goes with its routes and registry, and so does the banner naming it, which would otherwise
 * stand above nothing (sweep 7 E13). The banner of the Streamable HTTP section stays.
 */
import express from 'express';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'maps', version: '1.0.0' });
  server.registerTool('geocode', { description: 'Geocodes an address.' }, async () => ({ content: [{ type: 'text', text: '52.52,13.40' }] }));
  return server;
}

const app = express();

//=============================================================================
// STREAMABLE HTTP TRANSPORT (PROTOCOL VERSION 2026-07-28)
//=============================================================================

const mcpHandler = createMcpHandler(buildServer);
app.all('/mcp', toNodeHandler(mcpHandler));

app.listen(5000, () => {
  console.log('server running on port 5000');
});
