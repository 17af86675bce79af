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
    const name = await ctx.mcpReq.elicitInput({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
    const age = await ctx.mcpReq.elicitInput({ message: 'Age?', requestedSchema: { type: 'object', properties: { age: { type: 'number' } } } });
    return { content: [{ type: 'text', text: `${JSON.stringify(name.content)} ${JSON.stringify(age.content)}` }] };
  });

  server.registerTool('poem', { description: 'Write a poem.', inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {
    audit.push(`poem about ${topic}`);
    const reply = await ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: topic } }], maxTokens: 100 });
    return { content: [{ type: 'text', text: JSON.stringify(reply.content) }] };
  });

  return server;
}

export async function warmUp(server: McpServer): Promise<number> {
  const roots = await server.server.listRoots();
  return roots.roots.length;
}
