import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { loggerOptions, redactUrl, requestLoggerFactory } from '#server/logger.ts';
import { newUser, TestBrowser } from '../test/client.ts';
import { createTestDatabase } from '../test/helpers.ts';

/** A logger writing JSON lines into memory, with the server's own options. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: pino(loggerOptions('info'), stream) };
}

describe('logs and request ids', () => {
  it('redacts passwords, tokens, e-mail addresses, cookies and secret query values', () => {
    const { lines, logger } = capture();
    logger.info(
      { email: 'a@b.example', user: { email: 'c@d.example', password: 'hunter22hunter' } },
      'hello',
    );
    logger.info({ req: { method: 'GET', url: '/api/users/1/calendar.ics?token=abcdef123&x=1' } }, 'feed');
    const text = lines.join('\n');
    expect(text).not.toContain('a@b.example');
    expect(text).not.toContain('c@d.example');
    expect(text).not.toContain('hunter22hunter');
    expect(text).not.toContain('abcdef123');
    expect(text).toContain('[Redacted]');
    expect(redactUrl('/checkout?session=s3cret&plan=monthly')).toBe(
      '/checkout?session=[Redacted]&plan=monthly',
    );
  });

  it('logs a real sign-up and sign-in without the password, e-mail, cookie or CSRF token', async () => {
    const { url } = await createTestDatabase();
    const lines: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/crewbase-logger-test',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    const app = await buildApp({
      config,
      databaseUrl: url,
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const browser = new TestBrowser(app);
      const user = newUser('logs');
      expect((await browser.register(user)).statusCode).toBe(201);
      await browser.logout();
      expect((await browser.login(user.email, user.password)).statusCode).toBe(200);
      const me = await browser.request('GET', '/api/auth/user');
      expect(me.statusCode).toBe(200);
      const text = lines.join('\n');
      expect(text).toContain('"url":"/api/auth/user"');
      expect(text).not.toContain(user.password);
      expect(text).not.toContain(user.email);
      for (const value of browser.cookies.values()) expect(text).not.toContain(value);
      expect(text).not.toContain(await browser.token());
      expect(text).not.toContain('127.0.0.1');
    } finally {
      await app.close();
    }
  });

  it('makes a request’s logger when it first writes, each line with the request id', () => {
    const { lines, logger } = capture();
    logger.level = 'warn';
    const log = requestLoggerFactory.call(
      undefined as never,
      logger,
      { reqId: 'req-0001' },
      {},
      undefined as never,
    );
    log.info('not written at warn');
    expect(lines).toEqual([]);
    log.error({ err: new Error('boom') }, 'request failed');
    log.child({ feature: 'x' }).warn('from a child');
    log.level = 'info';
    log.info('written now');
    const written = lines.map((line) => JSON.parse(line));
    expect(written.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-0001', 'request failed'],
      ['req-0001', 'from a child'],
      ['req-0001', 'written now'],
    ]);
    expect(written[0].err.message).toBe('boom');
    expect(written[1].feature).toBe('x');
    expect(logger.level).toBe('warn');
  });

  it('logs an error on a route the same for everyone with its request id, and echoes the id', async () => {
    const { url, handle } = await createTestDatabase();
    const lines: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/crewbase-logger-test',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    const app = await buildApp({
      config,
      databaseUrl: url,
      logger: { ...loggerOptions('warn'), stream: { write: (line: string) => lines.push(line) } },
    });
    const logged = () => lines.map((line) => JSON.parse(line)).filter((line) => line.reqId);
    try {
      // The role catalogue (sameForEveryone) cannot be read: its error is logged with its request id.
      await handle.db.execute(sql`alter table roles rename to roles_away`);
      const failed = await app.inject({
        method: 'GET',
        url: '/api/roles',
        headers: { 'x-request-id': 'lb-7f3a9c21-0002' },
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['x-request-id']).toBe('lb-7f3a9c21-0002');
      expect(logged().map((line) => [line.reqId, line.msg, line.level])).toEqual([
        ['lb-7f3a9c21-0002', 'request failed', 50],
      ]);
      expect(logged()[0].err.message).toContain('roles');

      await handle.db.execute(sql`alter table roles_away rename to roles`);
      const served = await app.inject({
        method: 'GET',
        url: '/api/roles',
        headers: { 'x-request-id': 'lb-7f3a9c21-0003' },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['x-request-id']).toBe('lb-7f3a9c21-0003');
      expect(logged()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('echoes a sane X-Request-Id, replaces a strange one, and makes one when none is sent', async () => {
    const { url } = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/crewbase-logger-test',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    const app = await buildApp({ config, databaseUrl: url, logger: false });
    try {
      const kept = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'lb-7f3a9c21-0001' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21-0001');
      for (const strange of ['short', 'has spaces in it', `x${'y'.repeat(200)}`, 'evil\r\ninjected']) {
        const replaced = await app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { 'x-request-id': strange },
        });
        expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      const made = await app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(made.statusCode).toBe(404);
      expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });
});
