import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A rendered antd page is slow in jsdom on a loaded 2-core machine; every wait inside a test (Testing
    // Library's, 30 s: src/test/setup.ts) is well within this limit, so a wait that runs out reports itself.
    testTimeout: 120_000,
  },
});
