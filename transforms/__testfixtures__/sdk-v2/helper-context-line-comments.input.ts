// A helper typed inline with v1's context keys under a header of line comments (ts-morph counts each
// comment line as a statement): the import the rerun adds for the helper's annotation goes after the
// file's SDK imports, so the codemod's v2 import stays below the whole header, not inside it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

function who(extra: { sessionId?: string }): string {
  return extra.sessionId ?? '-';
}

export const server = new McpServer({ name: 'who', version: '1.0.0' });

server.registerTool('who', { inputSchema: { verbose: z.boolean() } }, async (_args, extra) => ({
  content: [{ type: 'text', text: who(extra) }],
}));
