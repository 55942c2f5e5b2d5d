import fp from 'fastify-plugin';
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE } from '#server/errors.ts';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment the server starts stopping (SIGTERM): new requests are refused. */
    isStopping(): boolean;
  }
}

/**
 * Graceful stop (issue 21, scenario 2): once `app.close()` begins, requests already running finish,
 * and any new one (a keep-alive connection's next request) answers 503 with Retry-After and
 * `Connection: close`, so the client or load balancer moves to another instance.
 */
export const stoppingPlugin = fp(
  async (app) => {
    let stopping = false;
    app.decorate('isStopping', () => stopping);
    app.addHook('preClose', async () => {
      stopping = true;
    });
    // Callback hooks, not async ones: every request runs them, and a promise per request costs (ADR 029).
    app.addHook('onRequest', (_request, reply, done) => {
      if (!stopping) return done();
      reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close');
      // Not the route's serializer: its 503 schema (e.g. /api/health's) describes another body.
      reply.serializer(JSON.stringify).send(errorBody(SERVICE_UNAVAILABLE));
    });
    // A keep-alive connection would hold the stop until the client hangs up: while stopping, a
    // connection is closed as soon as its last answer is sent (one with a pipelined request waiting
    // stays open until that request has its 503).
    app.addHook('onResponse', (_request, _reply, done) => {
      if (stopping) app.server.closeIdleConnections();
      done();
    });
  },
  { name: 'stopping' },
);
