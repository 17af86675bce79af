/**
 * A tool with both URL-elicitation paths of 2025 (v2, as sdk-v2 leaves src/everything's
 * trigger-url-elicitation): on `errorPath` it throws -32042 once and remembers that it did, so the
 * client's retry of the same call goes on to the request path, a URL-mode elicitation/create.
 */
import { randomUUID } from 'node:crypto';
import { ElicitResultSchema } from '@modelcontextprotocol/core';
import { McpServer, UrlElicitationRequiredError, type CallToolResult, type ElicitRequestURLParams } from '@modelcontextprotocol/server';
import { z } from 'zod';

const issuedErrorPathElicitations = new Set<string>();

export function registerTriggerUrlElicitationTool(server: McpServer): void {
  server.registerTool(
    'trigger-url-elicitation',
    {
      description: 'Sends the user to a URL, by an elicitation request or by the -32042 error',
      inputSchema: z.object({ url: z.string().url(), message: z.string(), errorPath: z.boolean().default(false) }),
    },
    async ({ url, message, errorPath }, ctx): Promise<CallToolResult> => {
      const elicitationId = randomUUID();
      const errorPathKey = `${url}\u0000${message}`;

      const elicitationParams: ElicitRequestURLParams = {
        mode: 'url',
        url,
        message,
        elicitationId,
      };

      if (errorPath) {
        if (issuedErrorPathElicitations.has(errorPathKey)) {
          issuedErrorPathElicitations.delete(errorPathKey);
        } else {
          issuedErrorPathElicitations.add(errorPathKey);
          // @mcp-migrate-todo(server-push/elicitation): UrlElicitationRequiredError (-32042) was removed in 2026-07-28: the client is sent to the URL by an input request instead. Return inputRequired({ inputRequests: { k: inputRequired.elicitUrl({ message, url }) } }) from the handler (it has no elicitationId) and, at the top of the handler, read inputResponse(ctx.mcpReq.inputResponses, 'k') so the retry continues instead of asking again; bookkeeping that remembered who was already asked goes (carry what the retry needs in requestState).
          throw new UrlElicitationRequiredError([{ mode: 'url', url: 'https://modelcontextprotocol.io', message: 'Open this link, then retry.', elicitationId: randomUUID() }], 'This request requires browser-based authorization.');
        }
      }

      // @mcp-migrate-todo(server-push/elicitation): not rewritten automatically: URL-mode elicitation becomes inputRequired.elicitUrl({ message, url }) without elicitationId. Recommended shape: at the top of the handler read `const r = inputResponse(ctx.mcpReq.inputResponses, 'k')`; if r.kind === 'missing' return inputRequired({ inputRequests: { k: inputRequired.elicitUrl({ message, url }) }, requestState }) with what the handler holds in requestState (createRequestStateCodec, key from MCP_REQUEST_STATE_KEY); on the retry continue from r without repeating side effects (elicitUrl takes no elicitationId: what the retry must know about the flow goes in requestState).
      const elicitationResult = await ctx.mcpReq.send({ method: 'elicitation/create', params: elicitationParams }, ElicitResultSchema, { timeout: 10 * 60 * 1000 });

      const content: CallToolResult['content'] = [];
      if (elicitationResult.action === 'accept') {
        content.push({ type: 'text', text: `User completed the URL elicitation flow (${elicitationId}).` });
      } else {
        content.push({ type: 'text', text: `User answered ${elicitationResult.action} (${elicitationId}).` });
      }
      return { content };
    },
  );
}
