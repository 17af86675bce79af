/**
 * What the `verify` e2e proofs share: the real CLI started on a server run by tsx, its JSON report, and
 * the checks every passing run must show. Split from the proofs so the two files run on two workers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { runCli, type CliRun } from './cli.js';
import { copyFixture, FIXTURES, REPO_ROOT } from './paths.js';

const TSX = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const START = ['--', process.execPath, '--import', TSX, 'src/index.ts'];
// apply and two tsx-started servers on a busy 2-core machine: minutes, not seconds.
export const TIMEOUT = 400_000;

interface Report {
  target: { instances?: number; principals: string[]; depth: number };
  checks: Array<{ id: string; status: string; fault?: string; detail: string }>;
  families: Array<{ argument: string; mintTool: string; checks: Array<{ id: string; status: string; fault?: string; detail: string }>; tokens?: { handleTokens: number; inConversation: number } }>;
  summary: { failed: number; faults: string[] };
  error?: string;
}

export function verifyRun(dir: string, args: string[], env: Record<string, string> = {}): { run: CliRun; report: Report } {
  const run = runCli(['verify', '-f', 'json', ...args, ...START], { cwd: dir, env, timeoutMs: TIMEOUT - 20_000 });
  let report: Report;
  try {
    report = JSON.parse(run.stdout) as Report;
  } catch {
    throw new Error(`verify printed no JSON report:\n${run.describe()}`);
  }
  return { run, report };
}

export function checksOf(report: Report): Map<string, { status: string; fault?: string; detail: string }> {
  return new Map([...report.checks, ...report.families.flatMap((f) => f.checks)].map((c) => [c.id, c]));
}

export function expectPassed(run: CliRun, report: Report): void {
  expect(report.error, run.describe()).toBeUndefined();
  expect(report.summary.failed, run.describe()).toBe(0);
  expect(run.status, run.describe()).toBe(0);
}

/** The shop needs real SKUs: a scenario, as its user would write one. */
export function shopScenario(dir: string): string {
  const file = path.join(dir, 'verify-scenario.json');
  writeFileSync(file, JSON.stringify({ args: { add_to_cart: { sku: 'MUG-001', quantity: 1 }, remove_from_cart: { sku: 'MUG-001' }, checkout: { shippingPostcode: 'SW1A 1AA' } } }));
  return file;
}

/** `fixtures/v1-streamable-express` copied and migrated by `apply` with `args` (no type check). */
export function migrate(args: string[]): string {
  const dir = copyFixture('v1-streamable-express');
  // The type check of apply is proven elsewhere; skipping it keeps this proof about verify (and quick).
  const run = runCli(['apply', '--allow-dirty', '--no-typecheck', ...args, dir], { cwd: dir, timeoutMs: 180_000 });
  if (run.status !== 0 && run.status !== 1) throw new Error(`apply failed:\n${run.describe()}`);
  const original = readFileSync(path.join(FIXTURES, 'v1-streamable-express', 'src', 'server.ts'), 'utf8');
  if (readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8') === original) throw new Error(`apply left src/server.ts unchanged:\n${run.describe()}`);
  return dir;
}
