import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, paymentsProblem } from '../src/config.ts';

/**
 * The Dockerfile, compose.yaml and the proxy's configuration cannot run here (no Docker daemon):
 * this reads them and checks what they promise (issue 21): a multi-stage, non-root image with a
 * health check on /api/ready; two app instances on one PostgreSQL and one Redis behind a proxy
 * that balances round robin with nothing sticky; and an environment the server accepts.
 */
/** What an operator gives the variables compose.yaml requires, in the form the server accepts. */
const REQUIRED_VALUES: Record<string, string> = {
  SESSION_SECRET: 's'.repeat(40),
  TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('deployment files', () => {
  it('builds a multi-stage image that runs as a non-root user with a readiness health check', async () => {
    const dockerfile = await readFile('Dockerfile', 'utf8');
    const instructions = dockerfile
      .replace(/\\\n/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const stages = instructions.filter((line) => /^FROM /i.test(line));
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const last = instructions.slice(instructions.lastIndexOf(stages.at(-1) as string));
    const user = last.filter((line) => /^USER /i.test(line)).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER\s+(root|0)(\s|:|$)/i);
    expect(last.some((line) => /^COPY --from=build /i.test(line))).toBe(true);
    expect(last.find((line) => /^HEALTHCHECK /i.test(line))).toContain('/api/ready');
    expect(last.find((line) => /^CMD /i.test(line))).toContain('server/src/main.ts');
    expect(last.some((line) => /^STOPSIGNAL SIGTERM$/i.test(line))).toBe(true);
    // A heap cap, so garbage is collected before it makes the instance's memory grow (ADR 029).
    expect(last.find((line) => /^ENV /i.test(line))).toMatch(/NODE_OPTIONS=--max-old-space-size=\d+/);
    const ignored = await readFile('.dockerignore', 'utf8');
    for (const entry of ['node_modules', 'data', '.git']) expect(ignored.split('\n')).toContain(entry);
  });

  it('runs two app instances on one PostgreSQL and Redis behind a round-robin proxy', async () => {
    const compose = parse(await readFile('compose.yaml', 'utf8'), { merge: true }) as {
      services: Record<
        string,
        {
          environment?: Record<string, string>;
          volumes?: string[];
          image?: string;
          build?: string;
          profiles?: string[];
        }
      >;
    };
    const { services } = compose;
    // Profile-gated services (the S3 variant's MinIO, ADR 031) start only when asked for.
    const always = Object.keys(services).filter((name) => !services[name]?.profiles);
    expect(always.sort()).toEqual(['app1', 'app2', 'postgres', 'proxy', 'redis']);
    for (const name of ['app1', 'app2']) {
      const app = services[name];
      expect(app?.build).toBe('.');
      expect(app?.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(app?.environment?.REDIS_URL).toBe('redis://redis:6379');
      // What the server reads: every variable is one it knows, with a value it accepts.
      const environment = Object.fromEntries(
        Object.entries(app?.environment ?? {}).map(([key, value]) => [
          key,
          String(value).replace(
            /\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g,
            (_m, variable: string, fallback?: string) => fallback ?? REQUIRED_VALUES[variable] ?? 'secret',
          ),
        ]),
      );
      const config = loadConfig({ ...environment, DATA_DIR: '/tmp/crewbase-compose-check' });
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.databaseUrl).toBe('postgres://crewbase:secret@postgres:5432/crewbase');
      // nginx is the one proxy in front: the address it writes is the client's.
      expect(config.trustProxy).toEqual({ hops: 1 });
      // Both instances seal TOTP secrets with the one key given, not each with its own.
      expect(app?.environment?.TOTP_ENCRYPTION_KEY).toMatch(/^\$\{TOTP_ENCRYPTION_KEY:\?/);
      expect(config.totpKey.equals(Buffer.alloc(32, 7))).toBe(true);
      // Its local demo takes demo payments on purpose, so the server starts without Stripe keys.
      expect(config.demoPayments).toBe(true);
      expect(paymentsProblem(config)).toBeNull();
    }
    const proxy = services.proxy;
    const mounted = (proxy?.volumes ?? []).find((volume) => volume.startsWith('./deploy/nginx.conf:'));
    expect(mounted).toBeDefined();
    const nginx = await readFile('deploy/nginx.conf', 'utf8');
    const upstream = /upstream crewbase \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(upstream).toMatch(/server app1:3000/);
    expect(upstream).toMatch(/server app2:3000/);
    expect(upstream).not.toMatch(/ip_hash|hash |sticky|least_conn/);
    expect(nginx).toContain('proxy_pass http://crewbase;');
    expect(nginx).toContain('proxy_set_header Upgrade $http_upgrade;');
    // The client's address replaces whatever X-Forwarded-For it sent; appending would keep its forgery.
    expect(nginx).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;$/m);
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
  });
});
