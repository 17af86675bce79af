/**
 * `mcp-migrate verify` through `main()`: usage errors and a server that cannot run exit 2 (the contract),
 * and the three report formats are renderings of one result.
 */
import { describe, expect, it } from 'vitest';
import { renderJson, renderMarkdown, renderText } from '../../src/verify/report.js';
import { exitCodeOf, summarize, type VerifyResult } from '../../src/verify/result.js';
import { runCli } from '../support/run-cli.js';

describe('verify: could not run → exit 2', () => {
  it('without a server, or with both --url and a command', async () => {
    const none = await runCli(['verify']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give exactly one server');
    expect((await runCli(['verify', '--url', 'http://127.0.0.1:9/mcp', '--', 'node', 'x.js'])).code).toBe(2);
  });

  it('with an unreadable --expect-ttl', async () => {
    const run = await runCli(['verify', '--url', 'http://127.0.0.1:9/mcp', '--expect-ttl', 'soon']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--expect-ttl soon');
  });

  it('when the started server exits before it listens, with its output in the report', async () => {
    const run = await runCli(['verify', '-q', '-f', 'json', '-o', '-', '--ready-timeout', '20000', '--', process.execPath, '-e', 'console.error("boom: no database"); process.exit(3)']);
    expect(run.code).toBe(2);
    const report = JSON.parse(run.stdout) as VerifyResult;
    expect(report.error).toMatch(/exited with code 3 before it listened/);
    expect(report.error).toContain('boom: no database');
  });

  it('with an unknown --listener', async () => {
    const run = await runCli(['verify', '--listener', 'theirs', '--', 'node', 'x.js']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--listener <who>.*theirs.*own, any/);
  });

  it('when nothing answers at --url', async () => {
    const run = await runCli(['verify', '-f', 'json', '--timeout', '5000', '--url', 'http://127.0.0.1:9/mcp']);
    expect(run.code).toBe(2);
    expect((JSON.parse(run.stdout) as VerifyResult).error).toMatch(/could not list the tools/);
  });
});

const failed: Omit<VerifyResult, 'summary'> = {
  schemaVersion: 1,
  tool: { name: 'mcp-migrate', version: '0.0.0' },
  command: 'verify',
  target: { url: 'http://127.0.0.1:1/mcp', instances: 2, redis: true, principals: ['A', 'B'], depth: 30 },
  checks: [{ id: 'no-session', title: 'served without a session', status: 'pass', detail: 'tools/list answered 4 tools' }],
  families: [
    {
      noun: 'note',
      argument: 'note_id',
      mintTool: 'create_note',
      tools: ['read_note'],
      idempotencyKey: undefined,
      statedLifetime: undefined,
      sampleHandle: 'note_3',
      estimatedBits: 4,
      checks: [{ id: 'handle-entropy', title: 'handles cannot be guessed', status: 'fail', fault: 'guessable-handle', detail: 'note_5 | between note_4 and note_6' }],
      tokens: { tokenizer: 'o200k_base', handleTokens: 3, perCall: 8, schemaTokens: 20, inConversation: 90, depth: 30 },
    },
  ],
  notes: [],
};

describe('verify reports', () => {
  const result = { ...failed, summary: summarize(failed) };
  it('summarizes the faults and exits 1 on a failed check', () => {
    expect(result.summary).toMatchObject({ passed: 1, failed: 1, faults: ['guessable-handle'] });
    expect(exitCodeOf(result)).toBe(1);
    const passing = { ...failed, families: [] };
    expect(exitCodeOf({ ...passing, summary: summarize(passing) })).toBe(0);
  });
  it('renders the same result as text, Markdown and JSON', () => {
    expect(renderText(result)).toContain('FAIL  handles cannot be guessed [guessable-handle: guessable or sequential handles]');
    expect(renderText(result)).toContain('one note_id is 3 tokens, 8 per call');
    const markdown = renderMarkdown(result);
    expect(markdown).toContain('| handles cannot be guessed | FAIL | `guessable-handle` | note_5 \\| between note_4 and note_6 |');
    expect(JSON.parse(renderJson(result))).toEqual(result);
  });
});
