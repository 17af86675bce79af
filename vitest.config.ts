import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The benchmark's generated monorepo and fetched peers live under bench/ and are not our tests.
    exclude: [...configDefaults.exclude, 'bench/**', 'fixtures/**'],
    // The fixture type-check builds real TypeScript programs against the SDK packages; on a busy 2-core CI box it needs headroom.
    testTimeout: 60_000,
  },
});
