/**
 * JS: a sampling sender handed to a helper with the tool's arguments and context is followed into the
 * helper, which gets the two-phase rewrite. A helper two tools call stays marked: each caller would
 * need its own round.
 */
import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * @param {{ text: string }} args
 * @param {import('@modelcontextprotocol/server').ServerContext} ctx
 * @returns {Promise<import('@modelcontextprotocol/server').CallToolResult | import('@modelcontextprotocol/server').InputRequiredResult>}
 */
async function summarise(args, ctx) {
  const prompt = `Summarise in one line: ${args.text}`;
  const summaryResponse = inputResponse(ctx.mcpReq.inputResponses, 'summary');
  if (summaryResponse.kind === 'missing') {
    return inputRequired({
      inputRequests: {
        summary: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 200 }),
      },
    });
  }
  if (summaryResponse.kind !== 'sampling') {
    return { content: [{ type: 'text', text: `Expected a sampling response for "summary", got "${summaryResponse.kind}".` }], isError: true };
  }
  const summary = /** @type {import('@modelcontextprotocol/server').CreateMessageResult} */ (summaryResponse.result);
  console.info(ctx.mcpReq.id, prompt.length);
  return { content: [{ type: 'text', text: summary.content.type === 'text' ? summary.content.text : '' }] };
}

/**
 * @param {(params: import('@modelcontextprotocol/server').ElicitRequestFormParams) => Promise<import('@modelcontextprotocol/server').ElicitResult>} elicitInput
 * @param {string} question
 * @returns {Promise<import('@modelcontextprotocol/server').CallToolResult>}
 */
async function ask(elicitInput, question) {
  const answer = await elicitInput({ message: question, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
  return { content: [{ type: 'text', text: answer.action }] };
}

export function buildServer() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('summarise', { description: 'Summarise a text.', inputSchema: z.object({ text: z.string() }) }, (args, ctx) =>
    summarise(args, ctx),
  );
  // @mcp-migrate-todo(server-push/elicitation): elicitInput handed on as a function: whoever calls it asks the client in the middle of the request, which 2026-07-28 does not allow. Have the handler return inputRequired({ inputRequests: { k: inputRequired.elicit(params) } }) and, on the retry, hand the helper the answer (inputResponse(ctx.mcpReq.inputResponses, 'k')) instead of the function.
  server.registerTool('confirm', { description: 'Ask for a yes.' }, () => ask(server.server.elicitInput.bind(server.server), 'Sure?'));
  // @mcp-migrate-todo(server-push/elicitation): elicitInput handed on as a function: whoever calls it asks the client in the middle of the request, which 2026-07-28 does not allow. Have the handler return inputRequired({ inputRequests: { k: inputRequired.elicit(params) } }) and, on the retry, hand the helper the answer (inputResponse(ctx.mcpReq.inputResponses, 'k')) instead of the function.
  server.registerTool('confirm_twice', { description: 'Ask again.' }, () => ask(server.server.elicitInput.bind(server.server), 'Really sure?'));
  return server;
}
