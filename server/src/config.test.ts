import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, paymentsProblem } from '#server/config.ts';

describe('configuration', () => {
  it('has working defaults', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.allowedOrigins).toEqual({ servedFrom: true, listed: ['http://localhost:3000'] });
    expect(config.databasePoolSize).toBe(10);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
  });

  it('follows PORT when PUBLIC_URL is unset; PUBLIC_URL and ALLOWED_ORIGINS then list the only origins', () => {
    const onPort = loadConfig({ DATA_DIR: tmpdir(), PORT: '3900' });
    expect(onPort.publicUrl.href).toBe('http://localhost:3900/');
    expect(onPort.allowedOrigins.servedFrom).toBe(true);
    const pinned = loadConfig({
      DATA_DIR: tmpdir(),
      PUBLIC_URL: 'https://crewbase.example/',
      ALLOWED_ORIGINS: 'https://www.crewbase.example, http://127.0.0.1:3000/',
    });
    expect(pinned.allowedOrigins).toEqual({
      servedFrom: false,
      listed: ['https://crewbase.example', 'https://www.crewbase.example', 'http://127.0.0.1:3000'],
    });
  });

  it('generates a session secret on first start and keeps it under the data directory', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
  });

  it('takes the TOTP sealing key from TOTP_ENCRYPTION_KEY, or generates one under the data directory', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-config-'));
    const generated = loadConfig({ DATA_DIR: dataDir }).totpKey;
    expect(generated).toHaveLength(32);
    const file = path.join(dataDir, 'totp-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).totpKey.equals(generated)).toBe(true);
    const key = randomBytes(32);
    const given = loadConfig({ DATA_DIR: dataDir, TOTP_ENCRYPTION_KEY: key.toString('base64') }).totpKey;
    expect(given.equals(key)).toBe(true);
    for (const wrong of ['short', randomBytes(16).toString('base64'), `${randomBytes(32).toString('hex')}`]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, TOTP_ENCRYPTION_KEY: wrong })).toThrow(
        'TOTP_ENCRYPTION_KEY must be 32 bytes in base64',
      );
    }
    writeFileSync(file, 'not a key\n');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow('does not hold a 32-byte base64 key');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 100'],
    [{ DATABASE_POOL_SIZE: 'ten' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 100'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be an absolute URL'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together'],
    [
      { STRIPE_SECRET_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      'STRIPE_SECRET_KEY must start with sk_',
    ],
    [{ ALLOWED_ORIGINS: 'https://ok.example,nope' }, 'ALLOWED_ORIGINS: "nope" is not an http(s) origin'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: "true" is neither a number of proxies nor an IP address or CIDR'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY: at most 10 proxies in a row'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY: "-1" is neither'],
    [{ TRUST_PROXY: '1, 10.0.0.1' }, 'TRUST_PROXY: "1" is neither'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: "10.0.0.0/33" is neither'],
    [{ TRUST_PROXY: 'fd00::/129' }, 'TRUST_PROXY: "fd00::/129" is neither'],
    [{ TRUST_PROXY: '10.0.0.0/' }, 'TRUST_PROXY: "10.0.0.0/" is neither'],
    [{ TRUST_PROXY: '10.0.0.0/8/8' }, 'TRUST_PROXY: "10.0.0.0/8/8" is neither'],
    [{ TRUST_PROXY: '10.0.0.1,,10.0.0.2' }, 'TRUST_PROXY: "" is neither'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY: "proxy.internal" is neither'],
  ])('refuses %o with a message naming the problem', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmpdir(), ...env })).toThrow(message);
  });

  it.each([
    [undefined, { hops: 0 }],
    ['', { hops: 0 }],
    ['0', { hops: 0 }],
    ['1', { hops: 1 }],
    [' 2 ', { hops: 2 }],
    ['10.0.0.0/8', { ranges: ['10.0.0.0/8'] }],
    ['10.0.0.0/8, 192.168.1.5,fd00::/8 , ::1', { ranges: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8', '::1'] }],
  ])('reads TRUST_PROXY=%o as %o', (value, trustProxy) => {
    const env = value === undefined ? {} : { TRUST_PROXY: value };
    expect(loadConfig({ DATA_DIR: tmpdir(), ...env }).trustProxy).toEqual(trustProxy);
  });

  it('trusts no proxy by default, whatever PUBLIC_URL says', () => {
    expect(loadConfig({ DATA_DIR: tmpdir(), PUBLIC_URL: 'https://crewbase.example' }).trustProxy).toEqual({
      hops: 0,
    });
  });
});

describe('demo payments never pass for money (issue 30)', () => {
  const external = { DATABASE_URL: 'postgres://crewbase@db.example:5432/crewbase' };
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it.each([
    ['the embedded database, no keys (npm start)', {}, true],
    ['the embedded database with DEMO_PAYMENTS=1', { DEMO_PAYMENTS: '1' }, true],
    ['an external database with Stripe keys', { ...external, ...stripe }, true],
    ['an external database, no keys, DEMO_PAYMENTS=1', { ...external, DEMO_PAYMENTS: '1' }, true],
    ['an external database, no keys', external, false],
    ['an external database, no keys, DEMO_PAYMENTS=0', { ...external, DEMO_PAYMENTS: '0' }, false],
  ] as const)('%s: starts %s', (_label, env, starts) => {
    const problem = paymentsProblem(loadConfig({ DATA_DIR: tmpdir(), ...env }));
    if (starts) expect(problem).toBeNull();
    else {
      expect(problem).toMatch(/DEMO_PAYMENTS=1/);
      expect(problem).toMatch(/STRIPE_SECRET_KEY/);
    }
  });

  it('refuses a DEMO_PAYMENTS that is neither 1 nor 0', () => {
    expect(() => loadConfig({ DATA_DIR: tmpdir(), DEMO_PAYMENTS: 'yes' })).toThrow(
      'DEMO_PAYMENTS must be 1 or 0',
    );
  });
});
