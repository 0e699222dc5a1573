import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@riderdesk/api',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['../../testing/closed-hours-clock.ts'],
    // The migrations run once per run; each test database is a copy (decision 164).
    globalSetup: ['./test/support/database-templates.ts'],
    // PGlite boots a WebAssembly Postgres per test file and argon2 runs at its production cost.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
