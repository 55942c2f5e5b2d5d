import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';

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
  ])('refuses %o with a message naming the problem', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmpdir(), ...env })).toThrow(message);
  });
});
