import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import { errorBody } from './errors.ts';
import { RequestLatency } from './request-latency.ts';

export const METRICS_PATH = '/metrics';
export const METRICS_TOKEN_REFUSED = 'A valid metrics token is required';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at /metrics (issue 21), only when METRICS_TOKEN is set (otherwise the path is a
 * 404 like any unknown one), read with `Authorization: Bearer <token>`: request latency per route,
 * the database pool, open HTTP connections and realtime sockets, event-loop delay, and Node's
 * defaults (RSS, heap, GC). Each app has its own registry, so tests can build several.
 */
export const metricsPlugin = fp<{ token: string | undefined }>(
  async (app, { token }) => {
    if (!token) {
      // Not the web app's page either (unknown paths serve the SPA): a plain 404.
      app.get(METRICS_PATH, async (_request, reply) =>
        reply.code(404).send(errorBody(`Not found: ${METRICS_PATH}`)),
      );
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const latency = new RequestLatency(
      'http_request_duration_seconds',
      'Time to answer an HTTP request, by route pattern',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    );
    // The registry reads a metric through get() and reset(); its types name only prom-client's own.
    registry.registerMetric(latency as unknown as Metric);
    // A callback hook, not an async one: every request runs it (ADR 029).
    app.addHook('onResponse', (request, reply, done) => {
      // The pattern (`/api/users/:id`), never the raw URL: ids would make a series per user.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== METRICS_PATH)
        latency.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    const pool = () => app.db.$client;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = pool();
        this.set({ state: 'total' }, p.totalCount);
        this.set({ state: 'idle' }, p.idleCount);
        this.set({ state: 'in_use' }, p.totalCount - p.idleCount);
        this.set({ state: 'waiting' }, p.waitingCount);
      },
    });
    new Gauge({
      name: 'realtime_sockets_open',
      help: 'Realtime (WebSocket) connections open on this instance',
      registers: [registry],
      collect() {
        this.set(app.websocketServer?.clients.size ?? 0);
      },
    });
    new Gauge({
      name: 'http_connections_open',
      help: 'HTTP connections open on this instance',
      registers: [registry],
      async collect() {
        const count = await new Promise<number>((resolve) =>
          app.server.getConnections((err, n) => resolve(err ? 0 : n)),
        );
        this.set(count);
      },
    });
    // Read from the outbox worker's totals at each scrape (plugins/mail-outbox.ts, registered later).
    new Counter({
      name: 'mail_outbox_deliveries_total',
      help: 'Outbox mail delivery outcomes on this instance: sent, retried (will try again), failed (given up), skipped (no longer wanted)',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        if (!app.hasDecorator('mailOutcomes')) return;
        const totals = app.mailOutcomes;
        this.reset();
        this.inc({ outcome: 'sent' }, totals.sent);
        this.inc({ outcome: 'retried' }, totals.retrying);
        this.inc({ outcome: 'failed' }, totals.failed);
        this.inc({ outcome: 'skipped' }, totals.skipped);
      },
    });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    app.addHook('onClose', async () => delay.disable());
    new Gauge({
      name: 'event_loop_delay_seconds',
      help: 'Event-loop delay since the previous scrape, by quantile',
      labelNames: ['quantile'] as const,
      registers: [registry],
      collect() {
        for (const q of [50, 90, 99]) this.set({ quantile: String(q / 100) }, delay.percentile(q) / 1e9);
        this.set({ quantile: '1' }, delay.max / 1e9);
        delay.reset();
      },
    });

    app.get(METRICS_PATH, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send(errorBody(METRICS_TOKEN_REFUSED));
      }
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
