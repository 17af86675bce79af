// The file's last imports are ones the official codemod folds into another (the sampling server's
// `RequestHandlerExtra`, notion-mcp-server's `Transport`): the blank line between the imports and the code stays.
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const server = new McpServer({ name: 'echo', version: '1.0.0' });

function requestLabel(extra: ServerContext): string {
  return `request ${String(extra.mcpReq.id)}`;
}

server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }, ctx) => ({
  content: [{ type: 'text', text: `${requestLabel(ctx)}: ${text}` }],
}));
