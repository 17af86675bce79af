/**
 * bin/ writes TypeScript's code cache after a command that analysed code, and V8 refuses a cache written under
 * other flags or for other code: a cache `apply` writes must be read by the next `scan` and `apply`, and one
 * `scan` wrote by `apply`, never rewritten (it would be, were a command to change V8's flags, e.g. its budgets).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'mcp-migrate.js');
const FIXTURE = path.join(ROOT, 'fixtures', 'v1-streamable-express');
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

function run(tmp: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp };
  delete env.MCP_MIGRATE_NO_TS_CODE_CACHE;
  delete env.NODE_OPTIONS;
  return spawnSync(process.execPath, [BIN, ...args, FIXTURE, '--fail-on', 'none', '-q'], { env, encoding: 'utf8' });
}

const cacheFile = (tmp: string): string => {
  const dir = path.join(tmp, `mcp-migrate-code-cache-${process.getuid?.() ?? os.userInfo().username}`);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.bin'));
  expect(files).toHaveLength(1);
  return path.join(dir, files[0]!);
};

describe.skipIf(process.platform === 'win32')('apply and the TypeScript code cache', () => {
  it('writes a cache that scan and apply read, and reads the one scan wrote', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-apply-cc-'));
    temps.push(tmp);
    expect(run(tmp, ['apply', '--dry-run', '--no-typecheck']).status).toBe(0);
    const file = cacheFile(tmp);
    const written = fs.statSync(file).mtimeMs;
    expect(run(tmp, ['scan']).status).toBe(0);
    expect(run(tmp, ['apply', '--dry-run', '--no-typecheck']).status).toBe(0);
    expect(fs.statSync(file).mtimeMs).toBe(written); // accepted each time, never rewritten

    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-apply-cc-'));
    temps.push(other);
    expect(run(other, ['scan']).status).toBe(0);
    const scanned = fs.statSync(cacheFile(other)).mtimeMs;
    expect(run(other, ['apply', '--dry-run', '--no-typecheck']).status).toBe(0);
    expect(fs.statSync(cacheFile(other)).mtimeMs).toBe(scanned);
  }, 120_000);
});
