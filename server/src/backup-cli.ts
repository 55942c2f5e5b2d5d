import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { resolveDatabaseForTool } from '#server/db/database-url.ts';
import { loggerOptions } from '#server/logger.ts';
import { createBackup, restoreBackup } from '#server/ops/backup.ts';
import { createStorage } from '#server/uploads/storage.ts';

/**
 * `npm run backup [-- FILE]`: the database (DATABASE_URL, or the embedded one, running or not) and
 * the uploads (DATA_DIR/uploads, or STORAGE_URL's bucket) into one .tar.gz (default
 * ./backups/crewbase-<time>.tar.gz).
 * `npm run restore FILE`: that archive into an empty database and the configured media storage.
 */
const [command, file] = process.argv.slice(2);
const config = loadConfig();
const log = pino(loggerOptions('info'));

if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !file)) {
  console.error('Usage: npm run backup [-- FILE]   |   npm run restore FILE');
  process.exit(2);
}

const database = await resolveDatabaseForTool(config, log);
const media = createStorage(config.storage);
let failed = false;
try {
  await media.check();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const target = path.resolve(file ?? path.join('backups', `crewbase-${stamp}.tar.gz`));
    const manifest = await createBackup(database.url, media, target);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    log.info(
      `Backup written to ${target}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.uploads} uploaded files from ${media.location}`,
    );
  } else {
    const manifest = await restoreBackup(database.url, media, path.resolve(file as string));
    log.info(
      `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: ${manifest.tables.users ?? 0} members, ${manifest.uploads} uploaded files into ${media.location}`,
    );
  }
} catch (error) {
  failed = true;
  log.error({ err: error }, `${command} failed: ${(error as Error).message}`);
} finally {
  media.close();
  await database.stop();
}
process.exit(failed ? 1 : 0);
