/**
 * Issue 17, the end-to-end proof of `mcp-migrate verify`: the real CLI starts real server processes (one,
 * or two behind its own round-robin proxy sharing its own private redis-server) and drives them with real
 * `@modelcontextprotocol/client` clients of both eras.
 * Servers migrated by `apply --store memory`: the shop (`fixtures/v1-streamable-express`) passes on one
 * instance and loses its state on two. The shop after `apply --store redis` on two instances with Redis and
 * the auth shop still sessionful are in verify-apply-more.e2e.test.ts (a file of its own, so the proofs run
 * on two workers); a server migrated by hand in verify-hand*.e2e.test.ts; helpers in support/verify.ts.
 */
import { describe, expect, it } from 'vitest';
import { checksOf, expectPassed, migrate, shopScenario, TIMEOUT, verifyRun } from './support/verify.js';

describe('issue 17: verify passes on servers migrated by apply', { timeout: TIMEOUT }, () => {
  it('apply --store memory, one instance: the cart family passes every check at depth 30 with both client eras', () => {
    const dir = migrate(['--store', 'memory']);
    const { run, report } = verifyRun(dir, ['--instances', '1', '--scenario', shopScenario(dir)]);
    expectPassed(run, report);
    expect(report.families.map((f) => [f.argument, f.mintTool])).toEqual([['cart_id', 'create_cart']]);
    const checks = checksOf(report);
    expect(checks.get('workflow')?.status).toBe('pass');
    expect(checks.get('workflow')?.detail).toMatch(/30 turns on 2 carts, 2026-07-28 client and 2025-era client/);
    for (const id of ['no-session', 'unknown-handle', 'changed-character', 'handle-entropy', 'idempotency-same-caller', 'missing-handle', 'malformed-handle']) {
      expect(checks.get(id)?.status, `${id}: ${checks.get(id)?.detail}`).toBe('pass');
    }
    expect(report.families[0]!.tokens!.handleTokens).toBeGreaterThan(0);
    // Every one of the 30 turns carries a handle, and the minting results too. `handleTokens` is the first handle's
    // count; the second cart's random handle may tokenize shorter (510 = 17 × 30 was seen), hence 25 and not 30.
    expect(report.families[0]!.tokens!.inConversation).toBeGreaterThan(report.families[0]!.tokens!.handleTokens * 25);
  });

  it('the same server migrated to memory, on two instances: state does not follow the handle (state-lost)', () => {
    const dir = migrate(['--store', 'memory']);
    const { run, report } = verifyRun(dir, ['--instances', '2', '--depth', '10', '--scenario', shopScenario(dir)]);
    expect(run.status, run.describe()).toBe(1);
    expect(report.summary.faults).toContain('state-lost');
  });
});
