import type { HandlerExtra } from './types.js';

export async function handleWhoami(_input: Record<string, never>, extra: HandlerExtra) {
  void extra;
  return { content: [{ type: 'text' as const, text: 'lists' }] };
}
