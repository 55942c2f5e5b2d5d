import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { prepareDatabase } from '../src/db/setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL per test run: the embedded one in a temporary directory, or DATABASE_URL's server.
 * A template database is migrated once; every test file clones it (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const quiet = { info() {}, warn: (msg: string) => console.warn(msg) };
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    tempDir = await mkdtemp(path.join(tmpdir(), 'crewbase-test-'));
    // When we run as root, PostgreSQL runs as the `postgres` user and must be able to enter this folder.
    await chmod(tempDir, 0o755);
    embedded = await startEmbeddedPostgres(path.join(tempDir, 'postgres'), quiet);
    adminUrl = embedded.url();
  }

  const templateDatabase = `crewbase_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  const template = connectDatabase(withDatabase(adminUrl, templateDatabase), 1);
  await prepareDatabase(template.db);
  await template.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`${templateDatabase}_f%`, templateDatabase],
    );
    for (const { datname } of leftovers.rows)
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
