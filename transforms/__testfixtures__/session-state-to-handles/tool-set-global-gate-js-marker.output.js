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
  // @mcp-migrate-todo(session-state/tool-set-global): `review.started` records that `start_review` ran, and `check_item` checks it first: an order between calls with nothing in the later requests saying it was followed (over HTTP one caller opens the gate for all; 2026-07-28 has no session to tie the calls together). Have `start_review` return an id for what it set up, and take that id as an argument of the tools that check it, checked against the caller.
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
