#!/usr/bin/env node
/**
 * The one step of action.yml: runs the mcp-migrate CLI of this action once, with the outputs CI
 * needs, and reports the verdict as step outputs. Plain Node (no dependencies of its own), so the
 * step works before anything is installed.
 *
 * scan mode: `scan --format github --output sarif:<sarif-file> --output json:<tmp>` — annotations in
 * the log (the CLI keeps them within GitHub's limits and appends the job summary), SARIF for
 * code scanning, JSON to count the findings.
 * apply-check mode: `apply --check --output json:<tmp> --output markdown:<tmp>` — the Markdown
 * section of the run goes to the job summary.
 *
 * The step's exit code is the CLI's (0 pass, 1 findings at or above fail-on, 2 error), so
 * `fail-on` decides whether the job fails.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ACTION_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ACTION_ROOT, 'bin', 'mcp-migrate.js');
const VERDICT = { 0: 'pass', 1: 'fail' };

/** An input as GitHub passes it to a composite step's env (INPUT_FAIL_ON for `fail-on`). */
const input = (name) => (process.env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] ?? '').trim();

function fail(message) {
  console.log(`::error title=mcp-migrate action::${message}`);
  setOutputs({ verdict: 'error', findings: '', 'sarif-file': '', changes: '' });
  process.exit(2);
}

/** Step outputs, in the multi-line-safe `name<<delimiter` form of $GITHUB_OUTPUT. */
function setOutputs(outputs) {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter = `mcp_migrate_${process.pid}_${Date.now()}`;
  fs.appendFileSync(file, Object.entries(outputs).map(([k, v]) => `${k}<<${delimiter}\n${v}\n${delimiter}\n`).join(''));
}

/**
 * The action's checkout has the sources; the CLI runs from dist/. A checkout without a build (a
 * tag of the repository rather than the npm package) is built once, inside the action's directory.
 */
function ensureBuilt() {
  if (fs.existsSync(path.join(ACTION_ROOT, 'dist', 'cli.js'))) return;
  console.log('::group::mcp-migrate: installing and building the action');
  for (const args of [['ci', '--no-audit', '--no-fund'], ['run', 'build']]) {
    const run = spawnSync('npm', args, { cwd: ACTION_ROOT, stdio: 'inherit' });
    if (run.status !== 0) fail(`npm ${args.join(' ')} failed in ${ACTION_ROOT}`);
  }
  console.log('::endgroup::');
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const mode = input('mode') || 'scan';
if (!['scan', 'apply-check'].includes(mode)) fail(`mode must be scan or apply-check, not "${mode}"`);
const paths = input('paths').split(/\s+/).filter(Boolean);
// Empty: the CLI decides, as on the command line (the config's failOn, else error).
const failOn = input('fail-on');
const common = failOn ? ['--fail-on', failOn] : [];
if (input('baseline')) common.push('--baseline', input('baseline'));
if (input('config')) common.push('--config', input('config'));

const scratch = fs.mkdtempSync(path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'mcp-migrate-'));
const jsonReport = path.join(scratch, 'report.json');
const sarifFile = input('sarif-file') || 'mcp-migrate.sarif';
const markdownSection = path.join(scratch, 'apply.md');

const args =
  mode === 'scan'
    ? ['scan', ...paths, '--format', 'github', '--output', `sarif:${sarifFile}`, '--output', `json:${jsonReport}`, ...common]
    : ['apply', '--check', ...paths, '--output', `json:${jsonReport}`, '--output', `markdown:${markdownSection}`, ...common];

ensureBuilt();
if (mode === 'scan') fs.mkdirSync(path.dirname(path.resolve(sarifFile)), { recursive: true });
console.log(`mcp-migrate ${args.join(' ')}`);
const run = spawnSync(process.execPath, [CLI, ...args], { stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } });
const code = run.status ?? 2;
const report = readJson(jsonReport);

if (mode === 'apply-check' && process.env.GITHUB_STEP_SUMMARY && fs.existsSync(markdownSection)) {
  fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, fs.readFileSync(markdownSection, 'utf8'));
}
setOutputs({
  verdict: VERDICT[code] ?? 'error',
  findings: report ? String(report.summary?.findings ?? report.findings?.length ?? '') : '',
  'sarif-file': mode === 'scan' && fs.existsSync(path.resolve(sarifFile)) ? sarifFile : '',
  changes: mode === 'apply-check' && report ? String(report.changes?.length ?? '') : '',
});
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(code);
