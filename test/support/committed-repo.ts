/** A temporary git repository with `files` committed: what `apply` expects to migrate (a clean tree). */
import { spawnSync } from 'node:child_process';
import { tempTree } from './temp-tree.js';

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };

export function git(dir: string, ...args: string[]): string {
  const result = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

export function committedRepo(files: Record<string, string>): string {
  const dir = tempTree(files);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'init');
  return dir;
}
