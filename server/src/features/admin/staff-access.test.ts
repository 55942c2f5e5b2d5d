import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, TWO_FACTOR_MESSAGES } from '#common/schemas/admin';
import { auditLog, securityEvents, sessions, users } from '#server/db/schema/index.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { account, totpCode } from './test-support.ts';

/**
 * Issue 29: staff powers need a second factor shown in this session, a role change ends the
 * member's sessions, and the audit trail records the console's role changes and cannot be
 * emptied, not even by the app's own database role when deployed as README says.
 */
let t: TestApp;
let ipCounter = 0;
const browser = () => {
  ipCounter += 1;
  return new TestBrowser(t.app, `10.49.0.${ipCounter}`);
};
beforeAll(async () => {
  t = await createTestApp();
});

const codeFor = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

const liveSessions = (userId: number) => t.db.select().from(sessions).where(eq(sessions.userId, userId));

async function runAdminCli(username: string, role: string) {
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/src/admin-cli.ts', '--user', username, '--role', role],
    {
      env: {
        ...process.env,
        DATABASE_URL: t.url,
        DATA_DIR: t.config.dataDir,
        SESSION_SECRET: 's'.repeat(40),
        LOG_LEVEL: 'warn',
      },
    },
  );
}

describe('staff need a second factor in this session', () => {
  it('refuses a staff session that never showed a code, until it re-authenticates with one', async () => {
    const mod = await account(t.db, t.app, {
      role: 'moderator',
      twoFactor: true,
      sessionSecondFactor: false,
    });
    const refused = await mod.browser.request('GET', '/api/admin/reports');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(STAFF_MESSAGES.sessionSecondFactor);

    const password = await mod.browser.request('POST', '/api/account/reauthenticate', {
      body: { password: 'whatever-it-is' },
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().error.fields.code).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    expect((await mod.browser.request('GET', '/api/admin/reports')).statusCode).toBe(403);

    const code = await mod.browser.request('POST', '/api/account/reauthenticate', {
      body: { code: totpCode() },
    });
    expect(code.statusCode).toBe(204);
    expect((await mod.browser.request('GET', '/api/admin/reports')).statusCode).toBe(200);
  });

  it('a member made staff reaches staff pages only after showing a code in the session they use', async () => {
    const user = newUser('newmod');
    const first = browser();
    expect((await first.register(user)).statusCode).toBe(201);
    await runAdminCli(user.username, 'moderator');
    expect((await first.request('GET', '/api/auth/me')).statusCode).toBe(401);

    const b = browser();
    await b.login(user.username, user.password);
    const noTotp = await b.request('GET', '/api/admin/reports');
    expect(noTotp.json().error.message).toBe(STAFF_MESSAGES.twoFactorRequired);
    const { secret } = (await b.request('POST', '/api/account/2fa/setup')).json();
    const on = await b.request('POST', '/api/account/2fa/enable', {
      body: { code: codeFor(secret), password: user.password },
    });
    expect(on.statusCode).toBe(200);
    // The enrolment code proves the new secret, not who holds the account.
    const enrolled = await b.request('GET', '/api/admin/reports');
    expect(enrolled.statusCode).toBe(403);
    expect(enrolled.json().error.message).toBe(STAFF_MESSAGES.sessionSecondFactor);

    const fresh = browser();
    expect((await fresh.login(user.username, user.password)).json()).toEqual({ twoFactorRequired: true });
    expect(
      (await fresh.request('POST', '/api/login/2fa', { body: { code: codeFor(secret, 1) } })).statusCode,
    ).toBe(200);
    fresh.forgetCsrfToken();
    expect((await fresh.request('GET', '/api/admin/reports')).statusCode).toBe(200);
  });

  it('a recovery code at sign-in counts as the session’s second factor', async () => {
    const user = newUser('recmod');
    const b = browser();
    await b.register(user);
    const { secret } = (await b.request('POST', '/api/account/2fa/setup')).json();
    const { recoveryCodes } = (
      await b.request('POST', '/api/account/2fa/enable', {
        body: { code: codeFor(secret), password: user.password },
      })
    ).json();
    await t.db.update(users).set({ role: 'moderator' }).where(eq(users.username, user.username));
    const fresh = browser();
    await fresh.login(user.username, user.password);
    await fresh.request('POST', '/api/login/2fa', { body: { recoveryCode: recoveryCodes[0] } });
    fresh.forgetCsrfToken();
    expect((await fresh.request('GET', '/api/admin/reports')).statusCode).toBe(200);
    const [row] = await t.db
      .select({ secondFactor: sessions.secondFactor })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.username, user.username))
      .orderBy(desc(sessions.id))
      .limit(1);
    expect(row?.secondFactor).toBe('recovery_code');
  });
});

