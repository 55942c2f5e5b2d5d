import { parseArgs } from 'node:util';
import { max, sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/client.ts';
import { resolveDatabase } from '#server/db/database-url.ts';
import { users } from '#server/db/schema/index.ts';
import { prepareDatabase } from '#server/db/setup.ts';
import { insertDemoCrewInBulk } from './bulk-crew.ts';
import { insertDemoCrew } from './insert-crew.ts';

/**
 * `npm run seed -- --users 100000`: adds demo crew to the configured database, in batches.
 * `--fast` loads the same crew in one transaction with the search index built at the end
 * (bulk-crew.ts): for benchmark databases of millions that nothing else is using.
 */
const { values } = parseArgs({
  options: { users: { type: 'string', default: '500' }, fast: { type: 'boolean', default: false } },
});
const count = Number.parseInt(values.users, 10);
if (!Number.isInteger(count) || count < 1) {
  console.error('--users must be a positive whole number');
  process.exit(2);
}

const config = loadConfig();
const log = pino({ level: config.logLevel });
const database = await resolveDatabase(config, log);
const handle = connectDatabase(database.url, 2);
try {
  await prepareDatabase(handle.db);
  const [row] = await handle.db.select({ highest: max(users.id) }).from(users);
  const offset = row?.highest ?? 0;
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  let lastReport = 0;
  const report = (what: string, done: number) => {
    if (done - lastReport >= Math.max(10_000, count / 10) || done === count) {
      lastReport = done === count ? 0 : done;
      log.info(`${done.toLocaleString('en')} / ${count.toLocaleString('en')} crew ${what} (${seconds()} s)`);
    }
  };
  if (values.fast) {
    await insertDemoCrewInBulk(handle.pool, count, offset, (step, done) => report(step, done));
  } else {
    await insertDemoCrew(handle.db, count, offset, (inserted) => report('inserted', inserted));
  }
  log.info(`Added ${count.toLocaleString('en')} crew in ${seconds()} s`);
  // Fresh statistics for the planner, and the vacuum autovacuum would otherwise start in a minute.
  await handle.db.execute(sql`vacuum analyze`);
  log.info(`Vacuumed and analysed (${seconds()} s in all)`);
} finally {
  await handle.close();
  await database.stop();
}
