/**
 * Several outputs from one run (`--output <format>:<file>`, repeatable), the GitHub job summary and
 * `--markdown-max`, through the command line in-process (`main(argv, io)`) on the fixtures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli as run } from './support/run-cli.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-outputs-'));
  made.push(dir);
  return dir;
};
const annotations = (stdout: string) => stdout.split('\n').filter((l) => /^::(error|warning|notice) /.test(l));

describe('scan: several outputs from one run', () => {
  it('writes SARIF, JSON, Markdown and GitLab files in one scan, and the terminal report is unchanged', async () => {
    const dir = tempDir();
    const files = { sarif: path.join(dir, 'r.sarif'), json: path.join(dir, 'r.json'), markdown: path.join(dir, 'r.md'), gitlab: path.join(dir, 'gl-code-quality.json') };
    const alone = await run(['scan', 'v1-streamable-express', '-f', 'github']);
    const result = await run(['scan', 'v1-streamable-express', '-f', 'github', ...Object.entries(files).flatMap(([format, file]) => ['--output', `${format}:${file}`])]);
    expect(result.code).toBe(1);
    const json = JSON.parse(fs.readFileSync(files.json, 'utf8'));
    expect(json.findings.length).toBe(15);
    expect(JSON.parse(fs.readFileSync(files.sarif, 'utf8')).runs[0].results).toHaveLength(15);
    expect(JSON.parse(fs.readFileSync(files.gitlab, 'utf8'))).toHaveLength(15);
    expect(fs.readFileSync(files.markdown, 'utf8')).toMatch(/^# MCP 2026-07-28 readiness report/);
    // The annotations on the terminal, as without --output (the overflow notice names the files).
    const withoutOverflow = (s: string) => annotations(s).filter((l) => !l.includes('more not annotated'));
    expect(withoutOverflow(result.stdout)).toEqual(withoutOverflow(alone.stdout));
    expect(annotations(result.stdout).at(-1)).toContain(`The full list: this step's log above, ${files.sarif}, ${files.json}, ${files.markdown}, ${files.gitlab}.`);
  });

  it('the text report on the terminal is the same with or without prefixed outputs', async () => {
    const dir = tempDir();
    const alone = await run(['scan', 'v1-streamable-express']);
    const result = await run(['scan', 'v1-streamable-express', '--output', `json:${path.join(dir, 'r.json')}`, '--output', `gitlab:${path.join(dir, 'gl.json')}`]);
    expect(result.stdout).toBe(alone.stdout);
  });

  it('a bare --output still takes --format and keeps the text report on the terminal', async () => {
    const file = path.join(tempDir(), 'r.json');
    const result = await run(['scan', 'v1-streamable-express', '-f', 'json', '-o', file]);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).findings).toHaveLength(15);
    expect(result.stdout).toContain('Summary');
  });

  it('<format>:- puts that format on standard output, even with --quiet', async () => {
    const file = path.join(tempDir(), 'r.sarif');
    const result = await run(['scan', 'v1-streamable-express', '-q', '--output', 'json:-', '--output', `sarif:${file}`]);
    expect(JSON.parse(result.stdout).findings).toHaveLength(15);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('refuses two outputs to standard output and a format with no file (exit 2)', async () => {
    const twice = await run(['scan', 'v1-streamable-express', '--output', 'json:-', '--output', 'sarif:-']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe('mcp-migrate: only one --output can go to standard output\n');
    const empty = await run(['scan', 'v1-streamable-express', '--output', 'sarif:']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('no file after "sarif:"');
    // A mistyped format is no file name (review 40 R40-17: `sarf:out.sarif` was written as a file of that name).
    const mistyped = await run(['scan', 'v1-streamable-express', '--output', 'sarf:out.sarif']);
    expect(mistyped.code).toBe(2);
    expect(mistyped.stderr).toContain('unknown format "sarf"');
  });

  it('a name whose part before ":" is no format is a file name', async () => {
    const dir = tempDir();
    const odd = path.join(dir, 'report:v1.json');
    await run(['scan', 'v1-streamable-express', '-f', 'json', '--output', odd]);
    expect(JSON.parse(fs.readFileSync(odd, 'utf8')).findings).toHaveLength(15);
  });
});

describe('scan: the GitHub job summary', () => {
  it('-f github appends the Markdown report to $GITHUB_STEP_SUMMARY and keeps what the step wrote before', async () => {
    const summary = path.join(tempDir(), 'step_summary');
    fs.writeFileSync(summary, 'earlier line\n');
    const result = await run(['scan', 'v1-streamable-express', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(result.code).toBe(1);
    const text = fs.readFileSync(summary, 'utf8');
    expect(text.startsWith('earlier line\n# MCP 2026-07-28 readiness report')).toBe(true);
    expect(text).toContain('| **Total** | **14** | **1** | **0** | **15** |');
  });

  it('writes no summary when nothing is in the github format, or outside GitHub Actions', async () => {
    const summary = path.join(tempDir(), 'step_summary');
    await run(['scan', 'v1-streamable-express'], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(fs.existsSync(summary)).toBe(false);
    const result = await run(['scan', 'v1-streamable-express', '-f', 'github'], { env: {} });
    expect(result.stderr).toBe('');
  });

  it('keeps the summary within what is left of 1 MiB', async () => {
    const summary = path.join(tempDir(), 'step_summary');
    fs.writeFileSync(summary, 'x'.repeat(1024 * 1024 - 6000));
    await run(['scan', 'v1-streamable-express', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(fs.statSync(summary).size).toBeLessThanOrEqual(1024 * 1024);
    expect(fs.readFileSync(summary, 'utf8')).toContain('> **Cut to fit 6,000 bytes:**');
  });
});

describe('scan --markdown-max', () => {
  it('cuts the Markdown report to the size, naming the complete report written beside it', async () => {
    const file = path.join(tempDir(), 'r.sarif');
    const full = await run(['scan', 'v1-streamable-express', '-f', 'markdown']);
    expect(Buffer.byteLength(full.stdout)).toBeGreaterThan(5000);
    const cut = await run(['scan', 'v1-streamable-express', '-f', 'markdown', '--markdown-max', '5000', '--output', `sarif:${file}`]);
    expect(Buffer.byteLength(cut.stdout)).toBeLessThanOrEqual(5000);
    expect(cut.stdout).toContain(`the full report is in ${file}.`);
  });
});
