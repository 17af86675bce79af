/**
 * The uncommitted-changes check looks at the file a symbolic link points to, where apply writes (review 40 R40-2).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirtyFiles } from '../../src/apply/git.js';
import { tempTree } from '../support/temp-tree.js';

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: dir });

describe('dirtyFiles through a link', () => {
  it('a link whose target has uncommitted changes is dirty; a clean target is not', () => {
    const dir = tempTree({ 'shared/cart.ts': 'export const cart = 1;\n', 'shared/other.ts': 'export const other = 1;\n' });
    fs.mkdirSync(path.join(dir, 'src'));
    fs.symlinkSync('../shared/cart.ts', path.join(dir, 'src/cart.ts'));
    fs.symlinkSync('../shared/other.ts', path.join(dir, 'src/other.ts'));
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'seed');
    fs.appendFileSync(path.join(dir, 'shared/cart.ts'), '// unsaved\n');
    const src = path.join(dir, 'src');
    const state = dirtyFiles(src, [path.join(src, 'cart.ts'), path.join(src, 'other.ts')]);
    expect(state.repository).toBe(true);
    expect(state.dirty).toEqual([path.join(src, 'cart.ts')]);
  });
});
