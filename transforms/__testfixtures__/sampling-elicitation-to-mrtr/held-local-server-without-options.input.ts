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
    const answer = await ctx.mcpReq.elicitInput({ mode: 'form', message: `Send ${amount} to ${to}?`, requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } } } });
    return { content: [{ type: 'text', text: answer.action === 'accept' ? `sent (quoted at ${quotedAt})` : 'cancelled' }] };
  });

  return server;
}
