// @ts-check
/**
 * A payment tool in plain JavaScript (v2): the amount it confirms is `BigInt(value)` of an argument the client sends again
 * with the retry, so the retry computes it again (a BigInt would not survive JSON in requestState anyway) and nothing is
 * held: the handler is rewritten.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** @type {Map<string, bigint>} */
const balances = new Map([['alice', 100n]]);

export function buildServer() {
  const server = new McpServer({ name: 'payments', version: '1.0.0' }, { capabilities: {} });

  server.registerTool(
    'pay',
    { description: 'Pay from an account after the user confirms.', inputSchema: z.object({ account: z.string(), value: z.string() }) },
    async ({ account, value }, ctx) => {
      const amount = BigInt(value);
      const answer = await ctx.mcpReq.elicitInput({
        mode: 'form',
        message: `Pay ${value} from ${account}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Cancelled.' }] };
      }
      balances.set(account, (balances.get(account) ?? 0n) - amount);
      return { content: [{ type: 'text', text: `Paid ${amount}.` }] };
    },
  );

  return server;
}
