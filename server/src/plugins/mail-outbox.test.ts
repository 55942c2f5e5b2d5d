import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { startTestSmtp } from '../../test/smtp.ts';

describe('the mail outbox worker', () => {
  it('starts with the app, sends what waits, and finishes its run before the app closes', async () => {
    const smtp = await startTestSmtp();
    const { url, handle } = await createTestDatabase();
    // Queued while no server ran (say, just before a restart).
    await enqueueMail(handle.db, {
      to: 'waiting@example.com',
      subject: 'Queued before the start',
      text: 'Sent by the worker.',
      html: '<p>Sent by the worker.</p>',
      kind: 'test',
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'crewbase-data-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      SMTP_URL: smtp.url,
    });
    const app = await buildApp({ config, databaseUrl: url, logger: false, mailWorker: true });
    // The worker's first run began when the app became ready; closing waits for it.
    await app.close();
    expect(smtp.to('waiting@example.com').map((mail) => mail.subject)).toEqual(['Queued before the start']);
  });
});
