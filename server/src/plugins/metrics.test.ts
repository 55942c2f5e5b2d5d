import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';

const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  it('is a 404 when METRICS_TOKEN is not set', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('asks for the token, then reports latency per route, the pool, sockets and event-loop delay', async () => {
    const t = await createTestApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.message).toBe('A valid metrics token is required');
    }

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/12345' })).statusCode).toBe(404);

    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/,
    );
    // The route pattern, never the id: one series per route, not per user.
    expect(text).toContain('route="/api/users/:id",status_code="404"');
    expect(text).not.toContain('/api/users/12345');
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
    expect(text).toMatch(/realtime_sockets_open 0/);
    expect(text).toMatch(/http_connections_open \d+/);
    expect(text).toMatch(/event_loop_delay_seconds\{quantile="0.99"\} [\d.e-]+/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toMatch(/nodejs_heap_size_used_bytes \d+/);
  });
});
