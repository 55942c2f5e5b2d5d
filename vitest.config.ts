import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/global-setup.ts'],
    // Each server test file gets its own database cloned from a migrated template.
    pool: 'forks',
    // Vitest's default (one fewer than the cores) is one file at a time on CI's two cores, where a
    // server test mostly waits on PostgreSQL: three at once run the suite in a quarter of the time.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // Guards against a hang, not measures of speed (those live in bench/): three files at once on
    // two cores make a test of a few sign-ups (scrypt at OWASP's cost) take tens of seconds.
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
