/**
 * An await inside a top-level try: rewritten when what the handler holds across it is read inside the
 * try block only (`quota`, a read of the arguments, is computed again on the retry). `startedAt` is
 * held (Date.now() differs on the retry) and read in the catch, outside the block where the state read
 * back on the retry would be in scope: that handler keeps its marker.
 */
import { McpServer, inputRequired, inputResponse, fromJsonSchema, acceptedContent, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'quota', version: '1.0.0' }, { capabilities: {} });

  server.registerTool('raise_quota', { description: 'Raise a quota after the user confirms.', inputSchema: z.object({ quota: z.number() }) }, async (args, ctx) => {
    const quota = args.quota;
    try {
      const answerRequestedSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { yes: { type: 'boolean' } } };
      const answerSchema = fromJsonSchema<Record<string, unknown>>(answerRequestedSchema);
      const answerResponse = inputResponse(ctx.mcpReq.inputResponses, 'answer');
      if (answerResponse.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            answer: inputRequired.elicit({ mode: 'form', message: `Raise the quota to ${quota}?`, requestedSchema: answerSchema }),
          },
        });
      }
      if (answerResponse.kind !== 'elicit') {
        return { content: [{ type: 'text' as const, text: `Expected an elicitation response for "answer", got "${answerResponse.kind}".` }], isError: true };
      }
      const answer = answerResponse.action === 'accept' ? { action: answerResponse.action, content: acceptedContent(ctx.mcpReq.inputResponses, 'answer', answerSchema) } : answerResponse;
      return { content: [{ type: 'text', text: answer.action === 'accept' ? `quota ${quota}` : 'unchanged' }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `failed: ${String(error)}` }], isError: true };
    }
  });

  server.registerTool('timed_confirm', { description: 'Confirm, and say how long it took.' }, async (ctx) => {
    const startedAt = Date.now();
    try {
      // @mcp-migrate-todo(server-push/elicitation): not rewritten automatically: `startedAt` is held across the request and read after the block it is in (at: answer = await ctx.mcpReq.elicitInput({ mode: 'form', mes...). Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.elicit(…) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects.
      const answer = await ctx.mcpReq.elicitInput({ mode: 'form', message: 'Go on?', requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } } } });
      return { content: [{ type: 'text', text: `${answer.action} after ${Date.now() - startedAt} ms` }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `failed after ${Date.now() - startedAt} ms: ${String(error)}` }], isError: true };
    }
  });

  return server;
}
