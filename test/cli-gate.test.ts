/**
 * Issue 8, end to end through the command line: a gate that is never green on nothing,
 * writes that never clobber, suppressions, the configuration file, test files, and global
 * options on every command.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli as run } from './support/run-cli.js';
import { permissionsEnforced, tempTree } from './support/temp-tree.js';

const project = (files: Record<string, string>): string => tempTree(files, 'mcp-migrate-gate-');

const SESSIONFUL = `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomUUID } from 'node:crypto';
export const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
`;
const GENERATOR = 'session-transport/session-id-generator';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('never green on nothing', () => {
  it('an empty directory is a usage error that says nothing was found to scan', async () => {
    const dir = project({ 'README.md': '# hi\n' });
    const result = await run(['scan', dir]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `mcp-migrate: nothing to scan: no source files (.ts .tsx .mts .cts .js .jsx .mjs .cjs) in ${dir} that are not ignored (.gitignore, .mcp-migrateignore) or excluded\n`,
    );
  });

  it('an --include that matches nothing names the glob; one from the config file names the file', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL });
    const flag = await run(['scan', dir, '--include', 'nomatch/**']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe(`mcp-migrate: nothing to scan: --include "nomatch/**" matched no source file (.ts .tsx .mts .cts .js .jsx .mjs .cjs) in ${dir}\n`);
    fs.writeFileSync(path.join(dir, 'mcp-migrate.config.json'), '{"include": ["lib/**"]}');
    const config = await run(['scan', dir]);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('nothing to scan: "include" of mcp-migrate.config.json "lib/**" matched no source file');
  });

  it('a file that is not source code is a usage error', async () => {
    const dir = project({ 'notes.md': 'x' });
    const result = await run(['scan', 'notes.md'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-migrate: nothing to scan: notes.md is not a source file (.ts .tsx .mts .cts .js .jsx .mjs .cjs)\n');
  });

  it('an unreadable root exits 2 (simulated, so it holds when the suite runs as root)', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL });
    const readdir = fs.promises.readdir;
    vi.spyOn(fs.promises, 'readdir').mockImplementation((async (p: fs.PathLike, options?: unknown) => {
      if (String(p) === dir) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      return readdir(p, options as never);
    }) as typeof fs.promises.readdir);
    const result = await run(['scan', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`mcp-migrate: cannot read ${dir}: directory is not readable (permission denied)\n`);
  });

  it('an unreadable input file exits 2 (simulated)', async () => {
    const dir = project({ 'server.ts': SESSIONFUL });
    const readFileSync = fs.readFileSync;
    vi.spyOn(fs, 'readFileSync').mockImplementation(((p: fs.PathOrFileDescriptor, options?: unknown) => {
      if (String(p) === path.join(dir, 'server.ts')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      return readFileSync(p, options as never);
    }) as typeof fs.readFileSync);
    const result = await run(['scan', 'server.ts'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-migrate: cannot read server\.ts: file could not be read/);
  });

  it.skipIf(!permissionsEnforced)('an unreadable root exits 2 (real permissions)', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL });
    fs.chmodSync(dir, 0o000);
    const result = await run(['scan', dir]);
    fs.chmodSync(dir, 0o755);
    expect(result.code).toBe(2);
  });

  it('files without MCP server code: the verdict says so instead of "no reliance found"', async () => {
    const dir = project({ 'src/a.ts': 'export const a = 1;\n', 'src/b.js': 'module.exports = {};\n' });
    const result = await run(['scan', dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ℹ No MCP server code found in 2 files: nothing to migrate');
    expect(result.stdout).not.toContain('✔');
  });

  it('a file with a syntax error is analysed as far as it parses, and the verdict says findings may be incomplete', async () => {
    const dir = project({
      'src/server.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "const server = new McpServer({ name: 'x', version: '1' });",
        'server.server.oninitialized = () => {};',
        'const broken = {{;',
      ].join('\n'),
    });
    const result = await run(['scan', dir, '--format', 'json']);
    const report = JSON.parse(result.stdout);
    expect(result.code).toBe(1);
    expect(report.findings.map((f: { ruleId: string; line: number }) => `${f.line} ${f.ruleId}`)).toEqual(['3 handshake/oninitialized']);
    expect(report.diagnostics).toEqual([expect.objectContaining({ file: 'src/server.ts', kind: 'parse-error', line: 4 })]);
    const text = await run(['scan', dir]);
    expect(text.stdout).toContain('findings may be incomplete: 1 file with syntax errors analysed only as far as it parses');
  });

  it('a tsconfig extending a package that is not installed is a note, not a parse error', async () => {
    const dir = project({ 'tsconfig.json': '{ "extends": "@tsconfig/node20/tsconfig.json" }', 'src/server.ts': SESSIONFUL });
    const report = JSON.parse((await run(['scan', dir, '-f', 'json'])).stdout);
    expect(report.diagnostics).toEqual([
      { file: 'tsconfig.json', kind: 'note', message: 'tsconfig: extends "@tsconfig/node20/tsconfig.json" is not installed (no node_modules?); scanned without its settings' },
    ]);
    const text = (await run(['scan', dir])).stdout;
    expect(text).not.toContain('may be incomplete');
    expect(text).not.toContain('skipped or only partly analysed');
    expect(text).toContain('Notes: 1');
  });
});

describe('writes that never clobber', () => {
  it('-o - and -o /dev/stdout put the report (only) on standard output', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL });
    for (const target of ['-', '/dev/stdout']) {
      const result = await run(['scan', dir, '-f', 'json', '-o', target]);
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout).findings[0].ruleId).toBe(GENERATOR);
      expect(fs.existsSync(path.join(dir, '-'))).toBe(false);
    }
  });

  it('-o /dev/full fails with exit 2 and leaves /dev/full a device', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL });
    const result = await run(['scan', dir, '-f', 'json', '-o', '/dev/full']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-migrate: cannot write /dev/full: ENOSPC: no space left on device\n');
    expect(fs.statSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  it('-o and --write-baseline write through a symlink and keep it', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL, 'out/report.json': '', 'out/baseline.json': '' });
    fs.symlinkSync('out/report.json', path.join(dir, 'report.json'));
    fs.symlinkSync('out/baseline.json', path.join(dir, 'baseline.json'));
    const result = await run(['scan', '.', '-f', 'json', '-o', 'report.json', '--write-baseline', 'baseline.json'], { cwd: dir });
    expect(result.code).toBe(0);
    for (const name of ['report.json', 'baseline.json']) expect(fs.lstatSync(path.join(dir, name)).isSymbolicLink()).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'out/baseline.json'), 'utf8')).findings).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'out/report.json'), 'utf8')).summary.baselined).toBe(1);
  });

  it('--write-baseline to a device still judges the run against the written baseline (exit 0)', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL });
    const result = await run(['scan', dir, '--write-baseline', '/dev/null']);
    expect(result.code).toBe(0);
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('-o naming a directory is refused with exit 2', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL });
    const result = await run(['scan', dir, '-o', path.join(dir, 'src')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`mcp-migrate: cannot write ${path.join(dir, 'src')}: it is a directory, not a file; refusing to write\n`);
  });
});

describe('suppressions', () => {
  const suppressed = [
    "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
    '// mcp-migrate-disable-next-line session-transport/session-id-generator -- stays sessionful until v3; tracked in #12',
    "export const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => 'x' });",
    '// mcp-migrate-disable-next-line handshake/oninitialized -- nothing here',
  ].join('\n');

  it('takes the finding out of the gate, keeps it in JSON with the reason, in SARIF as a suppression, and reports the unused one', async () => {
    const dir = project({ 'src/server.ts': suppressed });
    const json = await run(['scan', dir, '-f', 'json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.summary).toMatchObject({ findings: 0, suppressed: 1 });
    expect(report.findings).toEqual([
      expect.objectContaining({ ruleId: GENERATOR, line: 3, suppressed: { kind: 'disable-next-line', reason: 'stays sessionful until v3; tracked in #12', line: 2 } }),
    ]);
    expect(report.diagnostics).toEqual([expect.objectContaining({ kind: 'unused-suppression', line: 4 })]);

    const sarif = JSON.parse((await run(['scan', dir, '-f', 'sarif'])).stdout);
    expect(sarif.runs[0].results).toEqual([
      expect.objectContaining({ ruleId: GENERATOR, suppressions: [{ kind: 'inSource', status: 'accepted', justification: 'stays sessionful until v3; tracked in #12' }] }),
    ]);

    const text = await run(['scan', dir]);
    expect(text.stdout).toContain('Suppressed: 1 finding silenced by mcp-migrate-disable comments (outside the gate)');
    expect(text.stdout).toContain('unused-suppression');
    expect(text.stdout).toContain('; 1 suppressed');
  });

  it('a directive without a rule id silences nothing and is reported', async () => {
    const dir = project({ 'src/server.ts': suppressed.replace('session-transport/session-id-generator --', '--') });
    const result = await run(['scan', dir, '-f', 'json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).diagnostics.map((d: { kind: string }) => d.kind)).toEqual(['invalid-suppression', 'unused-suppression']);
  });
});

describe('configuration file', () => {
  it('failOn, per-rule severity and off come from the file; command-line options win', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL, 'mcp-migrate.config.json': '{ "failOn": "none" }' });
    expect((await run(['scan', dir])).code).toBe(0);
    expect((await run(['scan', dir, '--fail-on', 'error'])).code).toBe(1);

    fs.writeFileSync(path.join(dir, 'mcp-migrate.config.json'), JSON.stringify({ rules: { [GENERATOR]: 'warning' } }));
    const warning = await run(['scan', dir, '-f', 'json']);
    expect(warning.code).toBe(0);
    expect(JSON.parse(warning.stdout).findings[0].severity).toBe('warning');

    fs.writeFileSync(path.join(dir, 'mcp-migrate.config.json'), JSON.stringify({ rules: { [GENERATOR]: 'off' } }));
    expect(JSON.parse((await run(['scan', dir, '-f', 'json'])).stdout).findings).toEqual([]);
  });

  it('include/exclude come from the file unless given on the command line; the package.json key works too', async () => {
    const dir = project({ 'a/server.ts': SESSIONFUL, 'b/server.ts': SESSIONFUL, 'package.json': JSON.stringify({ name: 'x', 'mcp-migrate': { exclude: ['b/**'] } }) });
    const files = async (...args: string[]) => JSON.parse((await run(['scan', dir, '-f', 'json', ...args])).stdout).findings.map((f: { file: string }) => f.file);
    expect(await files()).toEqual(['a/server.ts']);
    expect(await files('--exclude', 'a/**')).toEqual(['b/server.ts']);
  });

  it('docsBaseUrl from the file is used for rule links', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL, 'mcp-migrate.config.json': '{ "docsBaseUrl": "https://example.com/docs-root/" }' });
    expect((await run(['scan', dir, '-f', 'markdown'])).stdout).toContain(`https://example.com/docs-root/docs/rules/${GENERATOR}.md`);
  });

  it('a bad configuration exits 2 with the exact problem', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL, 'mcp-migrate.config.json': '{ "rules": { "server-push/ping": "warn" } }' });
    const result = await run(['scan', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-migrate: mcp-migrate.config.json: "rules"."server-push/ping" must be one of "off", "error", "warning", "info", got "warn"\n');
  });

  it('init writes a starter config once, and scan reads it', async () => {
    const dir = project({ 'src/server.ts': SESSIONFUL });
    const first = await run(['init'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Wrote mcp-migrate.config.json');
    expect((await run(['scan', '.'], { cwd: dir })).code).toBe(1);
    const again = await run(['init'], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toBe('mcp-migrate: mcp-migrate.config.json already exists; edit it, or pass --force to replace it\n');
    expect((await run(['init', '--force', '-q'], { cwd: dir })).stdout).toBe('');
    expect((await run(['init', 'no-such-dir'], { cwd: dir })).code).toBe(2);
    const withPackageKey = project({ 'package.json': '{"mcp-migrate":{}}' });
    expect((await run(['init'], { cwd: withPackageKey })).code).toBe(2);
  });

  it('rules shows the effective severity from the configuration', async () => {
    const dir = project({ 'mcp-migrate.config.json': JSON.stringify({ rules: { 'server-push/ping': 'off', 'deprecated-feature/logging': 'error' } }) });
    const text = await run(['rules'], { cwd: dir });
    expect(text.stdout).toMatch(/^server-push\/ping\s+server-push\s+off\*\s/m);
    expect(text.stdout).toMatch(/^deprecated-feature\/logging\s+deprecated-feature\s+error\*\s/m);
    expect(text.stdout).toContain('* set in the configuration');
    const json = JSON.parse((await run(['rules', '-f', 'json'], { cwd: dir })).stdout) as Array<{ id: string; severity: string; effectiveSeverity: string }>;
    expect(json.find((r) => r.id === 'server-push/ping')).toMatchObject({ severity: 'error', effectiveSeverity: 'off' });
    const broken = project({ 'mcp-migrate.config.json': '[]' });
    expect((await run(['rules'], { cwd: broken })).code).toBe(2);
  });
});

describe('every command accepts the global options', () => {
  it.each(['scan', 'rules', 'init'])('%s --no-color --color -q', async (command) => {
    const dir = project({ 'src/server.ts': SESSIONFUL });
    for (const option of ['--no-color', '--color', '-q', '--quiet']) {
      const result = await run([command, option], { cwd: dir });
      expect(result.stderr).not.toContain('unknown option');
      expect(result.code).not.toBe(2);
      fs.rmSync(path.join(dir, 'mcp-migrate.config.json'), { force: true });
    }
  });

  it('rules colours severities only when asked', async () => {
    expect((await run(['rules', '--color'])).stdout).toMatch(/\x1b\[/);
    expect((await run(['rules', '--no-color'], { isTTY: true })).stdout).not.toMatch(/\x1b\[/);
  });
});

describe('test files', () => {
  const tree = { 'src/server.ts': 'export const ok = 1;\n', 'src/server.test.ts': SESSIONFUL, 'e2e/flow.ts': SESSIONFUL };

  it('findings in test files are listed apart, outside the gate; --include-tests gates them', async () => {
    const dir = project({ 'src/server.ts': 'export const ok = 1;\n', 'src/server.test.ts': SESSIONFUL });
    const json = await run(['scan', dir, '-f', 'json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.findings).toEqual([]);
    expect(report.summary.testFindings).toBe(1);
    expect(report.testFindings).toEqual([expect.objectContaining({ file: 'src/server.test.ts', ruleId: GENERATOR, testFile: true })]);
    expect((await run(['scan', dir])).stdout).toContain('In test files: 1 finding, outside the gate');
    const gated = await run(['scan', dir, '--include-tests', '-f', 'json']);
    expect(gated.code).toBe(1);
    expect(JSON.parse(gated.stdout).findings).toEqual([expect.objectContaining({ file: 'src/server.test.ts', testFile: true })]);
  });

  it('test-file globs and includeTests come from the configuration; --test-files wins', async () => {
    const dir = project({ ...tree, 'mcp-migrate.config.json': JSON.stringify({ testFiles: ['e2e/**'] }) });
    const gatedFiles = async (...args: string[]) => JSON.parse((await run(['scan', dir, '-f', 'json', ...args])).stdout).findings.map((f: { file: string }) => f.file);
    expect(await gatedFiles()).toEqual(['src/server.test.ts']);
    expect(await gatedFiles('--test-files', '**/*.test.ts')).toEqual(['e2e/flow.ts']);
    fs.writeFileSync(path.join(dir, 'mcp-migrate.config.json'), JSON.stringify({ includeTests: true }));
    expect(await gatedFiles()).toEqual(['e2e/flow.ts', 'src/server.test.ts']);
  });
});

