import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import { REALTIME_CLOSE } from '#common/schemas/notifications';
import { buildApp } from '#server/app.ts';
import { users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { openSocket } from '#server/features/notifications/test-support.ts';
import { TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { account } from './test-support.ts';

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, databaseUrl: t.url, logger: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await other.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await other.close();
});

describe('suspension', () => {
  it("closes the member's open sockets on every instance at once, and sign-in is refused with a clear message", async () => {
    const origin = t.config.publicUrl.origin;
    const admin = await account(t.db, t.app, { role: 'admin', twoFactor: true });
    const member = await account(t.db, t.app);
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('gaffer-tape-42') })
      .where(eq(users.id, member.id));
    const here = await openSocket(t.app, { token: member.token, origin });
    const there = await openSocket(other, { token: member.token, origin });

    const response = await admin.browser.request('POST', `/api/admin/users/${member.id}/suspend`, {
      body: { reason: 'Harassing other members.' },
    });
    expect(response.statusCode).toBe(200);
    const [closedHere, closedThere] = await Promise.all([here.closed, there.closed]);
    expect(closedHere.code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(closedThere.code).toBe(REALTIME_CLOSE.sessionEnded);
    await expect(openSocket(t.app, { token: member.token, origin })).rejects.toMatchObject({ status: 401 });

    const login = await new TestBrowser(t.app, '10.55.0.1').login(member.username, 'gaffer-tape-42');
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe(TWO_FACTOR_MESSAGES.accountSuspended);
    // A wrong password tells a stranger nothing about the suspension.
    const stranger = await new TestBrowser(t.app, '10.55.0.2').login(member.username, 'not-the-password');
    expect(stranger.statusCode).toBe(401);

    await admin.browser.request('POST', `/api/admin/users/${member.id}/restore`, {
      body: { reason: 'Appeal accepted.' },
    });
    const back = await new TestBrowser(t.app, '10.55.0.3').login(member.username, 'gaffer-tape-42');
    expect(back.statusCode).toBe(200);
  });
});
