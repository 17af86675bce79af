// @ts-check
/**
 * The wallet tool of held-live-object-handed-on-js, its accounts cached in a Map and returned from it (review 44b S44b-1):
 * what the cache holds is `new Account(…)`, a live object with the signing key, so the handler is marked rather than
 * sealing the account into requestState.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

class Account {
  /** @param {string} chain @param {string} key */
  constructor(chain, key) {
    this.chain = chain;
    this.key = key;
  }

  /** @param {{ to: string, value: bigint }} payment */
  async send(payment) {
    return { hash: `0x${this.chain}:${payment.to}:${payment.value}` };
  }
}

/** @type {Map<string, Account>} */
const accounts = new Map();

/** @param {string} chain */
async function openAccount(chain) {
  if (!accounts.has(chain)) accounts.set(chain, new Account(chain, process.env.WALLET_SEED ?? ''));
  return accounts.get(chain);
}

/**
 * @param {Account | undefined} account
 * @param {string} to
 * @param {bigint} value
 */
async function sendWith(account, to, value) {
  if (!account) throw new Error('no account');
  return account.send({ to, value });
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
      const tx = await sendWith(account, to, amount);
      return { content: [{ type: 'text', text: `Sent: ${tx.hash}` }] };
    },
  );

  return server;
}
