/**
 * Handlers too complex for a mechanical split (v2): two requests in one handler; a side effect
 * before the request (it would run again on the retry); a request outside any handler.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const audit: string[] = [];

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'complex', version: '1.0.0' });

  server.registerTool('interview', { description: 'Ask two questions.' }, async (ctx) => {
    // @mcp-migrate-todo(server-push/elicitation): not rewritten automatically: the handler sends 2 requests to the client (each needs its own round, with what earlier rounds returned carried in requestState). Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.elicit(…) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects.
    const name = await ctx.mcpReq.elicitInput({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
    // @mcp-migrate-todo(server-push/elicitation): not rewritten automatically: the handler sends 2 requests to the client (each needs its own round, with what earlier rounds returned carried in requestState). Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.elicit(…) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects.
    const age = await ctx.mcpReq.elicitInput({ message: 'Age?', requestedSchema: { type: 'object', properties: { age: { type: 'number' } } } });
    return { content: [{ type: 'text', text: `${JSON.stringify(name.content)} ${JSON.stringify(age.content)}` }] };
  });

  server.registerTool('poem', { description: 'Write a poem.', inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {
    audit.push(`poem about ${topic}`);
    // @mcp-migrate-todo(deprecated-feature/sampling): not rewritten automatically: a statement with side effects before the request runs again on the retry (perhaps on another instance) (at: audit.push(`poem about ${topic}`);). Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.createMessage(…) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects.
    const reply = await ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: topic } }], maxTokens: 100 });
    return { content: [{ type: 'text', text: JSON.stringify(reply.content) }] };
  });

  return server;
}

export async function warmUp(server: McpServer): Promise<number> {
  // @mcp-migrate-todo(deprecated-feature/roots): Roots (listRoots) sent from `warmUp`, which no request handler mcp-migrate can see calls (it may run at start-up, from a hook, or from a tool's call through code it cannot follow): on 2026-07-28 a server can only ask the client from inside tools/call, prompts/get or resources/read, by returning inputRequired({ inputRequests: { k: inputRequired.listRoots() } }) and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry. A helper cannot return that for its handler: have it tell the handler what to ask, and let the handler return the input request.
  const roots = await server.server.listRoots();
  return roots.roots.length;
}
