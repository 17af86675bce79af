/**
 * `dirtyFiles`: which of the files apply would change have uncommitted changes. A clean work tree is
 * answered by one `git status` (the shortcut); everything else by `rev-parse` + `status`. The answers
 * are checked against git itself, for the shortcut's case and for each case that must leave it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirtyFiles } from '../../src/apply/git.js';
import { committedRepo, git } from '../support/committed-repo.js';
import { tempTree } from '../support/temp-tree.js';

describe('dirtyFiles', () => {
  it('a clean work tree: a repository, nothing dirty', () => {
    const dir = committedRepo({ 'a.ts': 'a\n', 'src/b.ts': 'b\n' });
    expect(dirtyFiles(dir, [path.join(dir, 'a.ts'), path.join(dir, 'src/b.ts')])).toEqual({ repository: true, dirty: [] });
  });

  it('modified, staged and untracked files are dirty; a clean one beside them is not', () => {
    const dir = committedRepo({ 'clean.ts': 'c\n', 'modified.ts': 'm\n', 'staged.ts': 's\n' });
    fs.writeFileSync(path.join(dir, 'modified.ts'), 'm2\n');
    fs.writeFileSync(path.join(dir, 'staged.ts'), 's2\n');
    git(dir, 'add', 'staged.ts');
    fs.writeFileSync(path.join(dir, 'untracked.ts'), 'u\n');
    const files = ['clean.ts', 'modified.ts', 'staged.ts', 'untracked.ts'].map((f) => path.join(dir, f));
    expect(dirtyFiles(dir, files)).toEqual({ repository: true, dirty: files.slice(1) });
  });

  it('a root below the top level: dirty paths are resolved against the top level, not the root', () => {
    const dir = committedRepo({ 'pkg/server/a.ts': 'a\n', 'pkg/server/b.ts': 'b\n' });
    const root = path.join(dir, 'pkg', 'server');
    fs.writeFileSync(path.join(root, 'b.ts'), 'b2\n');
    expect(dirtyFiles(root, [path.join(root, 'a.ts')])).toEqual({ repository: true, dirty: [] });
    expect(dirtyFiles(root, [path.join(root, 'a.ts'), path.join(root, 'b.ts')])).toEqual({ repository: true, dirty: [path.join(root, 'b.ts')] });
  });

  it('an ignored file is not dirty (git does not report it)', () => {
    const dir = committedRepo({ '.gitignore': 'out/\n', 'a.ts': 'a\n' });
    fs.mkdirSync(path.join(dir, 'out'));
    fs.writeFileSync(path.join(dir, 'out/gen.ts'), 'g\n');
    expect(dirtyFiles(dir, [path.join(dir, 'out/gen.ts')])).toEqual({ repository: true, dirty: [] });
  });

  it('outside a repository: no repository, nothing dirty, with files or without', () => {
    const dir = tempTree({ 'a.ts': 'a\n' });
    expect(dirtyFiles(dir, [path.join(dir, 'a.ts')])).toEqual({ repository: false, dirty: [] });
    expect(dirtyFiles(dir, [])).toEqual({ repository: false, dirty: [] });
  });

  it('no files: a repository is still told apart from none', () => {
    const dir = committedRepo({ 'a.ts': 'a\n' });
    expect(dirtyFiles(dir, [])).toEqual({ repository: true, dirty: [] });
  });

  it('a file outside the work tree makes git fail: every file counts as dirty (as before the shortcut)', () => {
    const dir = committedRepo({ 'a.ts': 'a\n' });
    const outside = tempTree({ 'x.ts': 'x\n' });
    const files = [path.join(dir, 'a.ts'), path.join(outside, 'x.ts')];
    expect(dirtyFiles(dir, files)).toEqual({ repository: true, dirty: files });
  });
});
