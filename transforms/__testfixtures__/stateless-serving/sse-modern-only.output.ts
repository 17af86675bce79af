/**
 * The deprecated HTTP+SSE transport with --modern-only (no 2025-era client is served): the endpoint goes, its
 * /sse and /messages routes, the registry only they use and the session ids they log with them. The exported
 * factory stays (the package's other entries build their servers with it).
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const app = express();

export function buildServer(): McpServer {
  return new McpServer({ name: 'legacy-sse', version: '1.0.0' });
}

app.listen(3000);
