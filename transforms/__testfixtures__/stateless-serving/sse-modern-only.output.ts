/**
 * The deprecated HTTP+SSE transport with --modern-only (no 2025-era client is served): the endpoint goes, its
 * /sse and /messages routes, the registry only they use and the session ids they log with them. It was the
 * project's only MCP endpoint, so its GET /sse route becomes the 2026-07-28 entry, `createMcpHandler(buildServer,
 * { legacy: 'reject' })` on /mcp, serving the servers the exported factory builds.
 */
import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

const app = express();

export function buildServer(): McpServer {
  return new McpServer({ name: 'legacy-sse', version: '1.0.0' });
}

const mcpHandler = createMcpHandler(buildServer, { legacy: 'reject' });
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
