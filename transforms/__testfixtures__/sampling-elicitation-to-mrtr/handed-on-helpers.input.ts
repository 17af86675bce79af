/**
 * Input requests the mechanical split cannot reach (v2): the client's elicitation handed to a helper
 * as a function, and a sampling request a helper builds by hand for its caller to send. Each site gets
 * its own marker, so after apply each is reported once, by its marker.
 */
import { McpServer, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

type Ask = (params: ElicitRequestFormParams) => Promise<ElicitResult>;

async function confirm(ask: Ask, what: string): Promise<boolean> {
  const answer = await ask({ message: `Really ${what}?`, requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } } } });
  return answer.action === 'accept' && answer.content?.yes === true;
}

/** The sampling request for a summary; the caller sends it. */
export function summaryRequest(text: string) {
  return {
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: `Summarise: ${text}` } }], maxTokens: 200 },
  };
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'files', version: '1.0.0' });

  server.registerTool('wipe', { description: 'Wipe a folder.', inputSchema: z.object({ folder: z.string() }) }, async ({ folder }) => {
    const sure = await confirm(server.server.elicitInput.bind(server.server), `wipe ${folder}`);
    return { content: [{ type: 'text', text: sure ? `wiped ${folder}` : 'kept' }] };
  });

  return server;
}
