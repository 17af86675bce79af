// The handler destructures its context: the official codemod cannot rewrite that safely and
// leaves its own comment, which apply keeps (once) and lists in the report.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const server = new McpServer({ name: 'whoami', version: '1.0.0' });

server.tool('whoami', { label: z.string() }, async ({ label }, { sessionId }) => {
  console.error(`${label}: ${sessionId ?? 'stdio'}`);
  return { content: [{ type: 'text', text: label }] };
});