describe('a role change ends the member’s sessions', () => {
  it('on the staff pages: every session of the member ends, and the audit row says so', async () => {
    const admin = await account(t.db, t.app, { role: 'admin', twoFactor: true });
    const target = await account(t.db, t.app);
    expect(await liveSessions(target.id)).toHaveLength(1);
    const changed = await admin.browser.request('POST', `/api/admin/users/${target.id}/role`, {
      body: { role: 'moderator' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await liveSessions(target.id)).toHaveLength(0);
    expect((await target.browser.request('GET', '/api/auth/me')).statusCode).toBe(401);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audit).toMatchObject({
      action: 'role_changed',
      targetId: target.id,
      reason: 'Role changed from user to moderator',
      detail: { sessionsEnded: 1 },
    });
  });
});

describe('npm run admin writes the audit trail', () => {
  it('records a role change made at the console, with a security event, and ends the sessions', async () => {
    const member = await account(t.db, t.app);
    const [row] = await t.db.select({ username: users.username }).from(users).where(eq(users.id, member.id));
    const username = row?.username ?? '';
    const { stdout } = await runAdminCli(username.toUpperCase(), 'admin');
    expect(stdout).toContain(`${username} is now admin (was user)`);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, member.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: 0,
      action: 'role_changed',
      reason: "Role changed from user to admin at the server's console",
      detail: { from: 'user', to: 'admin', sessionsEnded: 1 },
    });
    expect(rows[0]?.actorName).toMatch(/^npm run admin \(.+\)$/);
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, member.id), eq(securityEvents.type, 'role_changed')));
    expect(events).toHaveLength(1);
    expect(await liveSessions(member.id)).toHaveLength(0);

    const missing = await runAdminCli('nobody-by-this-name', 'admin').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('No account named') });
  });
});

describe('the audit trail is append-only', () => {
  it('refuses TRUNCATE, UPDATE and DELETE, even to the table’s owner', async () => {
    const admin = await account(t.db, t.app, { role: 'admin', twoFactor: true });
    const target = await account(t.db, t.app);
    await admin.browser.request('POST', `/api/admin/users/${target.id}/feature`);
    const before = await t.db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    for (const statement of [
      sql`truncate audit_log`,
      sql`truncate audit_log cascade`,
      sql`update audit_log set reason = 'rewritten'`,
      sql`delete from audit_log`,
    ]) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
    expect(await t.db.select().from(auditLog)).toEqual(before);
  });

  it('cannot be unlocked by an app role set up as README, "Deploying", says', async () => {
    const suffix = `${process.pid}_${Date.now()}`;
    const appRole = `crewbase_app_${suffix}`;
    const auditRole = `crewbase_audit_${suffix}`;
    const as = (statement: ReturnType<typeof sql>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${appRole}`));
        return tx.execute(statement);
      });
    await t.db.execute(sql.raw(`create role ${appRole} nologin nosuperuser nocreaterole nocreatedb`));
    await t.db.execute(sql.raw(`create role ${auditRole} nologin`));
    try {
      // README, "Deploying": run once after the first start, as the database's administrator.
      await t.db.execute(sql.raw(`alter table audit_log owner to ${auditRole}`));
      await t.db.execute(sql.raw(`alter function audit_log_immutable() owner to ${auditRole}`));
      await t.db.execute(sql.raw(`grant select, insert on audit_log to ${appRole}`));
      await t.db.execute(sql.raw(`grant usage on sequence audit_log_id_seq to ${appRole}`));

      // What the app does: write and read rows.
      await as(
        sql`insert into audit_log (actor_id, actor_name, action, target_type, target_id, reason)
            values (1, 'someone', 'profile_featured', 'user', 1, 'Written by the app role')`,
      );
      const read = await as(sql`select count(*)::int as n from audit_log`);
      expect(read.rows[0]).toMatchObject({ n: expect.any(Number) });

      for (const statement of [
        'alter table audit_log disable trigger audit_log_no_update',
        'alter table audit_log disable trigger all',
        'drop trigger audit_log_no_truncate on audit_log',
        `create or replace function audit_log_immutable() returns trigger language plpgsql as $$ begin return null; end $$`,
        `alter table audit_log owner to ${appRole}`,
        'set session_replication_role = replica',
        'truncate audit_log',
        "update audit_log set reason = 'rewritten'",
        'delete from audit_log',
        'drop table audit_log',
      ]) {
        await expect(as(sql.raw(statement)), statement).rejects.toThrow();
      }
      const [kept] = await t.db.select().from(auditLog).where(eq(auditLog.reason, 'Written by the app role'));
      expect(kept).toBeDefined();
    } finally {
      await t.db.execute(sql.raw(`reassign owned by ${auditRole} to current_user`));
      await t.db.execute(sql.raw(`drop owned by ${appRole}`));
      await t.db.execute(sql.raw(`drop role ${appRole}`));
      await t.db.execute(sql.raw(`drop role ${auditRole}`));
    }
  });
});
