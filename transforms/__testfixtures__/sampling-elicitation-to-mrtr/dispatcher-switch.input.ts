/**
 * A low-level tools/call dispatcher on SDK v2 written as a `switch` on the request's own `params.name`
 * (vncsleal/grist, sweep 32 AF5): each tool is a case with a block. The `set_name` case asks the user through
 * elicitation in the middle of the call; it becomes the two-phase multi-round-trip form, like an
 * `if (name === …)` branch, while the other cases stay as they were.
 */
import { Server } from '@modelcontextprotocol/server';

export const server = new Server({ name: 'profile', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/list', async () => ({
  tools: [
    { name: 'topics', inputSchema: { type: 'object' as const } },
    { name: 'set_name', inputSchema: { type: 'object' as const } },
  ],
}));

server.setRequestHandler('tools/call', async (request, ctx) => {
  switch (request.params.name) {
    case 'topics': {
      return { content: [{ type: 'text', text: 'mcp, agents' }] };
    }
    case 'set_name': {
      const answer = await ctx.mcpReq.elicitInput({
        mode: 'form',
        message: 'Your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'cancelled' }] };
      return { content: [{ type: 'text', text: `hello ${String(answer.content?.name)}` }] };
    }
    default:
      throw new Error(`Unknown tool: ${request.params.name}`);
  }
});
