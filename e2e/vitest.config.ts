import { defineConfig } from 'vitest/config';

// Browser tests share one portal server and run one file at a time: the machine is small and Chromium is heavy.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what the page shows; vitest's default of 1 s is short for a busy machine, and a wait
    // must still end within its test's limit to say what it waited for.
    expect: { poll: { timeout: 30_000 } },
  },
});
