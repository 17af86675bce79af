/** verify's idempotency keys: 16 CSPRNG bytes, drawn again when they come out in one case. */
// The draws are handed in, not mocked into node:crypto: the unit project runs files in shared workers
// (isolate: false), where another file may have loaded driver.js with the real module first.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshKey } from '../../src/verify/driver.js';

const draws: Buffer[] = [];
const draw = (n: number): Buffer => draws.shift() ?? randomBytes(n);

describe('freshKey', () => {
  it('skips a draw that is all one case (a migrated server refuses it by design) and keeps the next', () => {
    const lower = Buffer.from('abcdefghijklmnopqrstug', 'base64url');
    const upper = Buffer.from('ABCDEFGHIJKLMNOPQRSTUA', 'base64url');
    const mixed = Buffer.from('aBcDeFgHiJkLmNoPqRsTuA', 'base64url');
    expect(lower.toString('base64url')).toBe('abcdefghijklmnopqrstug');
    draws.push(lower, upper, mixed);
    expect(freshKey(draw)).toBe('aBcDeFgHiJkLmNoPqRsTuA');
    expect(draws).toHaveLength(0);
  });

  it('is 22 base64url characters in both cases', () => {
    for (let i = 0; i < 50; i++) {
      const key = freshKey();
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(key).not.toBe(key.toLowerCase());
      expect(key).not.toBe(key.toUpperCase());
    }
  });
});
