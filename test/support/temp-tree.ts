/**
 * Temporary project trees for tests that need a real file system (discovery, scan, CLI):
 * `tempTree({ 'src/a.ts': '...' })` returns the tree's real path (macOS /tmp is a symlink);
 * every tree is removed after the test file (`removeTempTrees`, from the setup file
 * test/support/after-each-file.ts: without isolation this module is loaded once for many files,
 * so a hook registered here would run after the first of them only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const trees: string[] = [];

/** Removes every tree made so far. */
export function removeTempTrees(): void {
  for (const dir of trees.splice(0)) {
    restorePermissions(dir); // a test may have made part of the tree unreadable
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function restorePermissions(dir: string): void {
  try {
    fs.chmodSync(dir, 0o755);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const child = path.join(dir, entry.name);
      if (entry.isDirectory() && !entry.isSymbolicLink()) restorePermissions(child);
      else if (entry.isFile()) fs.chmodSync(child, 0o644);
    }
  } catch {
    /* best effort */
  }
}

function writeInto(root: string, rel: string, content: string | Buffer = ''): void {
  const target = path.join(root, rel);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
}

export function tempTree(files: Record<string, string | Buffer> = {}, prefix = 'mcp-migrate-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  trees.push(dir);
  for (const [rel, content] of Object.entries(files)) writeInto(dir, rel, content);
  return dir;
}

/** chmod does not stop root (or some CI sandboxes) from reading; detect it rather than assume. */
export const permissionsEnforced: boolean = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-perm-'));
  const probe = path.join(dir, 'probe');
  fs.writeFileSync(probe, 'x');
  fs.chmodSync(probe, 0o000);
  let enforced = false;
  try {
    fs.readFileSync(probe);
  } catch {
    enforced = true;
  }
  fs.chmodSync(probe, 0o600);
  fs.rmSync(dir, { recursive: true, force: true });
  return enforced;
})();
