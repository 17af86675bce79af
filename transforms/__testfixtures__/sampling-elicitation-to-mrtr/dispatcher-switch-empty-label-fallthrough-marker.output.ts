/**
 * A `switch` dispatcher where a case runs code and falls through an empty label into the asking case (no `break`):
 * that case is not one tool's branch (the `audit` tool runs into it too), so the request is marked, not rewritten
 * (review 41 S41-4: only the clause right above was checked).
 */
import { Server } from '@modelcontextprotocol/server';

export const server = new Server({ name: 'profile', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/list', async () => ({
  tools: [
    { name: 'audit', inputSchema: { type: 'object' as const } },
    { name: 'rename', inputSchema: { type: 'object' as const } },
    { name: 'set_name', inputSchema: { type: 'object' as const } },
  ],
}));

server.setRequestHandler('tools/call', async (request, ctx) => {
  switch (request.params.name) {
    case 'audit':
      console.error('audit requested');
    // falls through
    case 'rename':
    case 'set_name': {
      // @mcp-migrate-todo(server-push/elicitation): not rewritten automatically: the request is not awaited into a variable at the top level of the handler or of one tool's branch of it (`const result = await …;`). Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.elicit(…) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects.
      const answer = await ctx.mcpReq.elicitInput({
        mode: 'form',
        message: 'Your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
      });
      return { content: [{ type: 'text', text: `hello ${JSON.stringify(answer)}` }] };
    }
    default:
      throw new Error(`Unknown tool: ${request.params.name}`);
  }
});
