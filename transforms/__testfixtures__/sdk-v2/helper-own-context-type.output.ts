// A handler hands its context to helpers typed with the project's own context type, which reads v1's
// `requestInfo` (energychain/willi-mako-client's `RequestContext`, sweep 32 AF2). On v2 the context has no
// `requestInfo` (the request is `ctx.http?.req`), yet the type still fits it: every read compiles and reads
// undefined, so the tool would refuse every caller. The reads the move leaves as they were are marked.
import type { IncomingHttpHeaders } from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

type RequestContext = { sessionId?: string; requestInfo?: { headers?: IncomingHttpHeaders } };

function bearerOf(context?: RequestContext): string | undefined {
  // @mcp-migrate-todo(session-state/session-id-read): `context?.requestInfo?.headers?.authorization` reads SDK v1's `requestInfo`, which the handler's context on SDK v2 (`ServerContext`) does not have: it reads undefined on every request, and a context typed with the project's own type hides that from the compiler. On v2, read `context?.http?.req?.headers.get('authorization')` (v2's request is a Web `Request`, its headers a `Headers`; `get` answers null when the header is absent), with the parameter typed as v2's `ServerContext`.
  const auth = context?.requestInfo?.headers?.authorization;
  return typeof auth === 'string' ? auth.replace(/^Bearer\s+/i, '') : undefined;
}

function userAgentOf(context: RequestContext): string {
  // @mcp-migrate-todo(session-state/session-id-read): `context.requestInfo?.headers?.['user-agent']` reads SDK v1's `requestInfo`, which the handler's context on SDK v2 (`ServerContext`) does not have: it reads undefined on every request, and a context typed with the project's own type hides that from the compiler. On v2, read `context.http?.req?.headers.get('user-agent')` (v2's request is a Web `Request`, its headers a `Headers`; `get` answers null when the header is absent), with the parameter typed as v2's `ServerContext`.
  return String(context.requestInfo?.headers?.['user-agent'] ?? 'unknown');
}

function headerCount(context: RequestContext): number {
  // @mcp-migrate-todo(session-state/session-id-read): `{ requestInfo } = context` reads SDK v1's `requestInfo`, which the handler's context on SDK v2 (`ServerContext`) does not have: it reads undefined on every request, and a context typed with the project's own type hides that from the compiler. On v2, read the request from `context.http?.req` (a Web `Request`: headers by `headers.get(name)`), with the parameter typed as v2's `ServerContext`.
  const { requestInfo } = context;
  return Object.keys(requestInfo?.headers ?? {}).length;
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'own-context', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Echo the caller token.', inputSchema: z.object({ verbose: z.boolean().optional() }) },
    async (_args, ctx?: RequestContext) => {
      /* @mcp-codemod-error The context object is forwarded to bearerOf(…) — its property shape changed in v2 (e.g. extra.signal is now ctx.mcpReq.signal, extra.sendRequest is ctx.mcpReq.send). Update the helper's parameter type and property accesses. */
      const token = bearerOf(ctx);
      if (!token) return { isError: true, content: [{ type: 'text' as const, text: 'Authentication required' }] };
      /* @mcp-codemod-error The context object is forwarded to userAgentOf(…) — its property shape changed in v2 (e.g. extra.signal is now ctx.mcpReq.signal, extra.sendRequest is ctx.mcpReq.send). Update the helper's parameter type and property accesses. | The context object is forwarded to headerCount(…) — its property shape changed in v2 (e.g. extra.signal is now ctx.mcpReq.signal, extra.sendRequest is ctx.mcpReq.send). Update the helper's parameter type and property accesses. */
      return { content: [{ type: 'text' as const, text: `token ${token.slice(0, 4)}… from ${ctx ? `${userAgentOf(ctx)} (${headerCount(ctx)} headers)` : 'nobody'}` }] };
    });
  return server;
}
