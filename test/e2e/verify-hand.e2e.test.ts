/**
 * Issue 17, the end-to-end proof of `mcp-migrate verify` on a server migrated by hand
 * (`fixtures/verify-notes`): it passes with two callers and an enforced lifetime, on two instances with
 * Redis, and each of its subtly wrong variants (NOTES_FLAW) fails with its fault named
 * (verify-hand-flaws.e2e.test.ts: a file of its own, so the two halves run on two workers). The servers
 * migrated by `apply` are proven in verify.e2e.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from './support/paths.js';
import { skipWithoutRedis } from './support/redis.js';
import { checksOf, expectPassed, TIMEOUT, verifyRun } from './support/verify.js';

describe('issue 17: verify on a server migrated by hand (fixtures/verify-notes)', { timeout: TIMEOUT }, () => {
  const dir = path.join(FIXTURES, 'verify-notes');
  const callers = ['--token', 'alice-token', '--token', 'bob-token'];

  it.skipIf(skipWithoutRedis)('done right: passes every check, two callers, lifetime enforced, two instances with Redis', () => {
    // The lifetime must outlast the gaps between two uses of a handle (a few calls) on a loaded machine.
    const { run, report } = verifyRun(dir, ['--redis', ...callers, '--expect-ttl', '8s'], { NOTES_TTL_MS: '8000' });
    expectPassed(run, report);
    const checks = checksOf(report);
    for (const [id, check] of checks) expect(check.status, `${id}: ${check.detail}`).toBe('pass');
    expect(report.target.principals).toEqual(['A', 'B']);
  });
});
