import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handleIn, predictedBetween, shapeOf, unknownLike, withOneCharacterChanged } from '../../src/verify/handle-shape.js';

const random = () => `cart_${randomBytes(16).toString('base64url')}`;

describe('handleIn', () => {
  it('reads structuredContent first, then "<argument>: <value>" in the text', () => {
    expect(handleIn({ structuredContent: { cart_id: 'cart_x' }, content: [{ type: 'text', text: 'cart_id: cart_y' }] }, 'cart_id')).toBe('cart_x');
    expect(handleIn({ content: [{ type: 'text', text: 'Created. cart_id: cart_abc-_1, keep it.' }] }, 'cart_id')).toBe('cart_abc-_1');
    expect(handleIn({ content: [{ type: 'text', text: '{"note_id":"note_7"}' }] }, 'note_id')).toBe('note_7');
    expect(handleIn({ content: [{ type: 'text', text: 'no handle here' }] }, 'cart_id')).toBeUndefined();
  });
});

describe('shapeOf', () => {
  it('estimates ~128 bits for 16 CSPRNG bytes in base64url', () => {
    const shape = shapeOf(Array.from({ length: 6 }, random));
    expect(shape.prefix).toBe('cart_');
    expect(shape.estimatedBits).toBeGreaterThanOrEqual(120);
  });
  it('does not count one character that a few random handles share by chance as structure (128 bits stay 128)', () => {
    // The last of 22 base64url characters of 16 bytes takes one of 4 values: 4 mints share it one time in
    // 64. Drawn here so they do (and differ in the character before it, as random mints almost always do).
    const handles: string[] = [];
    while (handles.length < 4) {
      const h = random();
      if (handles.length === 0 || (h.endsWith(handles[0]!.slice(-1)) && !handles.some((o) => o.at(-2) === h.at(-2) || o[5] === h[5]))) handles.push(h);
    }
    const shape = shapeOf(handles);
    expect(shape.varyingLength).toBe(22);
    expect(shape.estimatedBits).toBeGreaterThanOrEqual(128);
    // Also a first character shared by chance after the name prefix.
    const sameStart = handles.map((h) => `cart_Q${h.slice(6)}`);
    expect(shapeOf(sameStart).estimatedBits).toBeGreaterThanOrEqual(128);
    // Two shared characters are structure: a fixed two-character tail is not counted.
    expect(shapeOf(handles.map((h) => `${h.slice(0, -2)}zz`)).varyingLength).toBe(20);
  });
  it('estimates a handful of bits for a counter and for a clock', () => {
    expect(shapeOf(['note_11', 'note_12', 'note_13', 'note_14']).estimatedBits).toBeLessThan(10);
    // A fixed instant, not Date.now(): when the 40 ms crossed a multiple of 36^3 ms (one run in 1,170) the
    // carry made four base-36 characters vary, ~21 bits, and this failed.
    const now = Date.parse('2026-07-28T00:00:00Z');
    expect(shapeOf([0, 3, 9, 40].map((d) => `job_${(now + d).toString(36)}`)).estimatedBits).toBeLessThan(20);
  });
});

describe('predictedBetween', () => {
  it('predicts the neighbour between two counter values, also across a new digit', () => {
    expect(predictedBetween('note_4', 'note_6')).toEqual(['note_5']);
    expect(predictedBetween('note_9', 'note_11')).toEqual(['note_10']);
  });
  it('predicts between two timestamps in base 36', () => {
    const t = Date.now();
    expect(predictedBetween(`job_${t.toString(36)}`, `job_${(t + 3).toString(36)}`)).toContain(`job_${(t + 1).toString(36)}`);
  });
  it('predicts nothing between random handles', () => {
    expect(predictedBetween(random(), random())).toEqual([]);
  });
});

describe('look-alike handles', () => {
  it('unknownLike keeps the prefix and length but is another handle', () => {
    const handles = Array.from({ length: 4 }, random);
    const fake = unknownLike(handles[0]!, shapeOf(handles));
    expect(fake).toMatch(/^cart_[A-Za-z0-9_-]{22}$/);
    expect(handles).not.toContain(fake);
  });
  it('withOneCharacterChanged changes exactly one character', () => {
    const handle = random();
    const changed = withOneCharacterChanged(handle, handle.length - 1, shapeOf([handle, random()]).alphabet);
    expect(changed).toHaveLength(handle.length);
    expect([...changed].filter((c, i) => c !== handle[i])).toHaveLength(1);
  });
});
