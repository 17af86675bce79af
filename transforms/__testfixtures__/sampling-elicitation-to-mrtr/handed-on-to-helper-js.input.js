/**
 * JS: a sampling sender handed to a helper with the tool's arguments and context is followed into the
 * helper, which gets the two-phase rewrite. A helper two tools call stays marked: each caller would
 * need its own round.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * @param {(params: import('@modelcontextprotocol/server').CreateMessageRequestParams) => Promise<import('@modelcontextprotocol/server').CreateMessageResult>} createMessage
 * @param {{ text: string }} args
 * @param {import('@modelcontextprotocol/server').ServerContext} ctx
 * @returns {Promise<import('@modelcontextprotocol/server').CallToolResult>}
 */
async function summarise(createMessage, args, ctx) {
  const prompt = `Summarise in one line: ${args.text}`;
  const summary = await createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 200 });
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
    summarise(server.server.createMessage.bind(server.server), args, ctx),
  );
  server.registerTool('confirm', { description: 'Ask for a yes.' }, () => ask(server.server.elicitInput.bind(server.server), 'Sure?'));
  server.registerTool('confirm_twice', { description: 'Ask again.' }, () => ask(server.server.elicitInput.bind(server.server), 'Really sure?'));
  return server;
}
