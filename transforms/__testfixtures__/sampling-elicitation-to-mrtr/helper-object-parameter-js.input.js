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
