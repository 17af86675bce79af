/**
 * apply's write safety, in-process: one run writes everything or nothing (a failing transform, a
 * file changed on disk, a read-only file or a permission error leave the tree as it was), and what
 * it writes keeps what the file was (mode, byte-order mark, line endings, licence header).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { WriteAbortedError, writeAllOrNothing } from '../../src/apply/write-changes.js';
import { UsageError } from '../../src/pipeline/load.js';
import { FIXTURES, runCli } from '../support/run-cli.js';
import { tempTree } from '../support/temp-tree.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const notes = new Map<string, string[]>();
export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.tool('add_note', { text: z.string() }, async ({ text }, extra) => {
    const list = notes.get(extra.sessionId ?? '') ?? [];
    list.push(text);
    notes.set(extra.sessionId ?? '', list);
    return { content: [{ type: 'text', text: String(list.length) }] };
  });
  return server;
}
`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('apply write safety', () => {
  it('does not overwrite a file that changed on disk after it was read', async () => {
    const dir = tempTree({ 'src/server.ts': SERVER });
    const file = path.join(dir, 'src/server.ts');
    const realRead = fs.readFileSync;
    let reads = 0;
    // The first read is the analysis; the check before writing reads again and sees an edit.
    vi.spyOn(fs, 'readFileSync').mockImplementation(((target: fs.PathOrFileDescriptor, options?: unknown) => {
      if (target === file && ++reads > 1) return `${SERVER}// edited meanwhile\n`;
      return (realRead as (t: fs.PathOrFileDescriptor, o?: unknown) => string | Buffer)(target, options);
    }) as typeof fs.readFileSync);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true });
    expect(result.skippedChanged).toEqual([file]);
    expect(result.written).toBe(false);
    vi.restoreAllMocks();
    // Nothing is written, not even the new module: the edits across files belong together.
    expect(fs.readFileSync(file, 'utf8')).toBe(SERVER);
    expect(fs.existsSync(path.join(dir, 'src/mcp-handles.ts'))).toBe(false);
  });

  it('a dry run computes the same changes and writes nothing', async () => {
    const dir = tempTree({ 'src/server.ts': SERVER });
    const result = await runApply({ paths: [dir], cwd: dir, dryRun: true });
    expect(result.written).toBe(false);
    expect(result.changes.map((c) => path.relative(dir, c.file)).sort()).toEqual(['src/mcp-handles.ts', 'src/server.ts']);
    expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(SERVER);
    expect(fs.existsSync(path.join(dir, 'src/mcp-handles.ts'))).toBe(false);
  });
});

const PACKAGE_JSON = `${JSON.stringify({ name: 'notes', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.29.0', zod: '^3.25.76' } }, null, 2)}\n`;

/** A module the TypeScript analysis reads but the transforms' parser rejects (`const broken = ;`). */
const BROKEN = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function register(server: McpServer) {
  const broken = ;
  return server;
}
`;

function git(dir: string, ...args: string[]): void {
  const result = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  if (result.status !== 0) throw new Error(result.stderr);
}

function committedRepo(files: Record<string, string | Buffer>): string {
  const dir = tempTree(files);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'init');
  return dir;
}

/** Every file of the tree (outside .git) with its bytes and mode, to prove a run wrote nothing. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string): void => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = fs.lstatSync(full);
        // Only regular files are read (a FIFO would block); the others are compared by kind and mode.
        out.set(path.relative(dir, full), `${(stat.mode & 0o7777).toString(8)} ${stat.isFile() ? fs.readFileSync(full, 'base64') : `not a file (${stat.mode >> 12})`}`);
      }
    }
  };
  walk(dir);
  return out;
}

function errnoError(code: string, syscall: string, target: string): NodeJS.ErrnoException {
  const messages: Record<string, string> = { EACCES: 'permission denied', EROFS: 'read-only file system', EPERM: 'operation not permitted' };
  return Object.assign(new Error(`${code}: ${messages[code]}, ${syscall} '${target}'`), { code, syscall, path: target });
}

describe('apply is all or nothing', () => {
  it('writes nothing, package.json and new modules included, when a transform fails on one file', async () => {
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': SERVER, 'src/register.ts': BROKEN });
    const before = snapshot(dir);
    const result = await runApply({ paths: [dir], cwd: dir });
    expect(result.failures.length).toBeGreaterThan(0);
    expect(result.failures.every((f) => f.file === path.join(dir, 'src/register.ts'))).toBe(true);
    expect(result.failures[0]!.message).toMatch(/^the file has a syntax error of its own, Expression expected\. \(\d+:\d+\): fix it/);
    // The failing transform (sdk-v2, whose parser rejects the file) drops all its changes, package.json's
    // too; the other transforms' changes would have been written until now. None is written.
    expect(result.changes.map((c) => path.relative(dir, c.file))).toEqual(expect.arrayContaining(['src/server.ts', 'src/mcp-handles.ts']));
    expect(result.written).toBe(false);
    expect(snapshot(dir)).toEqual(before);
  });

  it('a dry run with a failing transform still lists what the other transforms would change', async () => {
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': SERVER, 'src/register.ts': BROKEN });
    const result = await runApply({ paths: [dir], cwd: dir, dryRun: true });
    expect(result.failures.length).toBeGreaterThan(0);
    expect(result.changes.some((c) => c.file === path.join(dir, 'src/server.ts'))).toBe(true);
    expect(result.written).toBe(false);
  });
});

describe('apply checks every target before it writes any', () => {
  it('refuses a read-only file with a one-line message naming it, and writes nothing', async () => {
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': SERVER });
    fs.chmodSync(path.join(dir, 'src/server.ts'), 0o444);
    const before = snapshot(dir);
    const error = await runApply({ paths: [dir], cwd: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe('src/server.ts is read-only (mode 0444): make it writable (chmod u+w src/server.ts) and run apply again; nothing was written');
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a target that is not a regular file, before writing any', () => {
    const dir = tempTree({ 'a.ts': 'a', 'fifo/.keep': '' });
    expect(spawnSync('mkfifo', [path.join(dir, 'b.ts')]).status).toBe(0);
    fs.mkdirSync(path.join(dir, 'c.ts'));
    const before = snapshot(dir);
    const relative = (file: string): string => path.relative(dir, file);
    const write = (name: string) => ({ file: path.join(dir, name), before: undefined, after: 'new' });
    expect(() => writeAllOrNothing([{ ...write('a.ts'), before: 'a' }, write('b.ts')], relative)).toThrow(new WriteAbortedError('b.ts is a FIFO, not a file; refusing to write it; nothing was written'));
    expect(() => writeAllOrNothing([{ ...write('a.ts'), before: 'a' }, write('c.ts')], relative)).toThrow(new WriteAbortedError('c.ts is a directory, not a file; refusing to write it; nothing was written'));
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a file that is not valid UTF-8 (its invalid bytes would be replaced)', async () => {
    const latin1 = Buffer.concat([Buffer.from('// Caf'), Buffer.from([0xe9]), Buffer.from(' server\n'), Buffer.from(SERVER)]);
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': latin1 });
    const before = snapshot(dir);
    const error = await runApply({ paths: [dir], cwd: dir }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('src/server.ts is not valid UTF-8: writing it would replace its invalid bytes; convert it to UTF-8 (or --exclude it) and run apply again; nothing was written');
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses two paths of one run that are the same file', () => {
    const dir = tempTree({ 'a.ts': 'a' });
    fs.symlinkSync('a.ts', path.join(dir, 'link.ts'));
    const relative = (file: string): string => path.relative(dir, file);
    const writes = ['a.ts', 'link.ts'].map((name) => ({ file: path.join(dir, name), before: 'a', after: `new ${name}` }));
    expect(() => writeAllOrNothing(writes, relative)).toThrow('a.ts and link.ts are the same file (a symbolic link); refusing to write it twice; nothing was written');
    expect(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe('a');
  });

  it('creates the directories of a new file, and removes them again when the run is rolled back', () => {
    const dir = tempTree({ 'a.ts': 'a' });
    const relative = (file: string): string => path.relative(dir, file);
    const realRename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation(((from: fs.PathLike, to: fs.PathLike) => {
      if (String(to).endsWith('a.ts') && String(from).includes('.a.ts.')) throw errnoError('EROFS', 'rename', String(from));
      return realRename(from, to);
    }) as typeof fs.renameSync);
    const writes = [
      { file: path.join(dir, 'gen/deep/new.ts'), after: 'generated' },
      { file: path.join(dir, 'a.ts'), before: 'a', after: 'changed' },
    ];
    expect(() => writeAllOrNothing(writes, relative)).toThrow('could not write a.ts (EROFS: read-only file system); nothing was written');
    vi.restoreAllMocks();
    expect(fs.existsSync(path.join(dir, 'gen'))).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['a.ts']);
    writeAllOrNothing(writes, relative);
    expect(fs.readFileSync(path.join(dir, 'gen/deep/new.ts'), 'utf8')).toBe('generated');
    expect(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe('changed');
  });

  it('writes through a symlinked source file to its target and keeps the link', async () => {
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'shared/server.ts': SERVER });
    fs.mkdirSync(path.join(dir, 'src'));
    fs.symlinkSync('../shared/server.ts', path.join(dir, 'src/server.ts'));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'link');
    const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir });
    expect(result.written).toBe(true);
    expect(fs.lstatSync(path.join(dir, 'src/server.ts')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'shared/server.ts'), 'utf8')).not.toBe(SERVER);
    expect(fs.readFileSync(path.join(dir, 'shared/server.ts'), 'utf8')).toContain('note_id');
  });

  for (const code of ['EACCES', 'EPERM', 'EROFS']) {
    it(`turns ${code} while staging the writes into a clear message, with nothing written`, async () => {
      const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': SERVER });
      const before = snapshot(dir);
      const realOpen = fs.openSync;
      vi.spyOn(fs, 'openSync').mockImplementation(((target: fs.PathLike, ...rest: [fs.OpenMode, fs.Mode]) => {
        if (String(target).includes(`${path.sep}src${path.sep}.server.ts.`)) throw errnoError(code, 'open', String(target));
        return realOpen(target, ...rest);
      }) as typeof fs.openSync);
      const error = await runApply({ paths: [dir], cwd: dir }).catch((e: unknown) => e);
      vi.restoreAllMocks();
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(new RegExp(`^could not write src/server\\.ts \\(${code}: [a-z -]+\\); nothing was written$`));
      expect(snapshot(dir)).toEqual(before);
    });
  }

  it('rolls back the files already renamed when a later rename fails', async () => {
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': SERVER });
    const before = snapshot(dir);
    const realRename = fs.renameSync;
    let renames = 0;
    vi.spyOn(fs, 'renameSync').mockImplementation(((from: fs.PathLike, to: fs.PathLike) => {
      // The first target (the new module, or package.json) is replaced; the second fails.
      if (++renames === 2) throw errnoError('EACCES', 'rename', String(from));
      return realRename(from, to);
    }) as typeof fs.renameSync);
    const error = await runApply({ paths: [dir], cwd: dir }).catch((e: unknown) => e);
    vi.restoreAllMocks();
    expect(renames).toBeGreaterThanOrEqual(2);
    expect((error as Error).message).toMatch(/^could not write [^ ]+ \(EACCES: permission denied\); nothing was written$/);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('apply keeps what the file was', () => {
  it('keeps the permission bits of every file it rewrites (an executable stays executable)', async () => {
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'bin/server.ts': `#!/usr/bin/env node\n${SERVER}` });
    fs.chmodSync(path.join(dir, 'bin/server.ts'), 0o751);
    fs.chmodSync(path.join(dir, 'package.json'), 0o640);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'modes');
    const result = await runApply({ paths: [dir], cwd: dir });
    expect(result.written).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'bin/server.ts'), 'utf8')).toContain('note_id');
    expect(fs.statSync(path.join(dir, 'bin/server.ts')).mode & 0o7777).toBe(0o751);
    expect(fs.statSync(path.join(dir, 'package.json')).mode & 0o7777).toBe(0o640);
  });

  it('keeps a UTF-8 byte-order mark, and the mark does not block the run', async () => {
    const dir = committedRepo({ 'package.json': `\uFEFF${PACKAGE_JSON}`, 'src/server.ts': `\uFEFF${SERVER}` });
    const result = await runApply({ paths: [dir], cwd: dir });
    expect(result.skippedChanged).toEqual([]);
    expect(result.written).toBe(true);
    const server = fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    expect(server.startsWith('\uFEFFimport ')).toBe(true);
    expect(server).toContain('note_id');
    expect(server.indexOf('\uFEFF', 1)).toBe(-1);
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toMatch(/^\uFEFF\{[^\uFEFF]*"@modelcontextprotocol\/server"/);
  });

  it('keeps CRLF line endings: every line it adds ends like the file\'s own', async () => {
    const crlf = SERVER.replace(/\n/g, '\r\n');
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': crlf });
    const result = await runApply({ paths: [dir], cwd: dir });
    expect(result.written).toBe(true);
    const server = fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    expect(server).toContain('note_id');
    expect(server.match(/(?<!\r)\n/g)).toBeNull();
    // A file with LF endings stays LF (the package.json here).
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).not.toContain('\r');
  });

  it('keeps a licence header above an SDK import the official codemod removes', async () => {
    const header = '/**\n * @license\n * Copyright 2026 Example Corp. MIT.\n */\n';
    // The shape of cyanheads/mcp-ts-template's transports/manager.ts: the codemod's `imports` step moves
    // EmptyResultSchema's import to the top, and its `schema-params` step removes it with the comments above.
    const source = `${header}import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';

import { setTimeout as sleep } from 'node:timers/promises';

export async function ping(server: McpServer) {
  await sleep(1);
  await server.server.request({ method: 'ping' }, EmptyResultSchema, {});
}
`;
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/ping.ts': source });
    const result = await runApply({ paths: [dir], cwd: dir, transforms: ['sdk-v2'] });
    expect(result.written).toBe(true);
    const migrated = fs.readFileSync(path.join(dir, 'src/ping.ts'), 'utf8');
    expect(migrated).not.toContain('EmptyResultSchema');
    expect(migrated.startsWith(`${header}import type { McpServer } from`)).toBe(true);
  });
});

