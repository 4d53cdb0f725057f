import { defineConfig } from 'vitest/config';

// One `npm test` runs every unit, component and API suite; browser tests live in e2e/ and run separately.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      'apps/web',
      { test: { name: 'docs', include: ['tools/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
