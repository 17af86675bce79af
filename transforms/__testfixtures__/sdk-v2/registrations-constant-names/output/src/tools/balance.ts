import { z } from 'zod';
import type { ServerContext } from '@modelcontextprotocol/server';

export const name = 'get_balance';
export const description = 'The balance of an account, in microunits.';
export const schema = z.object({ account: z.string().describe('The account address') });

export function createHandler(ledger: Map<string, number>) {
  return async ({ account }: z.infer<typeof schema>, _extra: ServerContext) => ({
    content: [{ type: 'text' as const, text: String(ledger.get(account) ?? 0) }],
  });
}
