/**
 * A guided review workflow over stdio: `start_review` loads the checklist, and the step tools refuse to run until it
 * has. The gate is a flag in the process: nothing in a step's request says `start_review` ran for this caller.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const review = { started: false, checklist: [] };

const server = new McpServer({ name: 'review-guide', version: '1.0.0' });

server.registerTool('start_review', { description: 'Load the review checklist. Call this first.' }, async () => {
  review.checklist = ['tests pass', 'docs updated', 'changelog entry'];
  review.started = true;
  return { content: [{ type: 'text', text: review.checklist.join('\n') }] };
});

server.registerTool(
  'check_item',
  { description: 'Tick one checklist item', inputSchema: { item: z.string() } },
  async ({ item }) => {
    if (!review.started) {
      return { isError: true, content: [{ type: 'text', text: 'Call start_review first.' }] };
    }
    return { content: [{ type: 'text', text: `checked: ${item}` }] };
  },
);

await server.connect(new StdioServerTransport());
