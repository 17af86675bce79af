/**
 * The CI examples the README points to (docs/ci/) are checked, not just shown: the GitHub workflow
 * uses the action's real inputs and outputs; the GitLab job's script is run (the local CLI in place
 * of `npx mcp-migrate`) and writes the Code Quality report its artifacts name.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readAction } from './workflow-runner.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const CLI = path.join(REPO_ROOT, 'bin', 'mcp-migrate.js');
const action = readAction(path.join(REPO_ROOT, 'action.yml'));

interface WorkflowStep {
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | number>;
}
interface Workflow {
  jobs: Record<string, { steps: WorkflowStep[] }>;
}

describe('docs/ci/github-workflow.yml', () => {
  const workflow = parse(fs.readFileSync(path.join(REPO_ROOT, 'docs/ci/github-workflow.yml'), 'utf8')) as Workflow;
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const ours = steps.filter((s) => s.uses?.split('@')[0]?.endsWith('/mcp-migrate'));

  it('uses the action in scan and apply-check mode, with inputs the action has and valid values', () => {
    expect(ours.map((s) => s.with?.mode ?? action.inputs.mode!.default)).toEqual(['scan', 'apply-check']);
    for (const step of ours) {
      for (const [name, value] of Object.entries(step.with ?? {})) {
        expect(Object.keys(action.inputs)).toContain(name);
        if (name === 'fail-on') expect(['error', 'warning', 'info', 'none']).toContain(value);
      }
    }
  });

  it('uploads the SARIF the action reports, through an output the action has', () => {
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
    const scan = ours.find((s) => s.id)!;
    expect(upload.with?.sarif_file).toBe(`\${{ steps.${scan.id}.outputs.sarif-file }}`);
    const referenced = [...JSON.stringify(steps).matchAll(new RegExp(`steps\\.${scan.id}\\.outputs\\.([\\w-]+)`, 'g'))].map((m) => m[1]);
    for (const name of referenced) expect(Object.keys(action.outputs)).toContain(name);
    expect(upload.if).toContain('always()');
  });
});

describe('README: CI section', () => {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## CI\n'), readme.indexOf('## Evaluation on public servers'));
  const yamlBlocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);

  it('quotes the checked example files, line for line', () => {
    expect(yamlBlocks).toHaveLength(2);
    const [github, gitlab] = ['github-workflow.yml', 'gitlab-ci.yml'].map((f) => fs.readFileSync(path.join(REPO_ROOT, 'docs/ci', f), 'utf8'));
    for (const line of yamlBlocks[0]!.split('\n').filter(Boolean)) expect(github).toContain(line);
    for (const line of yamlBlocks[1]!.split('\n').filter(Boolean)) expect(gitlab).toContain(line);
  });

  it('lists every input and output of the action', () => {
    for (const name of [...Object.keys(action.inputs), ...Object.keys(action.outputs)]) expect(section).toContain(`| \`${name}\` |`);
  });
});

describe('docs/ci/gitlab-ci.yml', () => {
  const pipeline = parse(fs.readFileSync(path.join(REPO_ROOT, 'docs/ci/gitlab-ci.yml'), 'utf8')) as Record<string, { script: string[]; artifacts: { reports: { codequality: string }; paths: string[] } }>;
  const job = pipeline['mcp-migrate']!;

  it('its script writes the Code Quality report and the artifacts it names, failing on errors', () => {
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'gitlab-job-'));
    made.push(ws);
    fs.cpSync(path.join(REPO_ROOT, 'fixtures', 'v2-sessionful'), ws, { recursive: true });
    const script = job.script.map((line) => line.replace(/^npx --yes mcp-migrate /, `node ${JSON.stringify(CLI)} `)).join('\n');
    expect(script).toContain(CLI);
    const run = spawnSync('bash', ['-eo', 'pipefail', '-c', script], { cwd: ws, encoding: 'utf8', env: { ...process.env, CI: 'true', GITLAB_CI: 'true' } });
    expect(run.status, run.stderr).toBe(1);
    const issues = JSON.parse(fs.readFileSync(path.join(ws, job.artifacts.reports.codequality), 'utf8')) as Array<Record<string, unknown>>;
    expect(issues).toHaveLength(22);
    expect(Object.keys(issues[0]!).sort()).toEqual(['check_name', 'description', 'fingerprint', 'location', 'severity']);
    for (const artifact of job.artifacts.paths) expect(fs.existsSync(path.join(ws, artifact))).toBe(true);
  });
});
