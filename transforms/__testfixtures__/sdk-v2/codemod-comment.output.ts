// The handler destructures its context: the official codemod cannot rewrite that safely and
// leaves its own comment, which apply keeps (once) and lists in the report.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const server = new McpServer({ name: 'whoami', version: '1.0.0' });

/* @mcp-codemod-error Destructuring of context parameter in signature: "{ sessionId }". Properties have been reorganized in v2 (e.g., signal is now ctx.mcpReq.signal). Manual refactoring required. */
server.registerTool('whoami', { inputSchema: z.object({ label: z.string() }) }, async ({ label }, { sessionId }) => {
  console.error(`${label}: ${sessionId ?? 'stdio'}`);
  return { content: [{ type: 'text', text: label }] };
});
