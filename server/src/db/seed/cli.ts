import { parseArgs } from 'node:util';
import { max, sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../../config.ts';
import { connectDatabase } from '../client.ts';
import { resolveDatabase } from '../database-url.ts';
import { users } from '../schema/index.ts';
import { prepareDatabase } from '../setup.ts';
import { insertDemoCrew } from './insert-crew.ts';

/** `npm run seed -- --users 100000`: adds demo crew to the configured database, in batches. */
const { values } = parseArgs({ options: { users: { type: 'string', default: '500' } } });
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
  const started = performance.now();
  let lastReport = 0;
  await insertDemoCrew(handle.db, count, row?.highest ?? 0, (inserted) => {
    if (inserted - lastReport >= 10_000 || inserted === count) {
      lastReport = inserted;
      log.info(`${inserted.toLocaleString('en')} / ${count.toLocaleString('en')} crew inserted`);
    }
  });
  log.info(
    `Added ${count.toLocaleString('en')} crew in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // Fresh statistics for the planner, and the vacuum autovacuum would otherwise start in a minute.
  await handle.db.execute(sql`vacuum analyze`);
} finally {
  await handle.close();
  await database.stop();
}
