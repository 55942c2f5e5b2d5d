import type pg from 'pg';
import { type DemoCrewMember, generateDemoCrew } from './demo-crew.ts';

/**
 * `npm run seed -- --fast`: the same demo crew as `insertDemoCrew`, row for row, loaded for
 * benchmarks at millions. The app-level seeder keeps the search index current batch by batch, so
 * every batch updates seven GIN indexes and the word lists: 16–39 minutes a million on this
 * machine. Here the rows go in as column arrays (`unnest`), crew_search's own indexes are dropped
 * while `crew_search_refresh` builds the rows and created again at the end, all in one
 * transaction: the indexes are then built once, sorted, and a failed load leaves nothing behind.
 * The table is locked for the whole load, so this is for a database the app is not using.
 */

/**
 * Same batches as the app-level seeder: a review's author is looked up within the batch
 * (`created[i - distance]`), so equal batches give equal reviews.
 */
const REVIEW_BATCH = 2_000;
/** Crew per round trip of inserts. */
const INSERT_CHUNK = 10_000;
/** Crew per call of crew_search_refresh and of the rating summaries. */
const REFRESH_CHUNK = 25_000;

export type BulkStep = 'inserted' | 'summarised' | 'indexed';

export async function insertDemoCrewInBulk(
  pool: pg.Pool,
  count: number,
  offset: number,
  onProgress?: (step: BulkStep, done: number) => void,
): Promise<void> {
  const client = await pool.connect();
  try {
    // Session settings: the triggers skip their per-statement refresh (done here in chunks), and
    // index builds get the memory to sort in one pass.
    await client.query(`set crewbase.search_deferred = 'on'`);
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query('begin');
    // Foreign keys are not checked row by row: every id is assigned here, roles come from the
    // table. Only a superuser may skip them; anyone else's load is slower, not different.
    const { rows: superuser } = await client.query<{ yes: boolean }>(
      'select rolsuper as yes from pg_roles where rolname = current_user',
    );
    if (superuser[0]?.yes) await client.query('set local session_replication_role = replica');
    const loadIndexes = await dropIndexes(client, LOADED_TABLES);
    const searchIndexes = await dropIndexes(client, ['crew_search', 'crew_search_roles']);
    const roleIds = new Map(
      (await client.query<{ id: number; name: string }>('select id, name from roles')).rows.map((r) => [
        r.name,
        r.id,
      ]),
    );
    const crew = generateDemoCrew(count, offset);
    // The next chunk is generated while PostgreSQL inserts this one: the two take about as long.
    let inserting: Promise<unknown> = Promise.resolve();
    for (let start = 0; start < count; start += INSERT_CHUNK) {
      const chunk: DemoCrewMember[] = [];
      for (let i = 0; i < INSERT_CHUNK && start + i < count; i++) {
        const next = crew.next();
        if (next.done) break;
        chunk.push(next.value);
      }
      await inserting;
      inserting = insertChunk(client, chunk, offset, start, roleIds).then(() =>
        onProgress?.('inserted', start + chunk.length),
      );
    }
    await inserting;
    await client.query(`select setval('users_id_seq', greatest((select max(id) from users), 1))`);
    // The refresh reads the loaded tables through these indexes.
    for (const definition of loadIndexes) await client.query(definition);
    for (let start = 0; start < count; start += REFRESH_CHUNK) {
      const ids = Array.from(
        { length: Math.min(REFRESH_CHUNK, count - start) },
        (_, i) => offset + start + i + 1,
      );
      await client.query(SUMMARISE_RATINGS, [ids]);
      await client.query('select crew_search_refresh($1::integer[])', [ids]);
      // Its trigger is off under session_replication_role (ADR 042); a no-op where it ran.
      await client.query('select crew_search_roles_add($1::integer[])', [ids]);
      await client.query('select profile_documents_refresh($1::integer[])', [ids]);
      onProgress?.('summarised', start + ids.length);
    }
    for (const definition of searchIndexes) await client.query(definition);
    onProgress?.('indexed', count);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    // The session settings must not follow this connection back into the pool.
    client.release(true);
  }
}

/** The tables the crew are written to, besides the search index and the rating summaries. */
const LOADED_TABLES = [
  'users',
  'user_roles',
  'experiences',
  'credentials',
  'user_tags',
  'portfolio_items',
  'reviews',
];

/**
 * Drops the indexes of these tables that no constraint owns (primary keys and unique constraints
 * stay: the upserts need them) and returns their DDL, to build each again once, sorted.
 */
