import fp from 'fastify-plugin';

/** Every answer names its request (`X-Request-Id`), the same id every log line of it carries. */
export const requestIdPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: every request runs it, and a promise per request costs (ADR 029).
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
