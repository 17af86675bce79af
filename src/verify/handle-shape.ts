/**
 * What can be told about handles from the outside: where a minting tool returned one, how much of it
 * varies between mints (an estimate of its entropy), whether a neighbour's handle can be predicted from
 * the caller's own, and the look-alikes used as faults (unknown, one character changed).
 */
import { randomInt } from 'node:crypto';
import { textOf, type ToolResult } from './clients.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The handle a minting tool returned: `structuredContent.<argument>`, else `<argument>: <value>` in its text. */
export function handleIn(result: ToolResult, argument: string): string | undefined {
  const structured = result.structuredContent?.[argument];
  if (typeof structured === 'string' && structured) return structured;
  const text = textOf(result);
  const match = new RegExp(`["']?${escape(argument)}["']?\\s*[:=]\\s*["'\`]?([^\\s"'\`,;)}\\]]+)`).exec(text);
  return match?.[1];
}

/** The characters handles draw from, as the smallest familiar alphabet that covers the observed ones. */
function alphabetOf(handles: string[], prefixLength: number): string {
  const seen = new Set(handles.flatMap((h) => [...h.slice(prefixLength)]));
  const candidates = [
    '0123456789',
    '0123456789abcdef',
    '0123456789ABCDEF',
    '0123456789abcdefghijklmnopqrstuvwxyz',
    '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
    '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_',
    '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/=',
  ];
  const fits = candidates.find((alphabet) => [...seen].every((c) => alphabet.includes(c)));
  return fits ?? [...seen].sort().join('');
}

function commonPrefixLength(values: string[]): number {
  let n = 0;
  while (values.every((v) => n < v.length && v[n] === values[0]![n])) n++;
  return n;
}

function commonSuffixLength(values: string[], prefix: number): number {
  let n = 0;
  while (values.every((v) => v.length - n > prefix && v[v.length - 1 - n] === values[0]![values[0]!.length - 1 - n])) n++;
  return n;
}

/**
 * A run that a few mints share at the start (beyond the name prefix `known`) or at the end, counted as
 * structure only when it is longer than one character. One shared character is what chance gives a few
 * random handles often: the last character of 16 bytes in base64url takes one of 4 values (2 bits), so 4
 * mints share it one time in 64, and a hex character one time in 4,096; two shared characters by chance
 * are rarer than one in ten million. Counting that one character as structure dropped a 128-bit handle to
 * ~126 bits and a false warning. The estimate stays an upper bound either way.
 */
function beyondChance(shared: number, known: number): number {
  return shared - known === 1 ? known : shared;
}

export interface HandleShape {
  /** The part every minted handle shares at the start (`cart_`, or more for counters). */
  prefix: string;
  alphabet: string;
  /** Characters that vary between mints. */
  varyingLength: number;
  /** An upper bound on the bits an attacker must guess: varying characters × log2(alphabet). */
  estimatedBits: number;
}

/** Needs at least two distinct handles of one family. */
export function shapeOf(handles: string[]): HandleShape {
  const distinct = [...new Set(handles)];
  const namePrefix = /^[A-Za-z]+[_-]/.exec(distinct[0]!)?.[0] ?? '';
  const prefixLength = beyondChance(commonPrefixLength(distinct), distinct.every((h) => h.startsWith(namePrefix)) ? namePrefix.length : 0);
  const suffixLength = beyondChance(commonSuffixLength(distinct, prefixLength), 0);
  const alphabet = alphabetOf(distinct, prefixLength);
  const longest = Math.max(...distinct.map((h) => h.length));
  const varyingLength = Math.max(0, longest - prefixLength - suffixLength);
  return { prefix: namePrefix, alphabet, varyingLength, estimatedBits: Math.round(varyingLength * Math.log2(Math.max(2, alphabet.length))) };
}

/** The varying tail of `handle` read as a number in `alphabet` (only for alphabets of digits/letters in order). */
function asNumber(tail: string, alphabet: string): bigint | undefined {
  let value = 0n;
  const base = BigInt(alphabet.length);
  for (const c of tail) {
    const digit = alphabet.indexOf(c);
    if (digit < 0) return undefined;
    value = value * base + BigInt(digit);
  }
  return value;
}

function fromNumber(value: bigint, alphabet: string, width: number): string {
  const base = BigInt(alphabet.length);
  let out = '';
  do {
    out = alphabet[Number(value % base)] + out;
    value /= base;
  } while (value > 0n);
  return out.padStart(width, alphabet[0]);
}

/**
 * Handles that lie between two of the caller's own mints when the handles count up (a counter, a
 * clock): every value between them, when there are at most `limit`. Empty for random handles.
 */
export function predictedBetween(before: string, after: string, limit = 10_000): string[] {
  const prefixLength = commonPrefixLength([before, after]);
  if (before.length !== after.length) {
    // A counter that gained a digit (note_9 → note_11): compare as decimal numbers.
    const a = /(\d+)$/.exec(before);
    const b = /(\d+)$/.exec(after);
    if (!a || !b || before.slice(0, a.index) !== after.slice(0, b.index)) return [];
    const lo = BigInt(a[1]!);
    const hi = BigInt(b[1]!);
    if (hi <= lo || hi - lo - 1n > BigInt(limit)) return [];
    const out: string[] = [];
    for (let v = lo + 1n; v < hi; v++) out.push(before.slice(0, a.index) + v.toString());
    return out;
  }
  const alphabet = alphabetOf([before, after], prefixLength);
  const lo = asNumber(before.slice(prefixLength), alphabet);
  const hi = asNumber(after.slice(prefixLength), alphabet);
  if (lo === undefined || hi === undefined || hi <= lo || hi - lo - 1n > BigInt(limit)) return [];
  const width = before.length - prefixLength;
  const out: string[] = [];
  for (let v = lo + 1n; v < hi; v++) out.push(before.slice(0, prefixLength) + fromNumber(v, alphabet, width));
  return out;
}

/** A handle of the same shape that nobody minted. */
export function unknownLike(handle: string, shape: HandleShape): string {
  const body = handle.slice(shape.prefix.length);
  let out = '';
  for (let i = 0; i < body.length; i++) out += shape.alphabet[randomInt(shape.alphabet.length)];
  return out === body ? unknownLike(handle, shape) : shape.prefix + out;
}

/** `handle` with the character at `index` replaced by another of its alphabet. */
export function withOneCharacterChanged(handle: string, index: number, alphabet: string): string {
  const i = Math.min(Math.max(index, 0), handle.length - 1);
  const current = handle[i]!;
  const replacement = alphabet[(alphabet.indexOf(current) + 1) % alphabet.length] ?? (current === 'A' ? 'B' : 'A');
  return handle.slice(0, i) + (replacement === current ? (current === 'A' ? 'B' : 'A') : replacement) + handle.slice(i + 1);
}
