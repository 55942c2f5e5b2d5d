import { Histogram, type Metric, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestLatency } from './request-latency.ts';

const NAME = 'http_request_duration_seconds';
const HELP = 'Time to answer an HTTP request, by route pattern';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests as [method, route, status, seconds]: bucket edges, past the last bucket, several series. */
const REQUESTS: [string, string, number, number][] = [
  ['GET', '/api/roles', 200, 0.0004],
  ['GET', '/api/roles', 200, 0.005],
  ['GET', '/api/users/:id', 404, 0.0051],
  ['GET', '/api/roles', 200, 0.3],
  ['POST', '/api/login', 429, 12],
  ['GET', 'unmatched', 404, 0.001],
  ['GET', '/api/users/:id', 200, 1],
  ['GET', '/api/roles', 304, 0.00002],
  ['GET', '/api/users/:id', 404, 2.5],
  ['POST', '/api/login', 200, 0.07],
];

describe('RequestLatency', () => {
  it('gives /metrics the same text as prom-client’s Histogram for the same requests', async () => {
    const reference = new Registry();
    const histogram = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: BUCKETS,
      registers: [reference],
    });
    const registry = new Registry();
    const latency = new RequestLatency(NAME, HELP, BUCKETS);
    registry.registerMetric(latency as unknown as Metric);

    for (const [method, route, status, seconds] of REQUESTS) {
      histogram.observe({ method, route, status_code: String(status) }, seconds);
      latency.observe(method, route, status, seconds);
    }
    const text = await registry.metrics();
    expect(text).toBe(await reference.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/roles",status_code="200"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="POST",route="/api/login",status_code="429"} 1',
    );

    latency.reset();
    histogram.reset();
    expect(await registry.metrics()).toBe(await reference.metrics());
  });
});
