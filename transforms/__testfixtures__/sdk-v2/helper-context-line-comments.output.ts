// A helper typed inline with v1's context keys under a header of line comments (ts-morph counts each
// comment line as a statement): the import the rerun adds for the helper's annotation goes after the
// file's SDK imports, so the codemod's v2 import stays below the whole header, not inside it.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

function who(ctx: ServerContext): string {
  return ctx.sessionId ?? '-';
}

export const server = new McpServer({ name: 'who', version: '1.0.0' });

server.registerTool('who', { inputSchema: z.object({ verbose: z.boolean() }) }, async (_args, ctx) => ({
  content: [{ type: 'text', text: who(ctx) }],
}));
