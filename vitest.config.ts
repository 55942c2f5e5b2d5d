import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/global-setup.ts'],
    // Each server test file gets its own database cloned from a migrated template.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
