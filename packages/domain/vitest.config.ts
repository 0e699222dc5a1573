import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Property tests run hundreds of cases; on a loaded machine that outlasts the 5 s default.
    testTimeout: 30_000,
    setupFiles: ['../../testing/closed-hours-clock.ts'],
  },
});
