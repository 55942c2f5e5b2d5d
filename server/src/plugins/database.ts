import fp from 'fastify-plugin';
import { connectDatabase, type Database } from '#server/db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

const DRAIN_LIMIT_MS = 8_000;
/** No request's statement runs longer: the slowest search is far below (docs/benchmarks.md). */
const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * Opens the connection pool for the app's lifetime. On close, the server has stopped taking
 * requests, but handlers of requests whose client already hung up may still be querying: wait until
 * no connection is checked out before ending the pool, so they finish instead of failing.
 */
export const databasePlugin = fp<{ url: string; poolSize: number }>(
  async (app, { url, poolSize }) => {
    const handle = connectDatabase(url, { poolSize, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    app.decorate('db', handle.db);
    app.addHook('onClose', async () => {
      const { pool } = handle;
      const busy = () => pool.totalCount > pool.idleCount || pool.waitingCount > 0;
      // A read batched for this turn of the event loop (profiles/queries.ts) is sent at
      // setImmediate: let it reach the pool before asking whether the pool is busy.
      await new Promise((resolve) => setImmediate(resolve));
      for (let waited = 0; busy() && waited < DRAIN_LIMIT_MS; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await handle.close();
    });
  },
  { name: 'database' },
);
