/**
 * What a real run of the executable loads: `bin/mcp-migrate.js <args>` in a child process, with a
 * preload that records the CommonJS modules in require.cache at exit. Start-up cost is in those
 * modules (TypeScript's compiler alone is 9 MB), so a test can say which ones a command must not load.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(REPO, 'bin/mcp-migrate.js');
const RECORDER = path.join(import.meta.dirname, 'record-loaded-modules.cjs');

export interface RecordedRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Absolute paths of the CommonJS modules loaded. */
  modules: string[];
}

export function runRecordingModules(args: readonly string[], cwd: string = REPO): RecordedRun {
  const record = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-modules-')), 'modules.json');
  const result = spawnSync(process.execPath, ['--require', RECORDER, BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, RECORD_LOADED_MODULES: record, NO_COLOR: '1' },
  });
  const modules = JSON.parse(fs.readFileSync(record, 'utf8')) as string[];
  fs.rmSync(path.dirname(record), { recursive: true, force: true });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, modules };
}

/** The packages (`node_modules/<name>` or `node_modules/@scope/name`) among loaded module paths. */
export function packagesAmong(modules: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const file of modules) {
    const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*[\\/]node_modules[\\/])/.exec(file);
    if (match) names.add(match[1]!.replace(/\\/g, '/'));
  }
  return names;
}
