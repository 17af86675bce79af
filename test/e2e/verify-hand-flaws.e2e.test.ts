/**
 * Issue 17, the end-to-end proof of `mcp-migrate verify` on a server migrated by hand
 * (`fixtures/verify-notes`), its subtly wrong variants: each NOTES_FLAW fails with its fault named. The
 * variant done right passes in verify-hand.e2e.test.ts (split so the two halves run on two workers).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from './support/paths.js';
import { TIMEOUT, verifyRun } from './support/verify.js';

describe('issue 17: verify on a server migrated by hand (fixtures/verify-notes)', { timeout: TIMEOUT }, () => {
  const dir = path.join(FIXTURES, 'verify-notes');
  const callers = ['--token', 'alice-token', '--token', 'bob-token'];

  const flaws: Array<[string, string]> = [
    ['sequential-ids', 'guessable-handle'],
    ['ignored-idempotency-key', 'idempotency-ignored'],
    ['no-owner-check', 'foreign-handle-accepted'],
    ['expiry-not-enforced', 'expired-handle-served'],
    ['session-required', 'session-required'],
  ];
  for (const [flaw, fault] of flaws) {
    it(`NOTES_FLAW=${flaw}: fails, naming ${fault}`, () => {
      const { run, report } = verifyRun(dir, ['--instances', '1', '--depth', '10', ...callers, '--expect-ttl', '2s'], { NOTES_FLAW: flaw, NOTES_TTL_MS: '2000' });
      expect(run.status, run.describe()).toBe(1);
      expect(report.summary.faults, run.describe()).toContain(fault);
    });
  }
});
