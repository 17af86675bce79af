/**
 * Which of the files `apply` would change have uncommitted changes. A migration is reviewed as a
 * diff: mixing it into unsaved work makes that review impossible, so such files are refused
 * unless the user says otherwise. Outside a git repository there is nothing to compare with.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface GitState {
  /** False outside a git work tree (or without git): apply then warns instead of checking. */
  repository: boolean;
  /** Absolute paths of the given files that are modified, staged or untracked; empty when git was not asked (--dry-run, --allow-dirty). */
  dirty: string[];
}

export function dirtyFiles(root: string, files: readonly string[]): GitState {
  // A file reached through a symbolic link is written where the link points (writes go through links): that file's
  // own changes are what must not be mixed with the migration (review 40 R40-2: `src/cart.ts -> ../shared/cart.ts`
  // was checked as the link, which is unchanged, and the target's unsaved work was written over).
  const targets = new Map<string, string>();
  for (const file of files) {
    let real: string;
    try {
      real = fs.realpathSync(file);
    } catch {
      continue;
    }
    if (real !== path.resolve(file)) targets.set(file, real);
  }
  return targets.size > 0 ? dirtyThroughLinks(root, files, targets) : dirtyByStatus(root, files);
}

/** Which of `files` git reports as modified, staged or untracked. */
function dirtyByStatus(root: string, files: readonly string[]): GitState {
  // The usual case, files in a clean work tree, in one git call instead of two: `git status` succeeds
  // only in a work tree (where `rev-parse --show-toplevel` does too), and with nothing to report the
  // top level is not needed. Anything else (not a repository, an error, something dirty) takes the
  // two calls below, whose answer this shortcut never differs from.
  if (files.length > 0 && insideGitCheckout(root)) {
    const quick = statusOf(root, files);
    if (!quick.error && quick.status === 0 && quick.stdout === '') return { repository: true, dirty: [] };
  }
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8' });
  if (top.error || top.status !== 0) return { repository: false, dirty: [] };
  if (files.length === 0) return { repository: true, dirty: [] };
  const topLevel = top.stdout.trim();
  const status = statusOf(root, files);
  if (status.error || status.status !== 0) return { repository: true, dirty: [...files] };
  const dirty = new Set<string>();
  const entries = status.stdout.split('\0').filter(Boolean);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const code = entry.slice(0, 2);
    dirty.add(path.resolve(topLevel, entry.slice(3)));
    if (code.startsWith('R') || code.startsWith('C')) i++; // renames carry the old path as the next entry
  }
  return { repository: true, dirty: files.filter((f) => dirty.has(path.resolve(f))) };
}

/**
 * `dirtyFiles` for files some of which are links: each is dirty when it or the file it points to is. A target outside
 * the work tree has no history to compare with, so it counts as dirty: the migration would be written where no diff
 * shows it.
 */
function dirtyThroughLinks(root: string, files: readonly string[], targets: ReadonlyMap<string, string>): GitState {
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8' });
  if (top.error || top.status !== 0) return { repository: false, dirty: [] };
  const topLevel = fs.realpathSync(top.stdout.trim());
  const inside = (file: string) => !path.relative(topLevel, file).startsWith('..') && !path.isAbsolute(path.relative(topLevel, file));
  const linked = [...targets.values()].filter(inside);
  const state = dirtyByStatus(root, [...new Set([...files, ...linked])]);
  const dirty = new Set(state.dirty.map((f) => path.resolve(f)));
  return {
    repository: true,
    dirty: files.filter((f) => {
      const target = targets.get(f);
      return dirty.has(path.resolve(f)) || (target !== undefined && (!inside(target) || dirty.has(target)));
    }),
  };
}

function statusOf(root: string, files: readonly string[]) {
  return spawnSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...files], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/**
 * A `.git` (directory, or file for a worktree or submodule) at or above `dir`, as git itself looks for its
 * repository: only then is the one-call shortcut worth trying, and it is all a run that refuses nothing needs.
 */
export function insideGitCheckout(dir: string): boolean {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return true;
    if (path.dirname(d) === d) return false;
  }
}
