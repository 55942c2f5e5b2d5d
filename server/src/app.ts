import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { browseRoutes } from './features/browse/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { roleRoutes } from './features/roles/routes.ts';
import { clientAppPlugin } from './plugins/client-app.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';

export interface BuildAppOptions {
  config: AppConfig;
  /** The database to use: `config.databaseUrl`, or the embedded server main.ts started. */
  databaseUrl: string;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean | object;
}

/** The whole server, ready but not listening: main.ts listens, tests call `app.inject()`. */
export async function buildApp({ config, databaseUrl, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["csrf-token"]'],
    },
    trustProxy: config.publicUrl.protocol === 'https:',
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { https: config.publicUrl.protocol === 'https:' });
  await app.register(databasePlugin, { url: databaseUrl });

  await app.register(healthRoutes);
  await app.register(roleRoutes);
  await app.register(browseRoutes);

  await app.register(clientAppPlugin, { root: config.clientDist });
  await app.ready();
  return app;
}
