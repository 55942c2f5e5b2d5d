import fp from 'fastify-plugin';
import { connectDatabase, type Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Opens the connection pool for the app's lifetime; `app.close()` ends it after in-flight requests. */
export const databasePlugin = fp<{ url: string }>(
  async (app, { url }) => {
    const handle = connectDatabase(url);
    app.decorate('db', handle.db);
    app.addHook('onClose', async () => handle.close());
  },
  { name: 'database' },
);
