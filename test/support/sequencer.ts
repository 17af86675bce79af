/**
 * The order `vitest run` starts its files in: the long ones first, across all three projects, so the
 * three workers finish together instead of one worker starting a two-minute file when the others are
 * nearly done (longest-processing-time-first scheduling).
 *
 * Vitest's own order (BaseSequencer) runs project by project in name order (e2e, transforms, unit) and,
 * within a project, by the duration its cache recorded or, on a clean clone without that cache (`.ci/run`),
 * by file size — and the longest files were short: `test/e2e/verify-hand.e2e.test.ts` had 40 lines and
 * took 121 s. So this sequencer puts the files of LONG_FILES first, longest first, and leaves every other
 * file in vitest's order after them. The figures are seconds of one `npm test` (session 24, 742d1ac, three
 * workers, vitest's results cache); they only order the files, so a stale figure costs time, never a test.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Repository-relative test file → seconds it took in that run (only the order matters). */
export const LONG_FILES: Readonly<Record<string, number>> = {
  'test/transforms/jscodeshift-entries.test.ts': 83,
  'test/e2e/verify-hand-flaws.e2e.test.ts': 79,
  'test/e2e/serving.e2e.test.ts': 57,
  'test/e2e/handles.e2e.test.ts': 57,
  'test/package/pack.test.ts': 55,
  'test/apply/typecheck.test.ts': 48,
  'test/transforms/stateless-serving.test.ts': 46,
  'test/fixtures-typecheck.test.ts': 44,
  'test/e2e/auth.e2e.test.ts': 42,
  'test/transforms/sdk-v2.test.ts': 35,
  'test/transforms/sdk-v2-bindings.test.ts': 34,
  'test/e2e/verify.e2e.test.ts': 34,
  'test/e2e/round-robin.e2e.test.ts': 34,
  'test/e2e/everything.e2e.test.ts': 31,
  'test/transforms/protocol.test.ts': 30,
  'test/transforms/session-state-to-handles.test.ts': 29,
  'test/e2e/serving-fastify.e2e.test.ts': 29,
  'test/e2e/verify-apply-more.e2e.test.ts': 28,
  'test/e2e/verify-hand.e2e.test.ts': 27,
  'test/ci/action.test.ts': 26,
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
