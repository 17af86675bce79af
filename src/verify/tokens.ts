/**
 * What handles cost the model, counted with a real tokenizer (o200k_base, the GPT-4o family's BPE via
 * js-tiktoken), not characters. Loaded lazily: only `verify` pays for the rank file.
 */
import type { Tiktoken } from 'js-tiktoken/lite';

export const TOKENIZER_NAME = 'o200k_base';

let encoder: Promise<Tiktoken> | undefined;

function loadTokenizer(): Promise<Tiktoken> {
  encoder ??= (async () => {
    const [{ Tiktoken }, ranks] = await Promise.all([import('js-tiktoken/lite'), import('js-tiktoken/ranks/o200k_base')]);
    return new Tiktoken(ranks.default);
  })();
  return encoder;
}

export async function countTokens(text: string): Promise<number> {
  return (await loadTokenizer()).encode(text).length;
}

/** How often `needle` occurs in `haystack` (non-overlapping). */
export function occurrences(haystack: string, needle: string): number {
  if (!needle) return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}
