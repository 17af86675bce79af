/**
 * The GitHub Action (action.yml at the repository root) through a workflow-like run of its steps
 * (./workflow-runner.ts): the built CLI of this checkout, real bash, real files for
 * $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY, a fixture server as the workspace.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git } from '../support/committed-repo.js';
import { readAction, runCompositeAction } from './workflow-runner.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const FIXTURES = path.join(REPO_ROOT, 'fixtures');

/** A workspace with a copy of a fixture server (20 errors and 2 warnings: more than GitHub annotates). */
function workspace(fixture = 'v2-sessionful'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'action-workspace-'));
  made.push(dir);
  fs.cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

const annotationsOf = (stdout: string, kind: string) => stdout.split('\n').filter((l) => l.startsWith(`::${kind} `));

describe('action.yml', () => {
  const action = readAction(path.join(REPO_ROOT, 'action.yml'));

  it('is a composite action with the documented inputs and outputs', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['baseline', 'config', 'fail-on', 'mode', 'paths', 'sarif-file']);
    expect(Object.keys(action.outputs).sort()).toEqual(['changes', 'findings', 'sarif-file', 'verdict']);
    for (const input of Object.values(action.inputs)) expect(input.description.length).toBeGreaterThan(10);
  });

  it('scan mode: one scan writes SARIF, at most 10 error and 10 warning annotations, the job summary and the outputs; exit 1 on errors', () => {
    const ws = workspace();
    const run = runCompositeAction(REPO_ROOT, { workspace: ws });
    expect(run.exitCode, run.stderr).toBe(1);
    const sarif = JSON.parse(fs.readFileSync(path.join(ws, 'mcp-migrate.sarif'), 'utf8'));
    expect(sarif.runs[0].results).toHaveLength(22);
    expect(annotationsOf(run.stdout, 'error')).toHaveLength(10);
    expect(annotationsOf(run.stdout, 'warning')).toHaveLength(2);
    expect(annotationsOf(run.stdout, 'notice').at(-1)).toContain('10 errors more are not annotated. The full list: this step\'s log above, mcp-migrate.sarif,');
    expect(run.summary).toMatch(/^# MCP 2026-07-28 readiness report/);
    expect(run.summary).toContain('| **Total** | **20** | **2** | **0** | **22** |');
    expect(run.outputs).toEqual({ verdict: 'fail', findings: '22', 'sarif-file': 'mcp-migrate.sarif', changes: '' });
  });

  it('scan mode: fail-on none passes the step with the same findings; sarif-file picks the path', () => {
    const ws = workspace();
    const run = runCompositeAction(REPO_ROOT, { workspace: ws, with: { 'fail-on': 'none', 'sarif-file': 'out/scan.sarif', paths: 'src' } });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(fs.existsSync(path.join(ws, 'out/scan.sarif'))).toBe(true);
    expect(run.outputs).toMatchObject({ verdict: 'pass', findings: '22', 'sarif-file': 'out/scan.sarif' });
  });

  it('scan mode: with a baseline only new findings count', () => {
    const ws = workspace();
    const write = runCompositeAction(REPO_ROOT, { workspace: ws, with: { 'fail-on': 'none' } });
    expect(write.exitCode).toBe(0);
    // Accept today's findings as a baseline, the way the README says.
    const written = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin/mcp-migrate.js'), 'scan', '--write-baseline', 'baseline.json'], { cwd: ws, encoding: 'utf8' });
    expect(written.status, written.stderr).toBe(0);
    const run = runCompositeAction(REPO_ROOT, { workspace: ws, with: { baseline: 'baseline.json' } });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', findings: '0' });
  });

  it('scan mode: the config input names a config outside the default place (its failOn: none passes the step)', () => {
    const ws = workspace();
    fs.mkdirSync(path.join(ws, 'ci'));
    fs.writeFileSync(path.join(ws, 'ci', 'migrate.json'), JSON.stringify({ failOn: 'none' }));
    const without = runCompositeAction(REPO_ROOT, { workspace: ws });
    expect(without.exitCode, without.stderr).toBe(1);
    const run = runCompositeAction(REPO_ROOT, { workspace: ws, with: { config: 'ci/migrate.json' } });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', findings: '22' });
  });

  it('apply-check mode: exit 1 while the migration would change files, with the count and the run in the job summary', () => {
    const ws = workspace('v1-streamable-express');
    for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-qm', 'server']]) git(ws, ...args);
    const run = runCompositeAction(REPO_ROOT, { workspace: ws, with: { mode: 'apply-check' } });
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.outputs.verdict).toBe('fail');
    expect(Number(run.outputs.changes)).toBeGreaterThan(0);
    expect(run.outputs['sarif-file']).toBe('');
    expect(run.summary).toMatch(/^# MCP migration report/);
  });

  it('an unknown mode is an error the log explains (exit 2, verdict error)', () => {
    const run = runCompositeAction(REPO_ROOT, { workspace: workspace(), with: { mode: 'fix' } });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toContain('::error title=mcp-migrate action::mode must be scan or apply-check, not "fix"');
    expect(run.outputs.verdict).toBe('error');
  });
});
