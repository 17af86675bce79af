/**
 * An idempotency key as a client should draw it: 16 CSPRNG bytes in base64url (22 characters). Drawn again
 * when it came out in one case only (probability 2 × (38/64)^22 ≈ 2.1e-5): the generated mcp-handles refuses
 * such a key from an anonymous caller by design (it is judged by the one-case alphabet: 115 bits < 128),
 * so a test that needs an accepted key failed about one run in 48,000 per key it drew. What is left is the
 * check's own false refusal of a mixed-case random key (fewer than 10 distinct characters: 2.3e-9).
 */
import { randomBytes } from 'node:crypto';

export function mixedCaseKey(): string {
  for (;;) {
    const key = randomBytes(16).toString('base64url');
    if (key !== key.toLowerCase() && key !== key.toUpperCase()) return key;
  }
}
