import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Both languages' message catalogs in every worker, as app.ts registers them for the server.
    setupFiles: ['src/test/setup.ts'],
    // One database per worker, reused by every file that worker runs (a fresh PGlite costs seconds).
    isolate: false,
    pool: 'forks',
    maxWorkers: 2,
    // Projects with their own worker settings run as their own group, after the others.
    sequence: { groupOrder: 1 },
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