describe('apply on the command line', () => {
  it('a read-only file: one line on standard error, exit 2, no MIGRATION.md, nothing written', async () => {
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': SERVER });
    fs.chmodSync(path.join(dir, 'src/server.ts'), 0o444);
    const before = snapshot(dir);
    const run = await runCli(['apply', '--no-color'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('mcp-migrate: src/server.ts is read-only (mode 0444): make it writable (chmod u+w src/server.ts) and run apply again; nothing was written\n');
    expect(snapshot(dir)).toEqual(before);
  });

  it('a failing transform: says which file and transform, and that nothing was written; exit 2', async () => {
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': SERVER, 'src/register.ts': BROKEN });
    const before = snapshot(dir);
    const run = await runCli(['apply', '--no-color'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^✖ src\/register\.ts: sdk-v2 failed: the file has a syntax error of its own, Expression expected\. \(3:18\): fix it/m);
    // Nothing written: no green tick (review 40 R40-11).
    expect(run.stdout).toMatch(/^✖ \d+ files not written \(nothing was\)/m);
    expect(run.stdout).toContain('✖ nothing is written while a transform fails');
    expect(run.stdout).toContain('files not written (nothing was)');
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('a second run changes nothing', () => {
  it('on a file with a byte-order mark, CRLF line endings and a licence header', async () => {
    const header = '// Copyright 2026 Example Corp.\n// SPDX-License-Identifier: MIT\n';
    const source = `\uFEFF${header}${SERVER}`.replace(/\n/g, '\r\n');
    const dir = committedRepo({ 'package.json': PACKAGE_JSON, 'src/server.ts': source });
    expect((await runApply({ paths: [dir], cwd: dir })).written).toBe(true);
    const migrated = fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    expect(migrated.startsWith(`\uFEFF${header.replace(/\n/g, '\r\n')}`)).toBe(true);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'migrated');
    const second = await runApply({ paths: [dir], cwd: dir });
    expect(second.changes).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(migrated);
  });

  // The fixture projects cover the transforms' main shapes: streamable HTTP with express, CommonJS,
  // stdio with deprecated features, a low-level Server, and the end-to-end shop.
  for (const fixture of ['v1-streamable-express', 'js-commonjs', 'v1-stdio-deprecated', 'low-level-server', 'e2e-everything-shop']) {
    it(fixture, async () => {
      const dir = tempTree();
      fs.cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
      git(dir, 'init', '-q');
      git(dir, 'add', '-A');
      git(dir, 'commit', '-qm', 'v1');
      const first = await runApply({ paths: [dir], cwd: dir });
      expect(first.failures).toEqual([]);
      expect(first.written).toBe(true);
      expect(first.changes.length).toBeGreaterThan(0);
      git(dir, 'add', '-A');
      git(dir, 'commit', '-qm', 'migrated');
      const second = await runApply({ paths: [dir], cwd: dir });
      expect(second.failures).toEqual([]);
      expect(second.changes.map((c) => ({ file: path.relative(dir, c.file), transforms: c.transforms }))).toEqual([]);
    }, 120_000);
  }
});

describe('apply on code with a syntax error the parser recovers from', () => {
  it('does not crash on a registry typed by an index signature without its type (found in review 39b)', async () => {
    const server = `const express = require('express');
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const transports: { [sessionId: string] } = {};
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => 'id', onsessioninitialized: (id) => { transports[id] = transport; } });
  await new McpServer({ name: 'x', version: '1.0.0' }).connect(transport);
  await transport.handleRequest(req, res, req.body);
});
`;
    const dir = tempTree({ 'src/index.js': server });
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'] });
    expect(result.failures).toEqual([]);
  });
});
