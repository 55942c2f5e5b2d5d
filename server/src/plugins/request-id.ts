import fp from 'fastify-plugin';

/** Every answer names its request (`X-Request-Id`), the same id every log line of it carries. */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
