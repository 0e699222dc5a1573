import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'scripts',
    include: ['*.test.ts'],
    environment: 'node',
    setupFiles: ['../testing/closed-hours-clock.ts'],
    // The command-line test starts Node with tsx.
    testTimeout: 30_000,
  },
});
