import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './process.ts';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('the server on an external database without Stripe keys (issue 30)', () => {
  it('refuses to start unless DEMO_PAYMENTS=1, naming both ways out', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-demo-payments-'));
    try {
      // Refused before any connection is tried: no database needs to answer at this address.
      await expect(
        startServer(
          {
            DATA_DIR: dataDir,
            DATABASE_URL: 'postgres://crewbase@127.0.0.1:1/crewbase',
            DEMO_PAYMENTS: undefined,
            STRIPE_SECRET_KEY: undefined,
            STRIPE_WEBHOOK_SECRET: undefined,
          },
          children,
        ),
      ).rejects.toThrow(/STRIPE_SECRET_KEY[\s\S]*DEMO_PAYMENTS=1/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
