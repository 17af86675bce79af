/**
 * Where things are, and throwaway copies of fixtures.
 *
 * Copies go to `<repo>/.e2e-tmp/<name>-<random>/` (gitignored), NOT the OS temp dir: a fixture server's bare
 * imports (express, cors, zod, the SDK packages) must resolve to the repo's node_modules by walking up.
 * Every copy is removed after the test file unless `MCP_MIGRATE_E2E_KEEP=1` (to inspect a migrated server).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FIXTURES = path.join(REPO_ROOT, 'fixtures');
const E2E_TMP = path.join(REPO_ROOT, '.e2e-tmp');
export const CLI = path.join(REPO_ROOT, 'bin', 'mcp-migrate.js');

const copies: string[] = [];
afterAll(() => {
  if (process.env.MCP_MIGRATE_E2E_KEEP === '1') {
    for (const dir of copies.splice(0)) console.warn(`[e2e] kept ${dir}`);
    return;
  }
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Copy `source` (a directory) into a fresh directory under `<repo>/.e2e-tmp/`; returns its path. */
function copyIntoRepoTemp(source: string, name = path.basename(source)): string {
  mkdirSync(E2E_TMP, { recursive: true });
  const dir = mkdtempSync(path.join(E2E_TMP, `${name}-`));
  cpSync(source, dir, {
    recursive: true,
    // A fixture never carries its own node_modules or build output into the copy.
    filter: (src) => !/(^|[\\/])(node_modules|dist)([\\/]|$)/.test(path.relative(source, src)),
  });
  copies.push(dir);
  return dir;
}

/** Copy a bundled fixture (`fixtures/<name>`) into the repo temp dir. */
export function copyFixture(name: string): string {
  return copyIntoRepoTemp(path.join(FIXTURES, name), name);
}

/** An empty directory under `<repo>/.e2e-tmp/`, removed after the test file. */
export function repoTempDir(name: string): string {
  mkdirSync(E2E_TMP, { recursive: true });
  const dir = mkdtempSync(path.join(E2E_TMP, `${name}-`));
  copies.push(dir);
  return dir;
}
