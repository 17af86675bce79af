/**
 * Every jscodeshift entry in transforms/*.mjs, run THROUGH jscodeshift (its own CLI, `--no-babel`, as
 * transforms/README.md tells users to) on the single-file fixture pairs of its transform, with the same
 * options `apply` runs the case with (test/support/fixture-options.ts), passed as jscodeshift flags:
 * `--target stateless-v1`, `--modern-only=true`, `--store=redis`.
 *
 * Run alone, an entry plans from the one file it is given, so the multi-file cases (a helper in
 * another file) are left to the apply suites. Cases that share options go to one jscodeshift run, one
 * run per option set; shared-store cases run the session-state-to-handles entry first, as apply does.
 *
 * apply's finishing passes (pruning the imports a rewrite left unused, putting back a file header comment the
 * official codemod's import removal took with it, requoting added lines to the file's quote style) run inside each
 * entry too (src/apply/finishing.ts), so the entry's output must be the expected output, but for apply's last pass,
 * the layout of added statements wider than the file's width, which the check runs as apply does (once, against
 * the original text). The cases in FINISHED are those where a pass has work to do: the transform's
 * own output differs from the expected one there, which keeps them proving that the entry runs the passes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layOutAddedStatements } from '../../src/apply/layout.js';
import { TRANSFORMS } from '../../src/transforms/catalog.js';
import type { TransformOptions } from '../../src/transforms/kit/plan.js';
import { fixtureCaseOptions, SHARED_STORE_PIPELINE } from '../support/fixture-options.js';
import { cleanUpMaterialised, loadFixtureCases, materialise, ROOT, type FixtureCase } from '../support/transform-fixtures.js';

const JSCODESHIFT = path.join(ROOT, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js');
const ENTRIES = fs
  .readdirSync(path.join(ROOT, 'transforms'))
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.slice(0, -'.mjs'.length))
  .sort();

/** Cases whose expected output needs one of apply's finishing passes: `<transform>/<case>`, and the pass. */
const FINISHED: Record<string, string> = {
  'logging-to-request-scope/double-quoted-v1': 'quote style',
  'sampling-elicitation-to-mrtr/result-schema': 'unused imports',
  'sdk-v2/handler-result-types': 'file header',
  'sdk-v2/handler-result-types-js': 'file header',
  // The handler's v1 context type (`{ authInfo?: AuthInfo }`) becomes ServerContext, which leaves AuthInfo unused.
  'sdk-v2/handler-inline-context': 'unused imports',
  // The same with `{ requestInfo?: RequestInfo }`: RequestInfo (which v2 does not export) is left unused.
  'sdk-v2/request-headers': 'unused imports',
};

/**
 * Cases whose expected output needs the whole project in view, which an entry run on one file does not have: the
 * 2026-07-28 entry written for a project whose only MCP endpoint is HTTP+SSE (another file may already serve /mcp).
 * Run alone, the entry leaves it out and says so in the note; the check is that the output differs.
 */
const PROJECT_WIDE = new Set(['stateless-serving/sse-kept', 'stateless-serving/sse-modern-only', 'stateless-serving/sse-only-modern-only', 'stateless-serving/sse-only-route-calls-modern-only', 'stateless-serving/sse-shared-server-modern-only', 'stateless-serving/sse-single-transport-kept', 'stateless-serving/sse-branch-apart', 'stateless-serving/sse-branch-apart-modern-only', 'stateless-serving/sse-module-server-kept-instance', 'stateless-serving/sse-wrapper-class-marker']);

/** `apply`'s options as jscodeshift command-line flags (jscodeshift hands unknown flags to the transform). */
function flagsOf(options: Partial<TransformOptions>): string[] {
  const flags: string[] = [];
  if (options.target) flags.push('--target', options.target);
  if (options.modernOnly) flags.push('--modern-only=true');
  if (options.store) flags.push(`--store=${options.store}`);
  return flags;
}

interface EntryRun {
  /** The one source file of the case, in its own directory. */
  file: string;
  case: FixtureCase;
}

