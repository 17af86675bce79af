/**
 * Writes that never clobber: a regular file is replaced atomically (mode kept), a symlink is
 * written through, a device node or FIFO is written in place and stays what it is, anything
 * else is refused. These run as whatever user runs the suite, root included: root can replace
 * /dev/full with a regular file, which is exactly what must not happen.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWriteError, isStdout, resolveWriteTarget, writeFileSafely, WriteRefusedError } from '../src/write-file.js';
import { tempTree } from './support/temp-tree.js';

const leftovers = (dir: string): string[] => fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe('writeFileSafely', () => {
  it('creates a new regular file and leaves no temporary file behind', () => {
    const dir = tempTree();
    writeFileSafely(path.join(dir, 'report.json'), '{"a":1}\n');
    expect(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')).toBe('{"a":1}\n');
    expect(leftovers(dir)).toEqual([]);
  });

  it('replaces an existing regular file as a new inode (atomic rename) and keeps its permission bits', () => {
    const dir = tempTree({ 'report.json': 'old' });
    const file = path.join(dir, 'report.json');
    fs.chmodSync(file, 0o640);
    const before = fs.statSync(file).ino;
    writeFileSafely(file, 'new');
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(fs.statSync(file).ino).not.toBe(before);
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
  });

  it('writes through a symlink to its target and keeps the link', () => {
    const dir = tempTree({ 'reports/real.json': 'old' });
    const link = path.join(dir, 'report.json');
    fs.symlinkSync('reports/real.json', link);
    writeFileSafely(link, 'new');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(link)).toBe('reports/real.json');
    expect(fs.readFileSync(path.join(dir, 'reports/real.json'), 'utf8')).toBe('new');
    expect(leftovers(dir)).toEqual([]);
    expect(leftovers(path.join(dir, 'reports'))).toEqual([]);
  });

  it('follows a chain of links, and creates the target of a dangling one', () => {
    const dir = tempTree({ 'out/.keep': '' });
    fs.symlinkSync('middle', path.join(dir, 'first'));
    fs.symlinkSync('out/final.json', path.join(dir, 'middle'));
    expect(resolveWriteTarget(path.join(dir, 'first'))).toBe(path.join(dir, 'out/final.json'));
    writeFileSafely(path.join(dir, 'first'), 'x');
    expect(fs.readFileSync(path.join(dir, 'out/final.json'), 'utf8')).toBe('x');
    expect(fs.lstatSync(path.join(dir, 'first')).isSymbolicLink()).toBe(true);
  });

  it('refuses a symlink loop', () => {
    const dir = tempTree();
    fs.symlinkSync('b', path.join(dir, 'a'));
    fs.symlinkSync('a', path.join(dir, 'b'));
    expect(() => writeFileSafely(path.join(dir, 'a'), 'x')).toThrow(WriteRefusedError);
  });

  it('writes to /dev/null in place: it stays a character device', () => {
    writeFileSafely('/dev/null', 'report');
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('fails on /dev/full with ENOSPC and leaves the device a device (even as root)', () => {
    expect(() => writeFileSafely('/dev/full', 'report')).toThrow(/ENOSPC/);
    expect(fs.statSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  it('writes into a FIFO directly (process substitution) and leaves it a FIFO', async () => {
    const dir = tempTree();
    const fifo = path.join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo]);
    let received = '';
    reader.stdout.on('data', (chunk) => (received += chunk));
    const closed = new Promise((resolve) => reader.on('close', resolve));
    writeFileSafely(fifo, 'through the pipe');
    await closed;
    expect(received).toBe('through the pipe');
    expect(fs.statSync(fifo).isFIFO()).toBe(true);
  });

  it('refuses a directory without touching it', () => {
    const dir = tempTree({ 'target/inside.txt': 'keep' });
    expect(() => writeFileSafely(path.join(dir, 'target'), 'x')).toThrow('it is a directory, not a file; refusing to write');
    expect(fs.readFileSync(path.join(dir, 'target/inside.txt'), 'utf8')).toBe('keep');
  });

  it('leaves the old content when the directory does not exist, with a plain reason', () => {
    const dir = tempTree();
    let error: unknown;
    try {
      writeFileSafely(path.join(dir, 'missing/report.json'), 'x');
    } catch (e) {
      error = e;
    }
    expect(describeWriteError(error)).toBe('ENOENT: no such file or directory');
  });
});

describe('isStdout', () => {
  it('knows "-" and the /dev names of standard output', () => {
    for (const name of ['-', '/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']) expect(isStdout(name)).toBe(true);
    for (const name of ['report.json', '/dev/stderr', '/dev/null', '--']) expect(isStdout(name)).toBe(false);
  });
});