async function dropIndexes(client: pg.PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = any($1::regclass[])
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
     order by c.relname`,
    [tables],
  );
  for (const row of rows) await client.query(`drop index "${row.name}"`);
  return rows.map((row) => row.definition);
}

/** The same statement as `summariseRatings` (features/reviews/queries.ts), on this connection. */
const SUMMARISE_RATINGS = `
  insert into rating_summaries (user_id, review_count, rating_sum, count_1, count_2, count_3, count_4, count_5, verified_count)
  select s.id, count(r.id), coalesce(sum(r.rating), 0),
    count(*) filter (where r.rating = 1), count(*) filter (where r.rating = 2), count(*) filter (where r.rating = 3),
    count(*) filter (where r.rating = 4), count(*) filter (where r.rating = 5), count(*) filter (where r.verified_collaboration)
  from unnest($1::integer[]) as s(id)
  left join reviews r on r.subject_id = s.id and r.hidden_at is null
  group by s.id
  having count(r.id) > 0 or exists (select 1 from rating_summaries rs where rs.user_id = s.id)
  on conflict (user_id) do update set review_count = excluded.review_count, rating_sum = excluded.rating_sum,
    count_1 = excluded.count_1, count_2 = excluded.count_2, count_3 = excluded.count_3,
    count_4 = excluded.count_4, count_5 = excluded.count_5, verified_count = excluded.verified_count`;

/** Columns of one table as arrays, one array per column, for `unnest`. */
class Columns<const K extends string> {
  readonly values: Record<K, unknown[]>;
  constructor(readonly names: readonly K[]) {
    this.values = Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<K, unknown[]>;
  }
  add(row: Record<K, unknown>) {
    for (const name of this.names) this.values[name].push(row[name]);
  }
  params() {
    return this.names.map((name) => this.values[name]);
  }
}

/** `chunk[k]` is this run's member `start + k`, with the id the app-level seeder's serial would give. */
async function insertChunk(
  client: pg.PoolClient,
  chunk: DemoCrewMember[],
  offset: number,
  start: number,
  roleIds: Map<string, number>,
) {
  const users = new Columns(['id', 'username', 'email', 'name', 'location', 'bio']);
  const links = new Columns(['user', 'role', 'position']);
  const jobs = new Columns(['user', 'title', 'project', 'start', 'end', 'description', 'position']);
  const degrees = new Columns(['user', 'title', 'institution', 'year']);
  const tags = new Columns(['user', 'tag']);
  const portfolio = new Columns(['user', 'title', 'url', 'description', 'position']);
  const reviews = new Columns(['subject', 'reviewer', 'rating', 'text', 'project']);
  chunk.forEach((person, k) => {
    const id = offset + start + k + 1;
    const inBatch = (start + k) % REVIEW_BATCH;
    users.add({
      id,
      username: person.username,
      email: person.email,
      name: person.displayName,
      location: person.location,
      bio: person.bio,
    });
    for (const [position, name] of person.roleNames.entries())
      links.add({ user: id, role: roleIds.get(name) ?? 0, position });
    for (const [position, e] of person.experiences.entries())
      jobs.add({
        user: id,
        title: e.title,
        project: e.projectName,
        start: e.startDate,
        end: e.endDate,
        description: e.description,
        position,
      });
    for (const c of person.credentials)
      degrees.add({ user: id, title: c.title, institution: c.institution, year: c.year });
    for (const tag of person.tags) tags.add({ user: id, tag });
    for (const [position, p] of person.portfolio.entries())
      portfolio.add({ user: id, title: p.title, url: p.url, description: p.description, position });
    for (const r of person.reviews) {
      if (inBatch < r.reviewerDistance) continue;
      reviews.add({
        subject: id,
        reviewer: id - r.reviewerDistance,
        rating: r.rating,
        text: r.text,
        project: r.projectName,
      });
    }
  });
  await client.query(
    `insert into users (id, username, email, display_name, location, bio, created_at, email_verified_at)
     select *, now() - (random() * interval '1095 days'), now()
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
    users.params(),
  );
  await client.query(
    'insert into user_roles (user_id, role_id, position) select * from unnest($1::int[], $2::int[], $3::int[])',
    links.params(),
  );
  await client.query(
    `insert into experiences (user_id, title, project_name, start_date, end_date, description, position)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::date[], $5::date[], $6::text[], $7::int[])`,
    jobs.params(),
  );
  await client.query(
    `insert into credentials (user_id, title, institution, year)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::int[])`,
    degrees.params(),
  );
  await client.query(
    'insert into user_tags (user_id, tag) select * from unnest($1::int[], $2::text[])',
    tags.params(),
  );
  await client.query(
    `insert into portfolio_items (user_id, title, url, description, position, kind)
     select *, 'link' from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[])`,
    portfolio.params(),
  );
  // Written some time in the past year and never edited, at the app-level seeder's moment.
  await client.query(
    `insert into reviews (subject_id, reviewer_id, rating, text, project_name, created_at, updated_at)
     select s, r, g, t, p, w, w
     from unnest($1::int[], $2::int[], $3::smallint[], $4::text[], $5::text[]) as x(s, r, g, t, p)
     cross join lateral (select now() - (((s::bigint * 7919 + r::bigint * 104729) % 10000) / 10000.0)::float8
       * interval '365 days' as w) as written`,
    reviews.params(),
  );
}
