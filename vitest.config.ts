import { defineConfig } from 'vitest/config';

// One `npm test` runs every unit, component and API suite; browser tests live in e2e/ and run separately.
export default defineConfig({
  test: {
    // Vitest's default is one worker on a 2-core machine; two halve the wall time of `npm test` here (each
    // server worker keeps a database of its own, so the API suites run side by side safely).
    maxWorkers: 2,
    projects: [
      'packages/domain',
      'apps/server',
      'apps/web',
      { test: { name: 'docs', include: ['tools/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
