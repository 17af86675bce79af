// The transport's type is named through a type-only namespace import (unchainedshop/unchained's style, sweep 36 AJ7):
// v2 moved the Node transport to @modelcontextprotocol/node, so the namespace import goes there.
import type * as sdkHttp from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'catalog', version: '2.0.0' });
  server.registerTool('ping', { description: 'Liveness check' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const open: sdkHttp.StreamableHTTPServerTransport[] = [];

export function openTransport(): sdkHttp.StreamableHTTPServerTransport {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  open.push(transport);
  return transport;
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((t) => t.close()));
}
