/**
 * Issue 17, the end-to-end proof of `mcp-migrate verify`: the real CLI starts real server processes (one,
 * or two behind its own round-robin proxy sharing its own private redis-server) and drives them with real
 * `@modelcontextprotocol/client` clients of both eras.
 * 1. Servers migrated by `apply` pass: the shop (`fixtures/v1-streamable-express`) after `apply --store
 *    memory` on one instance and after `apply --store redis` on two instances with Redis.
 * (A server migrated by hand is proven in verify-hand.e2e.test.ts; helpers in support/verify.ts.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { copyFixture, FIXTURES } from './support/paths.js';
import { skipWithoutRedis } from './support/redis.js';
import { checksOf, expectPassed, TIMEOUT, verifyRun } from './support/verify.js';

/** The shop needs real SKUs: a scenario, as its user would write one. */
function shopScenario(dir: string): string {
  const file = path.join(dir, 'verify-scenario.json');
  writeFileSync(file, JSON.stringify({ args: { add_to_cart: { sku: 'MUG-001', quantity: 1 }, remove_from_cart: { sku: 'MUG-001' }, checkout: { shippingPostcode: 'SW1A 1AA' } } }));
  return file;
}

function migrate(args: string[]): string {
  const dir = copyFixture('v1-streamable-express');
  // The type check of apply is proven elsewhere; skipping it keeps this proof about verify (and quick).
  const run = runCli(['apply', '--allow-dirty', '--no-typecheck', ...args, dir], { cwd: dir, timeoutMs: 180_000 });
  if (run.status !== 0 && run.status !== 1) throw new Error(`apply failed:\n${run.describe()}`);
  const original = readFileSync(path.join(FIXTURES, 'v1-streamable-express', 'src', 'server.ts'), 'utf8');
  if (readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8') === original) throw new Error(`apply left src/server.ts unchanged:\n${run.describe()}`);
  return dir;
}

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
    expect(report.families[0]!.tokens!.inConversation).toBeGreaterThan(report.families[0]!.tokens!.handleTokens * 30);
  });

  it.skipIf(skipWithoutRedis)('apply --store redis, two instances behind round-robin sharing a private redis-server: passes, served by both', () => {
    const dir = migrate(['--store', 'redis']);
    // The servers inherit verify's environment: Redis gets 10 s per command (as in the other e2e state proofs),
    // because the generated store's 1 s default failed a mint at load 10 on this 2-core machine.
    const { run, report } = verifyRun(dir, ['--instances', '2', '--redis', '--scenario', shopScenario(dir)], { MCP_REDIS_COMMAND_TIMEOUT_MS: '10000' });
    expectPassed(run, report);
    expect(report.target.instances).toBe(2);
    expect(checksOf(report).get('workflow')?.detail).toMatch(/served by instances 1, 2/);
  });

  it('the auth shop after apply --transforms session-state-to-handles (still sessionful): session-required, and with the 2025-era client every owner check passes', () => {
    const dir = copyFixture('e2e-auth-shop');
    const applied = runCli(['apply', '--allow-dirty', '--no-typecheck', '--transforms', 'session-state-to-handles', dir], { cwd: dir, timeoutMs: 180_000 });
    if (applied.status !== 0 && applied.status !== 1) throw new Error(`apply failed:\n${applied.describe()}`);
    const { run, report } = verifyRun(dir, ['--instances', '1', '--token', 'alice-token', '--token', 'bob-token', '--scenario', shopScenario(dir)]);
    expect(run.status, run.describe()).toBe(1);
    expect(report.summary.faults, run.describe()).toEqual(['session-required']);
    const checks = checksOf(report);
    for (const id of ['workflow', 'other-caller-handle', 'neighbour-handle', 'idempotency-other-caller', 'unknown-handle']) {
      expect(checks.get(id)?.status, `${id}: ${checks.get(id)?.detail}`).toBe('pass');
    }
  });

  it('the same server migrated to memory, on two instances: state does not follow the handle (state-lost)', () => {
    const dir = migrate(['--store', 'memory']);
    const { run, report } = verifyRun(dir, ['--instances', '2', '--depth', '10', '--scenario', shopScenario(dir)]);
    expect(run.status, run.describe()).toBe(1);
    expect(report.summary.faults).toContain('state-lost');
  });
});