describe('text output width', () => {
  it('wraps long messages to the terminal width, and not when writing to a pipe', async () => {
    // eslint-disable-next-line no-control-regex
    const widest = (text: string) => Math.max(...text.split('\n').map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').length));
    const wrapped = await run(['scan', 'v1-streamable-express', '--fail-on', 'none'], { columns: 100 });
    expect(widest(wrapped.stdout.slice(0, wrapped.stdout.indexOf('Summary')))).toBeLessThanOrEqual(100);
    const piped = await run(['scan', 'v1-streamable-express', '--fail-on', 'none']);
    expect(widest(piped.stdout)).toBeGreaterThan(100);
  });
});

describe('global options before the command', () => {
  it('mcp-migrate --no-color -q rules: accepted, nothing printed', async () => {
    const result = await run(['--no-color', '-q', 'rules']);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await run(['--color', 'rules'])).stdout).toMatch(/\x1b\[/);
    // The command's own flag wins over the one before it.
    expect((await run(['--color', 'rules', '--no-color'])).stdout).not.toMatch(/\x1b\[/);
  });
});

describe('baselines and what is outside the gate', () => {
  it('a baseline keeps the counts of suppressed findings and findings in test files', async () => {
    const dir = project({
      'src/server.ts': SESSIONFUL,
      'src/other.ts': `${SESSIONFUL.split('\n')[0]}\n// mcp-migrate-disable-next-line ${GENERATOR} -- reviewed\nexport const t2 = new StreamableHTTPServerTransport({ sessionIdGenerator: () => 'x' });\n`,
      'src/server.test.ts': SESSIONFUL,
    });
    const result = await run(['scan', dir, '-f', 'json', '--write-baseline', path.join(dir, 'b.json')]);
    expect(JSON.parse(result.stdout).summary).toMatchObject({ findings: 0, baselined: 1, suppressed: 1, testFindings: 1 });
  });
});
