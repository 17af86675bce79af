/**
 * What the generated tools tell the model about handles: the input schema of a handle argument and
 * of the idempotency key (typed and bounded, so a forged or oversized value is refused before the
 * handler runs), and the texts stating lifetimes and the rules of idempotency keys. The bounds match
 * the generated `mcp-handles` module, which checks them again at run time.
 */
import { describeDuration } from '../kit/duration.js';
import type { HandleNames } from '../kit/plan.js';

/** `<noun>_` and 16 bytes in base64url (mcp-handles `newHandle`). */
function handleLength(names: HandleNames): number {
  return names.noun.length + 1 + 22;
}

/** The shape of a handle as a regular expression source (nouns are `[a-z][a-z0-9]*`, nothing to escape). */
function handlePattern(names: HandleNames): string {
  return `^${names.noun}_[A-Za-z0-9_-]{22}$`;
}

/** As mcp-handles IDEMPOTENCY_KEY_MAX_LENGTH. */
const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

function handleArgumentDescription(names: HandleNames): string {
  return `The ${names.argument} returned by ${names.mintTool}.`;
}

/** The schema refusal names the minting tool; it never repeats the value. */
function notAHandle(names: HandleNames): string {
  return `Not a ${names.argument}: call ${names.mintTool} to get one.`;
}

/**
 * `z.string().max(…).regex(…).describe(…)` of a handle argument. zod reports every failed check, so
 * the refusal of an oversized value carries the pattern's message too.
 */
export function handleArgumentZod(z: string, names: HandleNames): string {
  return `${z}.string().max(${handleLength(names)}).regex(/${handlePattern(names)}/, ${quote(notAHandle(names))}).describe(${quote(handleArgumentDescription(names))})`;
}

/** The JSON Schema of a handle argument (low-level servers). */
export function handleArgumentJsonSchema(names: HandleNames): string {
  return `{ type: 'string', maxLength: ${handleLength(names)}, pattern: ${quote(handlePattern(names))}, description: ${quote(handleArgumentDescription(names))} }`;
}

function idempotencyKeyDescription(names: HandleNames): string {
  return `Optional. Retrying with the same key returns the same ${names.argument} instead of creating a second ${names.noun}, for as long as that ${names.argument} lives. At most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.`;
}

export function idempotencyKeyZod(z: string, names: HandleNames): string {
  return `${z}.string().max(${IDEMPOTENCY_KEY_MAX_LENGTH}).optional().describe(${quote(idempotencyKeyDescription(names))})`;
}

export function idempotencyKeyJsonSchema(names: HandleNames): string {
  return `{ type: 'string', maxLength: ${IDEMPOTENCY_KEY_MAX_LENGTH}, description: ${quote(idempotencyKeyDescription(names))} }`;
}

/** Both lifetimes, for the minting tool's description. */
export function lifetimeText(names: HandleNames, ttlMs: number, maxAgeMs: number): string {
  return `A ${names.argument} expires after ${describeDuration(ttlMs)} without use, and ${describeDuration(maxAgeMs)} after it was created however often it is used; then call ${names.mintTool} again.`;
}

export function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
