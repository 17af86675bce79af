/**
 * A task-augmented sampling request parsed with its own result schema (the everything server's
 * `trigger-sampling-request-async`): experimental tasks are gone in v2, so this is marked, not rewritten.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const TaskOrMessage = z.union([z.object({ task: z.object({ taskId: z.string() }) }), z.object({ role: z.string() })]);

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'tasks', version: '1.0.0' });

  server.registerTool('sample_async', { description: 'Sample as a task.' }, async (ctx) => {
    // @mcp-migrate-todo(deprecated-feature/sampling): not rewritten automatically: the request is task-augmented (params.task): the experimental tasks API is gone in SDK v2 / 2026-07-28 (the Tasks extension replaces it); drop the task variant or return inputRequired with a plain request. Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.createMessage(…) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects.
    const reply = await ctx.mcpReq.send(
      {
        method: 'sampling/createMessage',
        params: { task: { ttl: 300000 }, messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 },
      },
      TaskOrMessage,
    );
    return { content: [{ type: 'text', text: JSON.stringify(reply) }] };
  });

  return server;
}
