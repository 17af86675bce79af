/**
 * A `switch` dispatcher on a destructured request (`async ({ params }, ctx)`), whose asking case leaves the switch
 * with `break` and the handler answers after it (review 41 S41-6, S41-9): the case is one tool's branch, and what
 * follows the switch runs after the request, on the retry.
 */
import { Server } from '@modelcontextprotocol/server';

export const server = new Server({ name: 'profile', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/list', async () => ({
  tools: [
    { name: 'topics', inputSchema: { type: 'object' as const } },
    { name: 'set_name', inputSchema: { type: 'object' as const } },
  ],
}));

server.setRequestHandler('tools/call', async ({ params }, ctx) => {
  switch (params.name) {
    case 'topics':
      return { content: [{ type: 'text', text: 'mcp, agents' }] };
    case 'set_name': {
      const answer = await ctx.mcpReq.elicitInput({
        mode: 'form',
        message: 'Your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
      });
      console.error(`set_name: ${answer.action}`);
      break;
    }
  }
  return { content: [{ type: 'text', text: 'done' }] };
});
