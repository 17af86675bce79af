/**
 * The command line end to end, in-process through `main(argv, io)`: exit codes (the
 * docs/design.md contract), --output, --quiet, colour, baselines, and bad input that must not
 * stop the scan.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from './support/temp-tree.js';
import { FIXTURES, runCli } from './support/run-cli.js';

const run = runCli;

const tempProject = (files: Record<string, string | Buffer>): string => tempTree(files, 'mcp-migrate-cli-');

const SESSIONFUL = `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomUUID } from 'node:crypto';
export const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
`;
const LOGGING_ONLY = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1.0.0' });
await server.sendLoggingMessage({ level: 'info', data: 'started' });
`;

describe('exit codes', () => {
  it('is 1 when a finding is at or above --fail-on (default error)', async () => {
    const result = await run(['scan', 'v1-streamable-express']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('session-transport/transport-registry');
  });

  it('is 0 for a clean project', async () => {
    expect((await run(['scan', 'negative-stateless'])).code).toBe(0);
  });

  it('is 0 with --fail-on none even with errors', async () => {
    expect((await run(['scan', 'v1-streamable-express', '--fail-on', 'none'])).code).toBe(0);
  });

  it('counts warnings only with --fail-on warning', async () => {
    const dir = tempProject({ 'server.ts': LOGGING_ONLY });
    expect((await run(['scan', dir])).code).toBe(0);
    expect((await run(['scan', dir, '--fail-on', 'warning'])).code).toBe(1);
    expect((await run(['scan', dir, '--fail-on', 'info'])).code).toBe(1);
  });

  it('is 2 for a path that does not exist', async () => {
    const result = await run(['scan', 'no-such-dir']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no-such-dir');
  });

  it('is 2 for an unknown option or format', async () => {
    expect((await run(['scan', '--bogus'])).code).toBe(2);
    expect((await run(['scan', '--format', 'xml'])).code).toBe(2);
    expect((await run(['scan', '--fail-on', 'fatal'])).code).toBe(2);
  });

  it('--quiet prints nothing and keeps the exit code', async () => {
    const result = await run(['scan', 'v1-streamable-express', '--quiet']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
  });
});

describe('help and rules', () => {
  it('documents every scan option with examples', async () => {
    const result = await run(['scan', '--help']);
    expect(result.code).toBe(0);
    for (const option of ['--format', '--output', '--fail-on', '--baseline', '--write-baseline', '--cache', '--cache-location', '--include', '--exclude', '--quiet', '--no-color', 'Examples:', 'Exit codes']) {
      expect(result.stdout).toContain(option);
    }
  });

  it('lists every rule with category, severity and fix', async () => {
    const text = await run(['rules']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/session-state\/keyed-store\s+session-state\s+error\s+assisted/);
    const json = JSON.parse((await run(['rules', '--format', 'json'])).stdout) as Array<{ id: string; fix: string; docs: string }>;
    expect(json.length).toBe(34);
    expect(json.map((r) => r.id)).toContain('session-state/tool-set-global');
    expect(json.find((r) => r.id === 'deprecated-feature/experimental-tasks')).toMatchObject({ fix: 'assisted' });
    expect(json.map((r) => r.id)).toContain('session-state/session-auth');
    for (const rule of json) expect(fs.existsSync(path.resolve(import.meta.dirname, '..', rule.docs))).toBe(true);
  });
});

describe('output', () => {
  it('--output writes the report in --format while the terminal keeps the text summary', async () => {
    const dir = tempProject({ 'src/server.ts': SESSIONFUL });
    const out = path.join(dir, 'report.json');
    const result = await run(['scan', dir, '--format', 'json', '--output', out]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Summary');
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(report.findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['session-transport/session-id-generator']);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('has no colour when not a TTY, or with NO_COLOR, and colour when forced', async () => {
    const dir = tempProject({ 'src/server.ts': SESSIONFUL });
    expect((await run(['scan', dir])).stdout).not.toMatch(/\x1b\[/);
    expect((await run(['scan', dir], { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toMatch(/\x1b\[/);
    expect((await run(['scan', dir], { isTTY: true })).stdout).toMatch(/\x1b\[/);
    expect((await run(['scan', dir, '--no-color'], { isTTY: true })).stdout).not.toMatch(/\x1b\[/);
    expect((await run(['scan', dir], { env: { FORCE_COLOR: '0' } })).stdout).not.toMatch(/\x1b\[/);
    expect((await run(['scan', dir], { env: { FORCE_COLOR: '1' } })).stdout).toMatch(/\x1b\[/);
    // An explicit flag wins over the environment.
    expect((await run(['scan', dir, '--color'], { env: { NO_COLOR: '1' } })).stdout).toMatch(/\x1b\[/);
  });

  it('json output follows the contract shape', async () => {
    const result = await run(['scan', 'v1-sse', '--format', 'json']);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ schemaVersion: 1, tool: { name: 'mcp-migrate' }, command: 'scan', root: 'v1-sse' });
    expect(report.summary.findings).toBe(report.findings.length);
    expect(report.findings[0]).toHaveProperty('fingerprint');
  });
});

describe('baselines', () => {
  it('accepts baselined findings, survives line shifts, and fails on new ones', async () => {
    const dir = tempProject({ 'src/server.ts': SESSIONFUL });
    const baseline = path.join(dir, 'baseline.json');
    // Writing a baseline accepts today's findings: the run is judged against it.
    expect((await run(['scan', dir, '--write-baseline', baseline])).code).toBe(0);
    expect((await run(['scan', dir, '--baseline', baseline])).code).toBe(0);

    // Unrelated edits above the finding move it down three lines: still baselined.
    fs.writeFileSync(path.join(dir, 'src/server.ts'), `// header\n// more\n\n${SESSIONFUL}`);
    const shifted = await run(['scan', dir, '--baseline', baseline, '--format', 'json']);
    expect(shifted.code).toBe(0);
    expect(JSON.parse(shifted.stdout).summary.baselined).toBe(1);

    // A second sessionful transport is new.
    fs.appendFileSync(path.join(dir, 'src/server.ts'), `export const other = new StreamableHTTPServerTransport({ sessionIdGenerator: () => 'fixed' });\n`);
    const grown = await run(['scan', dir, '--baseline', baseline, '--format', 'json']);
    expect(grown.code).toBe(1);
    expect(JSON.parse(grown.stdout).findings).toHaveLength(1);
  });

  it('rejects a file that is not a baseline with exit 2', async () => {
    const dir = tempProject({ 'src/server.ts': SESSIONFUL, 'not-a-baseline.json': '{"hello": 1}' });
    const result = await run(['scan', dir, '--baseline', path.join(dir, 'not-a-baseline.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('not an mcp-migrate baseline');
  });
});

describe('bad input never stops the scan', () => {
  it('reports a parse error and still scans the other files', async () => {
    const dir = tempProject({
      'src/broken.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst x = {{;\n`,
      'src/server.ts': SESSIONFUL,
    });
    const result = await run(['scan', dir, '--format', 'json']);
    const report = JSON.parse(result.stdout);
    expect(result.code).toBe(1);
    expect(report.findings.map((f: { file: string }) => f.file)).toEqual(['src/server.ts']);
    expect(report.diagnostics).toEqual([expect.objectContaining({ file: 'src/broken.ts', kind: 'parse-error', line: 2 })]);
  });

  it('skips binary and oversized files with a note', async () => {
    const dir = tempProject({
      'src/blob.js': Buffer.from([0x00, 0x01, 0x02, 0x40, 0x6d, 0x6f, 0x64, 0x00]),
      'src/huge.ts': `// ${'x'.repeat(3 * 1024)}\n`,
      'src/server.ts': SESSIONFUL,
    });
    const result = await run(['scan', dir, '--format', 'json', '--max-file-size', '2']);
    const report = JSON.parse(result.stdout);
    expect(report.diagnostics.map((d: { file: string; kind: string }) => `${d.file} ${d.kind}`).sort()).toEqual(['src/blob.js binary', 'src/huge.ts too-large']);
    expect(report.findings).toHaveLength(1);
  });

  it('does not hang on a symlink loop', async () => {
    const dir = tempProject({ 'src/server.ts': SESSIONFUL });
    fs.symlinkSync(dir, path.join(dir, 'src', 'loop'));
    const result = await run(['scan', dir, '--format', 'json']);
    expect(JSON.parse(result.stdout).findings).toHaveLength(1);
  });
});

describe('analysis failures', () => {
  it('exit 2 and an "incomplete" verdict when the analysis failed on part of the code, whatever --fail-on says', async () => {
    const { exitCodeFor } = await import('../src/commands/scan.js');
    const { verdict } = await import('../src/reporters/index.js');
    const { SAMPLE_REPORT } = await import('./support/sample-report.js');
    const report = { ...SAMPLE_REPORT, findings: [], diagnostics: [{ file: 'src/x.ts', kind: 'analysis-error' as const, message: 'boom' }] };
    expect(exitCodeFor(report, 'none')).toBe(2);
    expect(verdict(report, 'error').status).toBe('incomplete');
  });
});

describe('writing files', () => {
  it('--write-baseline together with --baseline writes every current finding, not only the new ones', async () => {
    const dir = tempProject({ 'src/server.ts': SESSIONFUL });
    const first = path.join(dir, 'b1.json');
    const second = path.join(dir, 'b2.json');
    await run(['scan', dir, '--write-baseline', first]);
    const result = await run(['scan', dir, '--baseline', first, '--write-baseline', second]);
    expect(result.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(second, 'utf8')).findings).toHaveLength(1);
  });

  it('an --output path that cannot be written is a usage error with a plain message', async () => {
    const dir = tempProject({ 'src/server.ts': SESSIONFUL });
    const result = await run(['scan', dir, '--output', path.join(dir, 'no-such-dir', 'report.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-migrate: cannot write .*no-such-dir/);
    expect(result.stderr).not.toContain('internal error');
  });
});

describe('the executable', () => {
  it('exits with the scan\'s own code when the reader closes the pipe early (`| head`)', async () => {
    const { spawn } = await import('node:child_process');
    const bin = path.resolve(import.meta.dirname, '../bin/mcp-migrate.js');
    const child = spawn(process.execPath, [bin, 'scan', FIXTURES, '--fail-on', 'none'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
  });
});
