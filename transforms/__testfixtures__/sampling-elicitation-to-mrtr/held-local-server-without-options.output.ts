/**
 * The handler holds a value across the request (the time the transfer was quoted at, which differs on the retry), and
 * the server is built with its info alone (sweep 37 AK6): there is no options object for requestState.verify, so the
 * handler keeps its marker, which says to give the server one.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'payments', version: '2.1.0' });

  server.registerTool('send', { description: 'Send funds after the user confirms.', inputSchema: z.object({ to: z.string(), amount: z.number() }) }, async ({ to, amount }, ctx) => {
    const quotedAt = Date.now();
    // @mcp-migrate-todo(server-push/elicitation): not rewritten automatically: the handler holds `quotedAt` across the request, and the server is built without an options argument, where requestState.verify goes (give it one, `new McpServer(info, {})`, and run apply again) (at: answer = await ctx.mcpReq.elicitInput({ mode: 'form', mes...). Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.elicit(…) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects.
    const answer = await ctx.mcpReq.elicitInput({ mode: 'form', message: `Send ${amount} to ${to}?`, requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } } } });
    return { content: [{ type: 'text', text: answer.action === 'accept' ? `sent (quoted at ${quotedAt})` : 'cancelled' }] };
  });

  return server;
}
