// Imports in groups (node built-ins, the SDK, the rest), a blank line between them: the official codemod writes the
// v2 imports where the v1 ones were, and the break after the SDK group stays (j0hanz/filesystem-context-mcp-server).
import * as path from 'node:path';

import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'paths', version: '1.0.0' });
  server.registerTool('basename', { inputSchema: z.object({ p: z.string() }) }, async ({ p }) => ({
    content: [{ type: 'text', text: path.basename(p) }],
  }));
  return server;
}

export const transport = new StdioServerTransport();