/** Runs the entries in order over the files with the flags; the jscodeshift summary of the last run. */
function jscodeshift(entries: readonly string[], flags: readonly string[], files: readonly string[]): string {
  let summary = '';
  for (const entry of entries) {
    const args = [JSCODESHIFT, '--no-babel', '--run-in-band', '--silent', '-t', path.join(ROOT, 'transforms', `${entry}.mjs`), ...flags, ...files];
    const result = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: ROOT });
    expect(result.status, `${entry}: jscodeshift exited with ${result.status}\n${result.stderr}`).toBe(0);
    summary = result.stdout + result.stderr;
    expect(summary, `${entry}: jscodeshift reported errors\n${summary}`).not.toMatch(/\b[1-9]\d* errors?\b/);
  }
  return summary;
}

describe('jscodeshift entries (transforms/*.mjs) through jscodeshift', () => {
  afterAll(cleanUpMaterialised);

  it('finds an entry per transform fixture folder', () => {
    expect(ENTRIES.length).toBeGreaterThanOrEqual(8);
    for (const entry of ENTRIES) expect(fs.existsSync(path.join(ROOT, 'transforms', '__testfixtures__', entry)), entry).toBe(true);
  });

  for (const entry of ENTRIES) {
    const cases = loadFixtureCases(path.join(ROOT, 'transforms', '__testfixtures__', entry)).filter((c) => c.input.size === 1 && [...c.input.keys()][0]!.startsWith('server.'));
    const groups = new Map<string, FixtureCase[]>();
    for (const c of cases) {
      const key = JSON.stringify(flagsOf(fixtureCaseOptions(entry, c.name)));
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }

    describe(entry, () => {
      it('has single-file cases to run', () => {
        expect(cases.length).toBeGreaterThan(0);
      });

      for (const [key, group] of groups) {
        const flags = JSON.parse(key) as string[];
        it(`${flags.join(' ') || '(default options)'}: gives the expected output of ${group.length} case(s)`, async () => {
          const runs: EntryRun[] = group.map((c) => {
            const [rel] = [...c.input.keys()] as [string];
            return { file: path.join(materialise(`jscodeshift-${c.name}`, c.input), rel), case: c };
          });
          jscodeshift(entry === 'shared-store' ? SHARED_STORE_PIPELINE : [entry], flags, runs.map((r) => r.file));
          for (const run of runs) {
            const rel = path.basename(run.file);
            const expected = run.case.output.get(rel);
            // The layout of wide added statements is apply's last pass (against the original text): it changes nothing else.
            const finished = await layOutAddedStatements(run.file, run.case.input.get(rel)!, fs.readFileSync(run.file, 'utf8'));
            if (PROJECT_WIDE.has(`${entry}/${run.case.name}`)) expect(finished, `${run.case.name}: needs the project in view`).not.toBe(expected);
            else expect(finished, run.case.name).toBe(expected);
          }
        }, 300_000);
      }
    });
  }

  describe("apply's finishing passes inside the entries", () => {
    for (const [key, pass] of Object.entries(FINISHED)) {
      const [entry, name] = key.split('/') as [string, string];
      it(`${key}: the transform alone leaves work for the ${pass} pass, which the entry does`, () => {
        const c = loadFixtureCases(path.join(ROOT, 'transforms', '__testfixtures__', entry)).find((f) => f.name === name)!;
        const [rel] = [...c.input.keys()] as [string];
        const file = path.join(materialise(`finishing-${name}`, c.input), rel);
        const transformer = TRANSFORMS.find((t) => t.name === entry)!.transformer;
        const bare = transformer({ path: file, source: c.input.get(rel)! }, { jscodeshift: () => undefined }, { dry: true, ...fixtureCaseOptions(entry, name) });
        expect(bare, `${key}: the transform changes the file`).toBeDefined();
        expect(bare, `${key}: the ${pass} pass has nothing to do`).not.toBe(c.output.get(rel));
      });
    }
  });
});
