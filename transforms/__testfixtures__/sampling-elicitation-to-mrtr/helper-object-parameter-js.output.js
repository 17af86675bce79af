/**
 * JS: elicitation in a method of a helper object the tool-registering function receives as a parameter (untyped), built
 * by the caller (SLdragon/mcp-elicitation-server, sweep 13 L8). The call graph follows the parameter to the object its
 * caller hands it, so the marker names the tool that runs the request, not "outside a request handler".
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

class ElicitationHelper {
  /** @param {McpServer} server */
  constructor(server) {
    this.server = server;
  }

  /**
   * @param {string} message
   * @returns {Promise<import('@modelcontextprotocol/server').ElicitResult>}
   */
  async ask(message) {
    // @mcp-migrate-todo(server-push/elicitation): Elicitation (elicitInput) sent from `ask`, which the tool `create_user` calls, not from a request handler itself: on 2026-07-28 only the handler can ask the client, by returning inputRequired({ inputRequests: { k: inputRequired.elicit(…) } }) and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry; a helper cannot return that for it. Have the helper tell the handler what to ask (or take the answer as an argument), and let the handler return the input request. Until then a 2026-07-28 client is never asked, and whatever the helper does for a client that cannot be asked is what every such call gets.
    return this.server.server.elicitInput({ message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
  }
}

/** @param {McpServer} server */
function registerUserTools(server, elicitationHelper) {
  server.registerTool('create_user', { inputSchema: z.object({ name: z.string().optional() }) }, async ({ name }) => {
    let chosen = name;
    if (!chosen) {
      const answer = await elicitationHelper.ask('Your name?');
      chosen = answer.action === 'accept' ? String(answer.content?.name ?? '') : '';
    }
    return { content: [{ type: 'text', text: `created ${chosen}` }] };
  });
}

export function createServer() {
  const server = new McpServer({ name: 'users', version: '1.0.0' });
  const helper = new ElicitationHelper(server);
  registerUserTools(server, helper);
  return server;
}
