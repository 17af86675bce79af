import { z } from 'zod';

export const name = 'summarise_ledger';
export const description = 'Ask for a summary of the ledger.';
export const argsShape = { currency: z.string() };
