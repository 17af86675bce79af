// The file's last imports are ones the official codemod folds into another (the sampling server's
// `RequestHandlerExtra`, notion-mcp-server's `Transport`): the blank line between the imports and the code stays.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

export const server = new McpServer({ name: 'echo', version: '1.0.0' });

function requestLabel(extra: RequestHandlerExtra<ServerRequest, ServerNotification>): string {
  return `request ${String(extra.requestId)}`;
}

server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }, extra) => ({
  content: [{ type: 'text', text: `${requestLabel(extra)}: ${text}` }],
}));
