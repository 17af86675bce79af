import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/sequencer.js';

/**
 * Three projects, all run by `vitest run` (and so by `npm test`); one alone: `vitest run --project e2e`.
 * - unit: rules, analysis, reporters, CLI, apply — many small files;
 * - transforms: the transform fixture suites (apply on every fixture pair) and the fixture type-checks —
 *   few files, each long and CPU-bound, with long per-test and hook budgets;
 * - e2e: real servers, clients, proxies and redis-server (test/e2e/README.md) — mostly waiting on child
 *   processes and sockets.
 *
 * Vitest's default on a 2-core machine is ONE worker (cores - 1), so a file that waits on a child process
 * (the CLI, a server, redis-server) left a core idle. Three workers keep both cores busy; projects that
 * run side by side must share one maxWorkers (vitest groups them by sequence.groupOrder).
 */
const MAX_WORKERS = 3;
const SHARED_EXCLUDE = [...configDefaults.exclude, 'bench/**', 'fixtures/**'];

export default defineConfig({
  test: {
    // The benchmark's generated monorepo and fetched peers live under bench/ and are not our tests.
    exclude: SHARED_EXCLUDE,
    // The fixture type-check builds real TypeScript programs against the SDK packages; on a busy 2-core CI box it needs headroom.
    testTimeout: 60_000,
    // Hooks make and remove temporary trees (a packed and installed copy of the package, materialised
    // fixtures): on a busy 2-core CI box removing one took over vitest's default 10 s (pack.test.ts's
    // afterAll, 2026-12-03, load ~15), failing a run in which every test had passed.
    hookTimeout: 120_000,
    maxWorkers: MAX_WORKERS,
    // Per-file clean-up (temporary trees) that must run after every file, isolated or not.
    setupFiles: ['test/support/after-each-file.ts'],
    // The long files start first, whatever their project (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...SHARED_EXCLUDE, 'test/transforms/**', 'test/e2e/**', 'test/fixtures-typecheck.test.ts'],
          maxWorkers: MAX_WORKERS,
          // Isolation re-imports the whole module graph (TypeScript's 9 MB compiler, ts-morph) for every
          // test file: on test/rules (35 files) 98 CPU-s against 30 with it off. These files share no
          // state they do not restore (spies are restored in afterEach, cwd and env in finally).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'transforms',
          include: ['test/transforms/**/*.test.ts', 'test/fixtures-typecheck.test.ts'],
          // As in unit: a worker runs its next transforms file in the modules it has loaded (TypeScript,
          // ts-morph, the transforms) and with the SDK declarations test/support/transform-fixtures.ts
          // already parsed. Six of these files, 3 workers: 144.3 → 134.4 CPU-s, the same 167 tests passing
          // (2026-12-02, load ~30, both runs side by side). The suites clean up in their own afterAll;
          // shared-store-runtime is the only one that loads e2e/support's modules with hooks of their own.
          // Vitest reuses a worker only when the next queued file is of the same project, so the long
          // files that test/support/sequencer.ts starts first each get a fresh one.
          isolate: false,
          // A suite type-checks its fixtures in one Program in a beforeAll (test/support/transform-fixtures.ts).
          hookTimeout: 600_000,
          testTimeout: 300_000,
          maxWorkers: MAX_WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          hookTimeout: 120_000,
          maxWorkers: MAX_WORKERS,
        },
      },
    ],
  },
});
