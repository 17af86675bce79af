/**
 * `import { z } from 'zod/v3'` in a file the SDK v2 move migrates (epicweb-dev/epicshop's workshop server, on zod 4.3
 * through its `zod/v3` entry): SDK v2 converts only zod 4 schemas to JSON Schema, so every tool built from that `z`
 * fails `tools/list` at run time ("Schema appears to be from zod 3"), and its registrations do not type-check. Once the
 * package's zod is 4 (it is, or this run raises it), the entry is zod 3's API kept inside zod 4: the import of `zod`
 * itself is the same schemas in zod 4's. The specifier is rewritten where the file holds none of what zod 4 removed
 * (zod-usage.ts: `.errors`, one-argument `z.record`, zod-to-json-schema), and left with a note otherwise.
 */
import { mayBreakOnZod4 } from './zod-usage.js';

/** `'zod/v3'` as a module specifier: `from 'zod/v3'`, `require('zod/v3')`, `import('zod/v3')`. */
const ZOD_V3_SPECIFIER = /(\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*)(['"])zod\/v3\2/g;

export function importsZodV3(text: string): boolean {
  ZOD_V3_SPECIFIER.lastIndex = 0;
  return ZOD_V3_SPECIFIER.test(text);
}

/** The text with its `zod/v3` specifiers reading `zod`, or undefined where the file may use what zod 4 removed. */
export function zodV3ToZod(text: string): string | undefined {
  if (mayBreakOnZod4(text)) return undefined;
  return text.replace(ZOD_V3_SPECIFIER, (_m, before: string, quote: string) => `${before}${quote}zod${quote}`);
}
