/**
 * Where `apply` writes its migration report is checked before any source is written (review 40 R40-8, R40-9): a
 * source file, a directory, a FIFO or a missing folder is a usage error with nothing written, not a run that rewrote
 * every file and then appended Markdown to code, hung, or failed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempTree } from '../support/temp-tree.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'log', version: '1.0.0' });
server.tool('hello', async () => {
  await server.server.sendLoggingMessage({ level: 'info', data: 'hello' });
  return { content: [{ type: 'text', text: 'hello' }] };
});
`;

function project(): string {
  const dir = tempTree({ 'src/server.ts': SERVER, 'package.json': '{ "name": "log", "dependencies": { "@modelcontextprotocol/sdk": "^1.17.0" } }\n' });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '-A'], { cwd: dir });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'seed'], { cwd: dir });
  return dir;
}

const unchanged = (dir: string) => expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(SERVER);

describe('the migration report target', () => {
  it('naming a source file is refused before anything is written', async () => {
    const dir = project();
    const run = await runCli(['apply', '.', '--no-typecheck', '--report', 'src/server.ts'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('a source file name');
    unchanged(dir);
  });

  it('a directory, or a folder that does not exist, is refused before anything is written', async () => {
    const dir = project();
    fs.mkdirSync(path.join(dir, 'MIGRATION.md'));
    const asDirectory = await runCli(['apply', '.', '--no-typecheck'], { cwd: dir });
    expect(asDirectory.code).toBe(2);
    expect(asDirectory.stderr).toContain('is not a regular file (a directory)');
    unchanged(dir);
    const missing = await runCli(['apply', '.', '--no-typecheck', '--report', 'reports/migration.md'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('does not exist');
    unchanged(dir);
  });

  it.runIf(process.platform !== 'win32')('a FIFO is refused (apply used to hang on it after rewriting every file)', async () => {
    const dir = project();
    if (spawnSync('mkfifo', [path.join(dir, 'MIGRATION.md')]).status !== 0) return;
    const run = await runCli(['apply', '.', '--no-typecheck'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('(a FIFO)');
    unchanged(dir);
  });
});
