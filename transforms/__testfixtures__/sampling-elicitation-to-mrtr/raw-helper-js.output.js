// @ts-check
/**
 * SDK 1.x: a helper outside any handler builds a sampling message in a const and sends it through
 * the server. The message is where the request is reported, so its one marker sits above it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema } from '@modelcontextprotocol/sdk/types.js';

export const server = new McpServer({ name: 'digest', version: '0.9.0' });

/** @param {string} text */
export async function summarise(text) {
  // @mcp-migrate-todo(deprecated-feature/sampling): This file stays on SDK 1.x, where this request still reaches 2025-era clients (stdio, a sessionful connection) and a 2026-07-28 client is never asked; SDK 1.x has no input requests, so what follows applies once the file is on SDK v2: Sampling (a raw sampling/createMessage request) sent from `summarise`, which no request handler mcp-migrate can see calls (it may run at start-up, from a hook, or from a tool's call through code it cannot follow): on 2026-07-28 a server can only ask the client from inside tools/call, prompts/get or resources/read, by returning inputRequired({ inputRequests: { k: inputRequired.createMessage(…) } }) and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry. A helper cannot return that for its handler: have it tell the handler what to ask, and let the handler return the input request.
  const request = {
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: `Summarise: ${text}` } }], maxTokens: 120 },
  };
  const reply = await server.server.request(request, CreateMessageResultSchema);
  return reply.content.type === 'text' ? reply.content.text : '';
}
