import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@riderdesk/api',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['../../testing/closed-hours-clock.ts'],
    // PGlite boots a WebAssembly Postgres per test file and argon2 runs at its production cost.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
