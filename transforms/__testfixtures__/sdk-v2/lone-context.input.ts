/**
 * Tools and a prompt without an input schema: their only parameter is the handler context.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'accounts', version: '1.0.0' });

  // The signed-in user, as the token verifier reported them.
  server.registerTool('whoami', { description: 'The signed-in user.' }, async (extra) => {
    const user = extra.authInfo?.extra?.sub ?? 'anonymous';
    return { content: [{ type: 'text' as const, text: `You are ${String(user)} (request ${String(extra.requestId)}).` }] };
  });

  server.registerTool('ping_auth', { description: 'Whether the caller is signed in.' }, function (context) {
    return { content: [{ type: 'text' as const, text: context.authInfo ? 'signed in' : 'anonymous' }] };
  });

  // One argument that is the tool's input, not its context: a field named like a context key stays.
  server.registerTool('lookup', { description: 'Look a request up.', inputSchema: { requestId: z.string() } }, async (args) => {
    return { content: [{ type: 'text' as const, text: `Request ${args.requestId}` }] };
  });

  // The codemod's comment on a destructured context stays beside these rewrites (an edit of the text before the
  // comments found their lines made ts-morph forget the node it is anchored to).
  server.registerTool('label', { inputSchema: { label: z.string() } }, async ({ label }, { sessionId }) => ({
    content: [{ type: 'text' as const, text: `${label}: ${sessionId ?? 'none'}` }],
  }));

  server.registerPrompt('greeting', { description: 'Greet the signed-in user.' }, (extra) => ({
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text: `Greet ${String(extra.authInfo?.clientId)}.` } }],
  }));

  return server;
}
