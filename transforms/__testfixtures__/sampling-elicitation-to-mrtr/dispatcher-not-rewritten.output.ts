/**
 * Low-level tools/call dispatchers whose branch is NOT rewritten, because the retry would repeat
 * something: an earlier branch that is not exclusive with the asking tool (it tests another value,
 * so it runs for this tool too, and logs), and a dispatcher whose tool name is a `let` (it may change
 * before the test, so the other branches are not known to be skipped).
 */
import { Server } from '@modelcontextprotocol/server';

export const audited = new Server({ name: 'audited', version: '1.0.0' }, { capabilities: { tools: {} } });

audited.setRequestHandler('tools/call', async (request, ctx) => {
  const { name, arguments: args } = request.params;
  if (args?.verbose) {
    console.error(`calling ${name}`);
  }
  if (name === 'confirm') {
    // @mcp-migrate-todo(server-push/elicitation): not rewritten automatically: a branch with effects before the request runs again on the retry (perhaps on another instance) (at: if (args?.verbose) {). Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.elicit(…) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects.
    const answer = await ctx.mcpReq.elicitInput({
      mode: 'form',
      message: 'Proceed?',
      requestedSchema: { type: 'object', properties: { proceed: { type: 'boolean' } } },
    });
    return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
  }
  throw new Error(`Unknown tool: ${name}`);
});

export const renamed = new Server({ name: 'renamed', version: '1.0.0' }, { capabilities: { tools: {} } });

renamed.setRequestHandler('tools/call', async (request, ctx) => {
  let name = request.params.name;
  if (name === 'legacy-confirm') {
    name = 'confirm';
  }
  if (name === 'confirm') {
    // @mcp-migrate-todo(server-push/elicitation): not rewritten automatically: the request is not awaited into a variable at the top level of the handler or of one tool's branch of it (`const result = await …;`). Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.elicit(…) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects.
    const answer = await ctx.mcpReq.elicitInput({
      mode: 'form',
      message: 'Proceed?',
      requestedSchema: { type: 'object', properties: { proceed: { type: 'boolean' } } },
    });
    return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
  }
  throw new Error(`Unknown tool: ${name}`);
});
