/**
 * An await inside a top-level try: rewritten when what the handler holds across it is read inside the
 * try block only (`quota`, a read of the arguments, is computed again on the retry). `startedAt` is
 * held (Date.now() differs on the retry) and read in the catch, outside the block where the state read
 * back on the retry would be in scope: that handler keeps its marker.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'quota', version: '1.0.0' }, { capabilities: {} });

  server.registerTool('raise_quota', { description: 'Raise a quota after the user confirms.', inputSchema: z.object({ quota: z.number() }) }, async (args, ctx) => {
    const quota = args.quota;
    try {
      const answer = await ctx.mcpReq.elicitInput({ mode: 'form', message: `Raise the quota to ${quota}?`, requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } } } });
      return { content: [{ type: 'text', text: answer.action === 'accept' ? `quota ${quota}` : 'unchanged' }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `failed: ${String(error)}` }], isError: true };
    }
  });

  server.registerTool('timed_confirm', { description: 'Confirm, and say how long it took.' }, async (ctx) => {
    const startedAt = Date.now();
    try {
      const answer = await ctx.mcpReq.elicitInput({ mode: 'form', message: 'Go on?', requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } } } });
      return { content: [{ type: 'text', text: `${answer.action} after ${Date.now() - startedAt} ms` }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `failed after ${Date.now() - startedAt} ms: ${String(error)}` }], isError: true };
    }
  });

  return server;
}
