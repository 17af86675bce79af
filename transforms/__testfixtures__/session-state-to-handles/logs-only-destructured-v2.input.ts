/**
 * SDK v2: the request id is `ctx.mcpReq.id`. A session id destructured from the context and only logged
 * becomes the request id, bound as `mcpReq: { id: requestId }`: in a handler's own parameter, and in helpers
 * typed `ServerContext` the way the official codemod leaves `const { sessionId, requestId } = extra`.
 */
import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const logger = {
  info: (fields: Record<string, unknown>, message: string): void => console.log(message, fields),
  warn: (fields: Record<string, unknown>, message: string): void => console.warn(message, fields),
};

export function createSlugServer(): McpServer {
  const server = new McpServer({ name: 'slugs', version: '1.0.0' });

  server.registerTool(
    'slugify',
    { description: 'Turn a title into a URL slug.', inputSchema: z.object({ title: z.string() }) },
    async ({ title }, { sessionId }) => {
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      console.log(`[${sessionId}] slugify`, { length: slug.length });
      return { content: [{ type: 'text', text: slug }] };
    },
  );
  server.registerTool(
    'count_words',
    { description: 'Count the words of a text.', inputSchema: z.object({ text: z.string() }) },
    (args, ctx) => countWords(args, ctx),
  );
  server.registerTool(
    'trim',
    { description: 'Trim a text.', inputSchema: z.object({ text: z.string() }) },
    (args, ctx) => trim(args, ctx),
  );
  server.registerTool(
    'abort_check',
    { description: 'Report whether the call was cancelled.' },
    (ctx) => abortCheck(ctx),
  );

  return server;
}

async function countWords(args: { text: string }, extra: ServerContext): Promise<CallToolResult> {
  const toolName = 'count_words';
  const { sessionId, mcpReq: { id: requestId } } = extra;
  const words = args.text.split(/\s+/).filter(Boolean).length;
  if (words === 0) logger.warn({ toolName, sessionId, requestId }, 'Empty text');
  logger.info({ toolName, sessionId, requestId, words }, 'Tool executed');
  return { content: [{ type: 'text', text: String(words) }] };
}

async function trim(args: { text: string }, extra: ServerContext): Promise<CallToolResult> {
  const { sessionId } = extra;
  logger.info({ sessionId, length: args.text.length }, 'trim');
  return { content: [{ type: 'text', text: args.text.trim() }] };
}

// `mcpReq` is already bound without its id: a second `mcpReq` binding would not compile, so this one is left.
async function abortCheck(ctx: ServerContext): Promise<CallToolResult> {
  const { sessionId, mcpReq } = ctx;
  logger.info({ sessionId }, 'abort_check');
  return { content: [{ type: 'text', text: String(mcpReq.signal.aborted) }] };
}
