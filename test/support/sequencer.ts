/**
 * The order `vitest run` starts its files in: the long ones first, across all three projects, so the
 * three workers finish together instead of one worker starting a two-minute file when the others are
 * nearly done (longest-processing-time-first scheduling).
 *
 * Vitest's own order (BaseSequencer) runs project by project in name order (e2e, transforms, unit) and,
 * within a project, by the duration its cache recorded or, on a clean clone without that cache (`.ci/run`),
 * by file size — and the longest files were short: `test/e2e/verify-hand.e2e.test.ts` had 40 lines and
 * took 121 s. So this sequencer puts the files of LONG_FILES first, longest first, and leaves every other
 * file in vitest's order after them. The figures are seconds of one quiet `vitest run` (session 9, main
 * 78e2973, `--reporter=json`); they only order the files, so a stale figure costs time, never a test.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Repository-relative test file → seconds it took in a quiet run (only the order matters). */
export const LONG_FILES: Readonly<Record<string, number>> = {
  // verify-hand (121 s) and verify (93 s) were split in two files each, a share of the tests each (estimates).
  'test/e2e/verify-hand-flaws.e2e.test.ts': 80,
  'test/e2e/verify.e2e.test.ts': 47,
  'test/e2e/verify-apply-more.e2e.test.ts': 46,
  'test/e2e/verify-hand.e2e.test.ts': 41,
  'test/transforms/jscodeshift-entries.test.ts': 74,
  'test/e2e/serving.e2e.test.ts': 66,
  'test/transforms/stateless-serving.test.ts': 65,
  'test/package/pack.test.ts': 64,
  'test/e2e/handles.e2e.test.ts': 57,
  'test/transforms/sdk-v2.test.ts': 57,
  'test/e2e/auth.e2e.test.ts': 52,
  'test/apply/typecheck.test.ts': 52,
  'test/fixtures-typecheck.test.ts': 51,
};

/** `files` with the LONG_FILES first (longest first), every other file after them in its order in `files`. */
export function longestFirst<T>(files: readonly T[], relativePath: (file: T) => string): T[] {
  const weight = (file: T) => LONG_FILES[relativePath(file)] ?? 0;
  return files
    .map((file, index) => ({ file, index, weight: weight(file) }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ file }) => file);
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return longestFirst(await super.sort(files), (spec) => path.relative(root, spec.moduleId).split(path.sep).join('/'));
  }
}
