/**
 * What each per-request hook costs (issue 34, ADR 029): `GET /api/roles` (a fixed body sent from
 * memory) served by a bare Fastify with ONE of the app's plugins at a time, the others off, then
 * with all of them, beside a bare hello-world and the whole app, in one run. Each server is its own
 * process; rounds interleave the targets; each row is its median round. Besides req/s (which the
 * other processes on a shared machine move) each row gives the server's own CPU time per request,
 * read from /proc: that is what a hook adds, whatever else the machine is doing.
 *
 * Usage: npm run bench:hooks [-- --duration 5 --rounds 3 --connections 50 --no-app]
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuSeconds, startServer } from './lib.ts';

/** The app's per-request plugins, in app.ts's order; each row turns on one. */
const HOOKS = [
  'logger',
  'errors',
  'request-id',
  'stopping',
  'security',
  'session',
  'csrf',
  'rate-limit',
  'metrics',
] as const;
type Hook = (typeof HOOKS)[number];

if (process.env.HOOKS_SERVE !== undefined) await serve(process.env.HOOKS_SERVE);
else await main();

/** One server: Fastify with the hooks named (comma-separated; `all`, or empty for none). */
async function serve(spec: string) {
  const on = new Set<string>(spec === 'all' ? HOOKS : spec.split(',').filter(Boolean));
  const { default: Fastify } = await import('fastify');
  const { default: fp } = await import('fastify-plugin');
  const { ROLE_CATALOGUE } = await import('../common/src/roles.ts');
  const { loggerOptions, requestId, requestLoggerFactory } = await import('../server/src/logger.ts');
  const { precompressJson, sendPrecompressed } = await import('../server/src/http/precompressed.ts');
  const app = Fastify({
    logger: on.has('logger') ? loggerOptions('warn') : false,
    ...(on.has('logger') ? { genReqId: requestId, childLoggerFactory: requestLoggerFactory } : {}),
    return503OnClosing: false,
  });
  // The plugins that read the database name it as a dependency; none touches it per request here.
  await app.register(
    fp(async (instance) => void instance.decorate('db', null as never), { name: 'database' }),
  );
  const plugins = '../server/src/plugins';
  if (on.has('errors')) await app.register((await import(`${plugins}/errors.ts`)).errorsPlugin);
  if (on.has('request-id')) await app.register((await import(`${plugins}/request-id.ts`)).requestIdPlugin);
  if (on.has('stopping')) await app.register((await import(`${plugins}/stopping.ts`)).stoppingPlugin);
  if (on.has('security'))
    await app.register((await import(`${plugins}/security.ts`)).securityPlugin, { https: false });
  const needsSession = on.has('session') || on.has('csrf') || on.has('rate-limit');
  if (needsSession)
    await app.register((await import(`${plugins}/session.ts`)).sessionPlugin, {
      secure: false,
      cookies: { session: 'crewbase_session', knownDevice: 'crewbase_device' },
      deviceSecret: 'x'.repeat(32),
      resolveSession: async () => null,
    });
  const recordSecurityEvent = async () => undefined;
  if (on.has('csrf'))
    await app.register((await import(`${plugins}/csrf.ts`)).csrfPlugin, {
      secret: 'x'.repeat(32),
      secure: false,
      recordSecurityEvent,
    });
  if (on.has('rate-limit'))
    await app.register((await import(`${plugins}/rate-limit.ts`)).rateLimitPlugin, {
      multiplier: 1_000_000,
      recordSecurityEvent,
    });
  if (on.has('metrics'))
    await app.register((await import(`${plugins}/metrics.ts`)).metricsPlugin, {
      token: 'bench-metrics-token-0123456789',
    });
  const body = precompressJson(ROLE_CATALOGUE);
  // As server/src/features/roles/routes.ts declares it.
  const options = {
    compress: false,
    decompress: false,
    config: { limit: 'none', sameForEveryone: true },
  } as object;
  app.get('/api/roles', options, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return sendPrecompressed(request, reply, body);
  });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
      'no-app': { type: 'boolean', default: false },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  const headers = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

  const children: ChildProcess[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-bench-hooks-'));
  // PostgreSQL runs as its own user, which must reach the data directory.
  await chmod(dataDir, 0o755);
  try {
    const targets: { name: string; url: string; pid: number | undefined }[] = [];
    const hello = await startServer(['--import', 'tsx', 'bench/hello-world.ts'], {}, '/');
    children.push(hello.child);
    targets.push({ name: 'hello-world', url: `http://127.0.0.1:${hello.port}/`, pid: hello.child.pid });
    const self = ['--import', 'tsx', 'bench/hooks.ts'];
    for (const spec of ['', ...HOOKS, 'all'] as ('' | Hook | 'all')[]) {
      const server = await startServer(self, { HOOKS_SERVE: spec }, '/api/roles');
      children.push(server.child);
      const name = spec === '' ? 'no hooks (route only)' : spec === 'all' ? 'all of them' : `+ ${spec}`;
      targets.push({ name, url: `http://127.0.0.1:${server.port}/api/roles`, pid: server.child.pid });
    }
    if (!values['no-app']) {
      const app = await startServer(
        ['--import', 'tsx', 'server/src/main.ts'],
        {
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          RATE_LIMIT_MULTIPLIER: '1000000',
          METRICS_TOKEN: 'bench-metrics-token-0123456789',
        },
        '/api/health',
      );
      children.push(app.child);
      targets.push({ name: 'the app', url: `http://127.0.0.1:${app.port}/api/roles`, pid: app.child.pid });
    }

    const samples = new Map<string, { rps: number; p99: number; cpuUs: number }[]>();
    for (let round = 0; round < rounds; round++) {
      for (const target of targets) {
        await autocannon({ url: target.url, connections, duration: 1, headers });
        const before = cpuSeconds(target.pid);
        const result = await autocannon({ url: target.url, connections, duration, headers });
        const cpu = cpuSeconds(target.pid) - before;
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        const sample = {
          rps: result.requests.average,
          p99: result.latency.p99,
          cpuUs: (cpu * 1e6) / Math.max(1, result.requests.total),
        };
        samples.set(target.name, [...(samples.get(target.name) ?? []), sample]);
      }
    }
    const median = (name: string) => {
      const sorted = [...(samples.get(name) ?? [])].sort((a, b) => a.rps - b.rps);
      return sorted[Math.floor(sorted.length / 2)] ?? { rps: 0, p99: 0, cpuUs: 0 };
    };
    const helloRow = median('hello-world');
    const bare = median('no hooks (route only)');
    console.log(
      `\nGET /api/roles, median of ${rounds} interleaved rounds of ${duration} s, ${connections} connections, Node ${process.version}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
    );
    console.log(
      '| Server | req/s | p99 (ms) | vs hello-world | server CPU µs/request | µs over route only |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const { name } of targets) {
      const row = median(name);
      const over = name === 'hello-world' ? '' : `${Math.round(row.cpuUs - bare.cpuUs)}`;
      console.log(
        `| ${name} | ${Math.round(row.rps).toLocaleString('en')} | ${row.p99} | ${(row.rps / helloRow.rps).toFixed(2)}× | ${Math.round(row.cpuUs)} | ${over} |`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await rm(dataDir, { recursive: true, force: true });
  }
}
