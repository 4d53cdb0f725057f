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
    testTimeout: 20000,
    // Rendering in jsdom is CPU-bound and the web suite is the longest part of `npm test`; two workers (vitest's
    // default is one on a 2-core machine) take it from about 16 to 10 minutes here. A project with its own
    // worker count runs as a group of its own, after the others (which keep one worker and one database).
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
