import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '#common/schemas/search';
import type { DatabaseHandle } from '#server/db/client.ts';
import { search } from '#server/features/search/service.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import { insertDemoCrewInBulk } from './bulk-crew.ts';
import { insertDemoCrew } from './insert-crew.ts';

// Past two of the app-level seeder's batches of 2,000, whose edges decide who reviewed whom.
const COUNT = 4_100;
let app: DatabaseHandle;
let bulk: DatabaseHandle;

beforeAll(async () => {
  [app, bulk] = (await Promise.all([createTestDatabase(), createTestDatabase()]).then((all) =>
    all.map((d) => d.handle),
  )) as [DatabaseHandle, DatabaseHandle];
  await insertDemoCrew(app.db, COUNT, 0);
  await insertDemoCrewInBulk(bulk.pool, COUNT, 0);
  await Promise.all([app.db.execute(sql`analyze`), bulk.db.execute(sql`analyze`)]);
}, 180_000);

/** Everything the seeders write but moments (random, or counted back from now()), in a stable order. */
const TABLES: Record<string, string> = {
  users:
    'select id, username, email, display_name, location, bio, email_verified_at is not null as verified from users order by id',
  user_roles: 'select user_id, role_id, position from user_roles order by 1, 2',
  experiences:
    'select user_id, title, project_name, start_date::text, end_date::text, description, position from experiences order by 1, 7',
  credentials: 'select user_id, title, institution, year from credentials order by 1, 2',
  user_tags: 'select user_id, tag from user_tags order by id',
  portfolio_items:
    'select user_id, kind, title, url, description, position from portfolio_items order by 1, 6',
  reviews:
    'select subject_id, reviewer_id, rating, text, project_name, created_at = updated_at as unedited from reviews order by 1, 2',
  rating_summaries: 'select * from rating_summaries order by user_id',
  crew_search: `select user_id, name, location, role_ids, document::text, snippet_source, career_start::text,
    has_portfolio, rating_average, rating_count, rating_score, verified_count, search_tier
    from crew_search order by user_id`,
  crew_search_roles: 'select * from crew_search_roles order by user_id, role_id',
  // Item ids and creation times differ between the two loads; what each document holds does not.
  profile_documents: `select user_id, d->'username', d->'rating', d->'roles',
    jsonb_array_length(d->'experiences'), jsonb_array_length(d->'credentials'),
    jsonb_array_length(d->'tags'), jsonb_array_length(d->'portfolio')
    from profile_documents, lateral (select body::jsonb as d) x order by user_id`,
  search_terms: 'select term from search_terms order by 1',
  search_lexemes: 'select lexeme from search_lexemes order by 1',
  search_locations: 'select location from search_locations order by 1',
  indexes: `select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`,
};

describe('bulk demo crew (npm run seed -- --fast)', () => {
  it('writes what the app-level seeder writes, row for row', async () => {
    for (const [table, query] of Object.entries(TABLES)) {
      const [a, b] = await Promise.all([app.pool.query(query), bulk.pool.query(query)]);
      expect(a.rows.length, table).toBeGreaterThan(0);
      expect(b.rows, table).toEqual(a.rows);
    }
  });

  it('leaves the id sequence past the crew, so the next sign-up gets a fresh id', async () => {
    const { rows } = await bulk.pool.query<{ next: number }>(`select nextval('users_id_seq')::int as next`);
    expect(rows[0]?.next).toBe(COUNT + 1);
  });

  it('answers searches as the app-level seeder does: words, roles, rating order', async () => {
    const queries = [
      { q: 'gaffer' },
      { q: 'steadicam documentaries' },
      { sort: 'rating' },
      { q: 'gaffer', location: 'atlanta' },
      // A listing by one role reads crew_search_roles (ADR 042).
      { role: '1' },
      { role: '2', location: 'atlanta' },
    ];
    for (const query of queries) {
      const parsed = searchQuery.parse(query);
      const [a, b] = await Promise.all([search(app.db, parsed, false), search(bulk.db, parsed, false)]);
      expect(b, JSON.stringify(query)).toEqual(a);
    }
    const gaffers = await search(bulk.db, searchQuery.parse({ q: 'gaffer' }), false);
    expect(gaffers.results.length).toBeGreaterThan(0);
    for (const card of gaffers.results) expect(JSON.stringify(card).toLowerCase()).toContain('gaffer');
    const byRating = await search(bulk.db, searchQuery.parse({ sort: 'rating' }), false);
    // Best first by the Bayesian score (crew_rating_score: ten phantom reviews at 3.5 stars).
    const scores = byRating.results.map((c) => (35 + c.ratingAverage * c.ratingCount) / (10 + c.ratingCount));
    expect(scores.length).toBeGreaterThan(1);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
  });
});
