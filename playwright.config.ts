import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;
// One data directory per port, so two suites on one machine never share (or delete) a database.
const dataDir = `./data/e2e-${PORT}`;

// The browser tests always run the production build on a private embedded database with the
// deterministic demo crew, whatever DATABASE_URL the shell has. No PUBLIC_URL, as on a fresh
// clone: the app is opened at 127.0.0.1 on a port other than 3000, and must work there whole.
const { DATABASE_URL: _ignored, PUBLIC_URL: _unset, ...serverEnv } = process.env;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  // On CI (.ci/run sets CI=1) a failed test runs once more, and one that then passes is listed as
  // flaky by name, to be fixed (ADR 039): a landing is not lost to one slow moment on two cores.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Generous limits: on a loaded two-core machine one test of a few steps can take 20-30 s, and a
  // limit is a guard against a hang, not a measure of speed (timings live in bench/).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // mobile.spec.ts sets a phone device itself; it runs once, in the phone project.
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /mobile\.spec/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      grep: /@phone/,
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx server/src/main.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      ...serverEnv,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'auto',
      // One loopback address plays every user of the suite; real limits stay covered by the server tests.
      RATE_LIMIT_MULTIPLIER: '100',
    } as Record<string, string>,
  },
});
