// @ts-check
/**
 * A wallet tool in plain JavaScript (v2; tetherto/wdk-mcp-toolkit's shape, sweep 37 AK6): the account it confirms a payment
 * for holds the signing key and is used after the request through its own methods. requestState carries only JSON,
 * signed but not encrypted: the account cannot go there, so the handler is marked. The amount, `BigInt(value)` of an
 * argument, is computed again on the retry and held by nobody.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** @param {string} chain */
async function openAccount(chain) {
  const key = process.env.WALLET_SEED ?? '';
  return {
    chain,
    key,
    /** @param {{ to: string, value: bigint }} payment */
    async send(payment) {
      return { hash: `0x${chain}:${payment.to}:${payment.value}` };
    },
  };
}

export function buildServer() {
  const server = new McpServer({ name: 'wallet', version: '1.0.0' }, { capabilities: {} });

  server.registerTool(
    'send',
    { description: 'Send funds after the user confirms.', inputSchema: z.object({ chain: z.string(), to: z.string(), value: z.string() }) },
    async ({ chain, to, value }, ctx) => {
      const amount = BigInt(value);
      const account = await openAccount(chain);
      const answer = await ctx.mcpReq.elicitInput({
        mode: 'form',
        message: `Send ${value} to ${to}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Cancelled. No funds were spent.' }] };
      }
      const tx = await account.send({ to, value: amount });
      return { content: [{ type: 'text', text: `Sent: ${tx.hash}` }] };
    },
  );

  return server;
}
