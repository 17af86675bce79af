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
 * Four finishing passes belong to `apply`, not to a transform: requoting added lines to the file's quote
 * style, pruning the imports a rewrite left unused, putting back a file header comment the official
 * codemod's import removal took with it, and laying out added statements wider than the file's width. For the cases listed in APPLY_FINISHING the entry's
 * output must differ from the expected output, and become it after that pass; the layout, apply's last pass on every file,
 * runs on every case (it changes nothing but wide statements the run wrote).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneImportsMadeUnused } from '../../src/apply/prune-imports.js';
import { keepFileHeader } from '../../src/apply/file-conventions.js';
import { matchQuoteStyle } from '../../src/apply/quote-style.js';
import { layOutAddedStatements } from '../../src/apply/layout.js';
import type { TransformOptions } from '../../src/transforms/kit/plan.js';
import { fixtureCaseOptions, SHARED_STORE_PIPELINE } from '../support/fixture-options.js';
import { cleanUpMaterialised, loadFixtureCases, materialise, ROOT, type FixtureCase } from '../support/transform-fixtures.js';

const JSCODESHIFT = path.join(ROOT, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js');
const ENTRIES = fs
  .readdirSync(path.join(ROOT, 'transforms'))
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.slice(0, -'.mjs'.length))
  .sort();

/** Cases whose expected output includes one of apply's finishing passes: `<transform>/<case>` → the pass. */
type FinishingPass = (file: string, before: string, after: string) => string;
const APPLY_FINISHING: Partial<Record<string, FinishingPass>> = {
  'logging-to-request-scope/double-quoted-v1': matchQuoteStyle,
  'sampling-elicitation-to-mrtr/result-schema': pruneImportsMadeUnused,
  // The official codemod's import removal takes the file's header comment with it; apply puts it back.
  'sdk-v2/handler-result-types': (_file, before, after) => keepFileHeader(before, after),
  'sdk-v2/handler-result-types-js': (_file, before, after) => keepFileHeader(before, after),
  // The handler's v1 context type (`{ authInfo?: AuthInfo }`) becomes ServerContext, which leaves AuthInfo unused.
  'sdk-v2/handler-inline-context': pruneImportsMadeUnused,
  // The same with `{ requestInfo?: RequestInfo }`: RequestInfo (which v2 does not export) is left unused.
  'sdk-v2/request-headers': pruneImportsMadeUnused,
};

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
            const input = run.case.input.get(rel)!;
            const expected = run.case.output.get(rel);
            const actual = fs.readFileSync(run.file, 'utf8');
            const finishing = APPLY_FINISHING[`${entry}/${run.case.name}`];
            if (finishing) expect(actual, `${run.case.name}: apply's finishing pass has nothing to do`).not.toBe(expected);
            // The layout of wide added statements is apply's last pass on every file: it changes nothing else.
            const finished = await layOutAddedStatements(run.file, input, finishing === undefined ? actual : finishing(run.file, input, actual));
            expect(finished, run.case.name).toBe(expected);
          }
        }, 300_000);
      }
    });
  }
});
