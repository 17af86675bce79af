/**
 * Runs a composite action's steps the way the GitHub runner does, close enough to prove the
 * action: `${{ … }}` expressions substituted (inputs with their defaults, github.action_path,
 * github.workspace, earlier steps' outputs), each `run:` given to `bash --noprofile --norc -eo
 * pipefail` with the step's env and the runner's files ($GITHUB_OUTPUT per step,
 * $GITHUB_STEP_SUMMARY, $GITHUB_WORKSPACE, $RUNNER_TEMP), then the action's outputs resolved.
 * An expression it does not know fails the run, so the action cannot depend on something this
 * runner silently gets wrong.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

interface ActionInput {
  description: string;
  required?: boolean;
  default?: string;
}
interface CompositeStep {
  id?: string;
  name?: string;
  shell?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}
export interface ActionDefinition {
  name: string;
  description: string;
  inputs: Record<string, ActionInput>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: CompositeStep[] };
}

export function readAction(file: string): ActionDefinition {
  return parse(fs.readFileSync(file, 'utf8')) as ActionDefinition;
}

export interface ActionRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** The job summary the steps wrote. */
  summary: string;
}

/** `name<<DELIM\nvalue\nDELIM` and `name=value` lines of a $GITHUB_OUTPUT file. */
function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const end = lines.indexOf(delimiter!, i + 1);
      if (end < 0) throw new Error(`unterminated output ${name}`);
      outputs[name!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return outputs;
}

export function runCompositeAction(
  actionDir: string,
  options: { workspace: string; with?: Record<string, string>; env?: Record<string, string> },
): ActionRun {
  const action = readAction(path.join(actionDir, 'action.yml'));
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  for (const name of Object.keys(options.with ?? {})) if (!(name in action.inputs)) throw new Error(`unknown input ${name}`);
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, spec]) => [name, options.with?.[name] ?? spec.default ?? '']));
  const runnerTemp = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-temp-'));
  const summaryFile = path.join(runnerTemp, 'step_summary');
  fs.writeFileSync(summaryFile, '');
  const stepOutputs: Record<string, Record<string, string>> = {};

  const expression = (text: string): string =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
      let match: RegExpExecArray | null;
      if ((match = /^inputs\.([\w-]+)$/.exec(expr))) {
        if (!(match[1]! in inputs)) throw new Error(`unknown input in expression: ${expr}`);
        return inputs[match[1]!]!;
      }
      if (expr === 'github.action_path') return actionDir;
      if (expr === 'github.workspace') return options.workspace;
      if ((match = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr))) return stepOutputs[match[1]!]?.[match[2]!] ?? '';
      throw new Error(`expression this runner does not know: ${expr}`);
    });

  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  for (const step of action.runs.steps) {
    if (step.uses) throw new Error(`step uses ${step.uses}: not run by this runner`);
    if (step.run === undefined) throw new Error('a composite step needs run or uses');
    if (step.shell !== 'bash') throw new Error(`composite run steps need a shell; expected bash, got ${step.shell}`);
    const outputFile = path.join(runnerTemp, `output_${step.id ?? 'step'}`);
    fs.writeFileSync(outputFile, '');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_ACTION_PATH: actionDir,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: runnerTemp,
      ...options.env,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expression(String(v))])),
    };
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expression(step.run)], {
      cwd: step['working-directory'] ? expression(step['working-directory']) : options.workspace,
      env,
      encoding: 'utf8',
      timeout: 300_000,
      maxBuffer: 32 * 1024 * 1024,
    });
    stdout += result.stdout ?? '';
    stderr += result.stderr ?? '';
    if (step.id) stepOutputs[step.id] = parseOutputFile(fs.readFileSync(outputFile, 'utf8'));
    exitCode = result.status ?? 1;
    if (exitCode !== 0) break; // a failed step ends the job (no continue-on-error here)
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([name, spec]) => [name, expression(spec.value)]));
  const summary = fs.readFileSync(summaryFile, 'utf8');
  fs.rmSync(runnerTemp, { recursive: true, force: true });
  return { exitCode, stdout, stderr, outputs, summary };
}
