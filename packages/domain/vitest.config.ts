import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Both languages' message catalogs, which the server registers in its app (messages/all-catalogs.ts).
    setupFiles: ['src/test/setup.ts'],
  },
});
