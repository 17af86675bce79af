/**
 * A sign-in nudge shown to anonymous callers beside a tool's answer (upstash/context7's shape): the
 * elicitation is fired and forgotten, its answer unread, so the docs never wait on the user.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

interface ClientContext {
  apiKey?: string;
  shouldPrompt?: boolean;
}

export function maybeElicitSignIn(server: McpServer, ctx: ClientContext): void {
  if (ctx.apiKey || !ctx.shouldPrompt) return;
  if (!server.server.getClientCapabilities()?.elicitation) return;

  void server.server
    .elicitInput({
      message: 'You are using the docs anonymously. Run `npx docs-cli login` for higher rate limits.',
      requestedSchema: {
        type: 'object',
        properties: { choice: { type: 'string', title: 'How would you like to continue?', enum: ['Sign in', 'Stay anonymous'] } },
        required: ['choice'],
      },
    })
    .catch(() => {
      // A missed nudge never affects the tool result.
    });
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  server.registerTool('query-docs', { description: 'Search the docs', inputSchema: z.object({ query: z.string() }) }, async ({ query }) => {
    maybeElicitSignIn(server, { shouldPrompt: true });
    return { content: [{ type: 'text', text: `No results for ${query}.` }] };
  });
  return server;
}
