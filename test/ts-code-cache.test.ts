/**
 * bin/ts-code-cache.js: the V8 code cache of the TypeScript bundle lives in a private directory of the
 * temp folder. A run writes it after analysing code; a directory others can write (or a link) is never
 * used, so a cache planted by another user is never loaded.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin', 'mcp-migrate.js');
const FIXTURE = path.join(ROOT, 'fixtures', 'v1-streamable-express');
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

function scanWithTmp(tmp: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp };
  delete env.MCP_MIGRATE_NO_TS_CODE_CACHE;
  return spawnSync(process.execPath, [BIN, 'scan', FIXTURE, '--fail-on', 'none', '-q'], { env, encoding: 'utf8' });
}

const cacheDirIn = (tmp: string) => path.join(tmp, `mcp-migrate-code-cache-${process.getuid?.() ?? os.userInfo().username}`);

describe.skipIf(process.platform === 'win32')('TypeScript code cache', () => {
  it('is written into a private (0700) directory after a run that analysed code, and read by the next run', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-cc-'));
    temps.push(tmp);
    expect(scanWithTmp(tmp).status).toBe(0);
    const dir = cacheDirIn(tmp);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(dir);
    expect(files.filter((f) => f.endsWith('.bin'))).toHaveLength(1);
    const written = fs.statSync(path.join(dir, files[0]!)).mtimeMs;
    expect(scanWithTmp(tmp).status).toBe(0);
    expect(fs.statSync(path.join(dir, files[0]!)).mtimeMs).toBe(written); // accepted, not rewritten
  });

  it('is neither read nor written in a directory others can write', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-cc-'));
    temps.push(tmp);
    const dir = cacheDirIn(tmp);
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o777);
    const scan = scanWithTmp(tmp);
    expect(scan.status).toBe(0);
    expect(scan.stderr).toBe('');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
