import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import stem from 'wink-porter2-stemmer';
import { LIMITS } from '#common/limits';
import type { SearchResponse, SearchResult } from '#common/schemas/search';
import {
  ratingSummaries,
  roles,
  subscriptions,
  userRoles,
  users,
  userTags,
} from '#server/db/schema/index.ts';
import { insertDemoCrew } from '#server/db/seed/insert-crew.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { estimateTextMatches } from './estimate.ts';
import { findPage } from './queries.ts';
import { PREMIUM_FILTER_MESSAGE } from './service.ts';
import { loadTextStatistics } from './word-queries.ts';

/** People written for these tests, on top of 400 deterministic demo crew. */
interface Person {
  name: string;
  location: string;
  roles: string[];
  tags?: string[];
  bio?: string;
}

describe('GET /api/search', () => {
  let t: TestApp;
  const ids = new Map<string, number>();
  const roleId = new Map<string, number>();

  async function addPerson(person: Person): Promise<number> {
    const username = person.name.toLowerCase().replace(/\W+/g, '_');
    const [row] = await t.db
      .insert(users)
      .values({
        username,
        email: `${username}@example.com`,
        displayName: person.name,
        location: person.location,
        bio: person.bio ?? null,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('insert failed');
    await t.db
      .insert(userRoles)
      .values(
        person.roles.map((name, position) => ({ userId: row.id, roleId: roleId.get(name) ?? 0, position })),
      );
    if (person.tags) await t.db.insert(userTags).values(person.tags.map((tag) => ({ userId: row.id, tag })));
    ids.set(person.name, row.id);
    return row.id;
  }

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  const search = async (query: string): Promise<SearchResponse> => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = (body: SearchResponse) => body.results.map((r: SearchResult) => r.displayName);

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of await t.db.select().from(roles)) roleId.set(role.name, role.id);
    await insertDemoCrew(t.db, 400, 0);
    await addPerson({
      name: 'Marisol Quintero',
      location: 'Atlanta, GA',
      roles: ['Gaffer', 'Grip'],
      tags: ['Steadicam', 'Night exteriors'],
      bio: 'Lights big night exteriors for features and series.',
    });
    await addPerson({
      name: 'Ingrid Solberg',
      location: 'Oslo, Norway',
      roles: ['Cinematographer'],
      bio: 'Shoots on film whenever the budget allows.',
    });
    await addPerson({ name: 'Tobiah Wrenfield', location: 'Vancouver, BC', roles: ['Sound Mixer'] });
  });

  it('answers the same once PostgreSQL keeps a generic plan for the search statement', async () => {
    // A text-only search is a prepared statement: from the sixth run on a connection PostgreSQL
    // may stop planning it for these words and reuse a plan made without them.
    // So is one narrowed to roles or places, whose facet words the same plan intersects.
    const gaffer = roleId.get('Gaffer');
    for (const pair of [
      ['q=steadicam%20night', 'q=director'],
      [`q=night%20&role=${gaffer}`, `q=director%20&role=${roleId.get('Editor')}&role=${gaffer}`],
    ]) {
      const answers = [];
      for (let run = 0; run < 8; run++) {
        const body = await search(pair[run % 2] as string);
        answers.push({
          total: body.total,
          ids: body.results.map((r) => r.id),
          snippets: body.results.map((r) => r.snippet),
        });
      }
      expect(answers[0]?.ids).toContain(ids.get('Marisol Quintero'));
      for (const [run, answer] of answers.entries()) expect(answer).toEqual(answers[run % 2]);
    }
  });

  it('stems the words snippets are cut from as PostgreSQL does', async () => {
    const { rows } = await t.db.execute<{ word: string; lexeme: string }>(sql`
      select distinct w.word, l.lexemes[1] as lexeme
      from crew_search cs
      cross join lateral regexp_split_to_table(lower(cs.snippet_source), '[^[:alnum:]]+') as w(word)
      cross join lateral (select ts_lexize('english_stem', w.word) as lexemes) l
      where w.word <> '' and cardinality(l.lexemes) > 0`);
    expect(rows.length).toBeGreaterThan(100);
    const differing = rows.filter((row) => stem(row.word) !== row.lexeme);
    expect(differing).toEqual([]);
  });

  it('answers an empty page past the last result, with the total still right', async () => {
    const few = await search('q=Marisol&limit=1');
    expect(few.total).toBeGreaterThan(0);
    const past = await search(`q=Marisol&limit=1&page=${few.total + 1}`);
    expect(past.results).toEqual([]);
    expect(past.total).toBe(few.total);
    // Past the end of everyone: the count alone, and the estimate past the bound.
    const many = await search('sort=rating&limit=50&page=20');
    expect(many.results).toEqual([]);
    expect(many.totalIsCapped).toBe(true);
    expect(many.total).toBeGreaterThan(LIMITS.searchExactCountMax);
  });

  it('estimates past the bound with a filter whose value is a list', async () => {
    // The estimate gets the condition's values as text: a list of role ids must arrive whole.
    // Every role is more than a request may name, so findPage is asked directly.
    await t.db.execute(sql`analyze crew_search`);
    const everyRole = [...roleId.values()];
    const filters = { text: null, roleIds: everyRole, categoryRoleIds: null, places: null };
    const page = await findPage(t.db, filters, 'rating', 20, 0, await loadTextStatistics(t.db));
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from crew_search`);
    const crew = rows[0]?.n ?? 0;
    expect(page.cards).toHaveLength(20);
    expect(page.estimated).toBe(true);
    expect(Math.abs(page.total - crew)).toBeLessThan(crew * 0.2);
  });

  it('finds a person by their exact name, first', async () => {
    const body = await search('q=Marisol%20Quintero');
    expect(names(body)[0]).toBe('Marisol Quintero');
    expect(body.correctedQuery).toBeNull();
  });

  it('finds a name from its first letters while it is being typed', async () => {
    expect(names(await search('q=Marisol%20Quin'))).toContain('Marisol Quintero');
    expect(names(await search('q=tobia'))).toContain('Tobiah Wrenfield');
  });

  it('corrects a misspelt name and says what it searched for instead', async () => {
    const body = await search('q=Marisol%20Qintero');
    expect(names(body)[0]).toBe('Marisol Quintero');
    expect(body.correctedQuery).toBe('marisol quintero');
  });

  it('corrects a misspelt role word and a misspelt place', async () => {
    const role = await search('q=cinematografer');
    expect(role.correctedQuery).toBe('cinematographer');
    expect(role.results.length).toBeGreaterThan(0);
    expect(role.results.every((r) => r.roles.some((x) => x.name === 'Cinematographer') || r.snippet)).toBe(
      true,
    );
    const place = await search('q=Marisol%20Atlana');
    expect(place.correctedQuery).toBe('marisol atlanta');
    expect(names(place)).toContain('Marisol Quintero');
  });

  it('finds crew by a role word, with the role name highlighted in the snippet', async () => {
    const body = await search('q=gaffer&limit=50');
    expect(names(body)).toContain('Marisol Quintero');
    const gaffers = body.results.filter((r) => r.roles.some((role) => role.name === 'Gaffer'));
    expect(gaffers.length).toBeGreaterThan(0);
    const withSnippet = body.results.find((r) => r.snippet);
    expect(withSnippet?.snippet?.some((part) => part.match && /gaffer/i.test(part.text))).toBe(true);
  });

  it('understands crew synonyms: DP finds cinematographers whose profile never says DP', async () => {
    const body = await search('q=DP&limit=50');
    expect(names(body)).toContain('Ingrid Solberg');
    expect(body.results.every((r) => r.roles.length > 0)).toBe(true);
    expect(names(await search('q=director%20of%20photography&limit=50'))).toContain('Ingrid Solberg');
    expect(names(await search('q=sound%20recordist&limit=50'))).toContain('Tobiah Wrenfield');
  });

  it('finds a skill tag and a place in free text', async () => {
    expect(names(await search('q=steadicam%20atlanta&limit=50'))).toContain('Marisol Quintero');
  });

  it('filters by location, forgiving a misspelling', async () => {
    const body = await search('location=Atlana&limit=50');
    expect(body.total).toBeGreaterThan(0);
    expect(names(body)).toContain('Marisol Quintero');
    expect(body.results.every((r) => r.location?.includes('Atlanta'))).toBe(true);
  });

  it('filters by role (any of several) and counts exactly who has them', async () => {
    const gaffer = roleId.get('Gaffer') as number;
    const grip = roleId.get('Grip') as number;
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(distinct user_id)::int as n from user_roles where role_id in (${gaffer}, ${grip})`,
    );
    const body = await search(`role=${gaffer}&role=${grip}&limit=50`);
    expect(body.total).toBe(rows[0]?.n);
    expect(body.totalIsCapped).toBe(false);
    for (const person of body.results)
      expect(person.roles.some((role) => role.id === gaffer || role.id === grip)).toBe(true);
  });

  it('filters by category', async () => {
    const body = await search('category=post-production&limit=50');
    expect(body.total).toBeGreaterThan(0);
    for (const person of body.results)
      expect(person.roles.some((role) => role.category === 'post-production')).toBe(true);
  });

  it('combines role and location', async () => {
    const body = await search(`role=${roleId.get('Gaffer')}&location=atlanta&limit=50`);
    expect(names(body)).toContain('Marisol Quintero');
    for (const person of body.results) {
      expect(person.location).toContain('Atlanta');
      expect(person.roles.some((role) => role.name === 'Gaffer')).toBe(true);
    }
  });

  /** How many crew match these words (as the index reads them) and this SQL condition. */
  const countWhere = async (words: string, condition: ReturnType<typeof sql>) => {
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from crew_search cs
      where cs.document @@ to_tsquery('english', ${words}) and ${condition}`);
    return rows[0]?.n ?? 0;
  };

  it('narrows a text search to a role, a category and a place, counting exactly who matches', async () => {
    const gaffer = roleId.get('Gaffer') as number;
    const byRole = await search(`q=night%20&role=${gaffer}&limit=50`);
    expect(names(byRole)).toContain('Marisol Quintero');
    expect(byRole.total).toBe(await countWhere('night', sql`${gaffer} = any(cs.role_ids)`));
    for (const person of byRole.results) expect(person.roles.map((role) => role.id)).toContain(gaffer);

    const byPlace = await search('q=night%20&location=atlanta&limit=50');
    expect(names(byPlace)).toContain('Marisol Quintero');
    expect(byPlace.total).toBe(await countWhere('night', sql`cs.location = 'atlanta, ga'`));
    expect(byPlace.results.every((r) => r.location === 'Atlanta, GA')).toBe(true);

    const both = await search(`q=marisol%20&role=${gaffer}&location=atlana`);
    expect(names(both)).toEqual(['Marisol Quintero']);
    expect((await search(`q=marisol%20&role=${roleId.get('Editor')}&location=atlanta`)).total).toBe(0);

    const production = await search('q=night%20&category=production&limit=50');
    expect(production.total).toBeGreaterThan(0);
    for (const person of production.results)
      expect(person.roles.some((role) => role.category === 'production')).toBe(true);
    // A text search narrowed to a place nobody gives matches nobody, without an error.
    expect((await search('q=night&location=zzqqxx')).total).toBe(0);
  });

  it('narrows to a place whose name has quotes and backslashes in it', async () => {
    await addPerson({ name: "Oona O'Hanlon", location: "Martha's Vineyard, MA", roles: ['Editor'] });
    await addPerson({ name: 'Bex Backslash', location: 'Back\\slash Bay', roles: ['Editor'] });
    expect(names(await search("q=oona%20&location=martha's%20vineyard"))).toEqual(["Oona O'Hanlon"]);
    expect(names(await search('q=bex%20&location=back%5Cslash%20bay'))).toEqual(['Bex Backslash']);
    expect((await search("q=bex%20&location=martha's%20vineyard")).total).toBe(0);
  });

  it('keeps role and place filters current as a profile changes', async () => {
    const id = await addPerson({
      name: 'Zephyrine Castellan',
      location: 'Lisbon, Portugal',
      roles: ['Editor'],
    });
    const colorist = roleId.get('Colorist') as number;
    expect((await search(`q=zephyrine%20&role=${colorist}`)).total).toBe(0);
    await t.db.insert(userRoles).values({ userId: id, roleId: colorist, position: 1 });
    await t.db.update(users).set({ location: 'Porto, Portugal' }).where(sql`${users.id} = ${id}`);
    expect(names(await search(`q=zephyrine%20&role=${colorist}&location=porto`))).toEqual([
      'Zephyrine Castellan',
    ]);
    expect((await search('q=zephyrine%20&location=lisbon')).total).toBe(0);
  });

  it('sorts by rating, by number of reviews and by newest', async () => {
    const byRating = await search('sort=rating&limit=50');
    const { rows } = await t.db.execute<{ user_id: number }>(
      sql`select user_id from crew_search order by rating_score desc, user_id desc limit 50`,
    );
    expect(byRating.results.map((r) => r.id)).toEqual(rows.map((row) => row.user_id));

    const byReviews = (await search('sort=reviews&limit=50')).results.map((r) => r.ratingCount);
    expect(byReviews).toEqual([...byReviews].sort((a, b) => b - a));

    const newest = await search('sort=newest&limit=20');
    const created = await t.db.execute<{ id: number }>(
      sql`select id from users where exists (select 1 from user_roles where user_id = users.id) order by created_at desc, id desc limit 20`,
    );
    expect(newest.results.map((r) => r.id)).toEqual(created.rows.map((row) => row.id));
  });

  it.each([
    ['rating', sql`rating_score desc, user_id desc`],
    ['reviews', sql`rating_count desc, user_id desc`],
    ['newest', sql`created_at desc, user_id desc`],
  ])('pages through everyone by %s as the index orders them, deep pages included', async (sort, order) => {
    // Later pages of everyone seek past a remembered entry (its exact sort value) rather than
    // stepping over the entries before it: the pages must join up exactly all the same.
    const limit = 9;
    const { rows } = await t.db.execute<{ user_id: number }>(
      sql`select user_id from crew_search order by ${order} limit ${limit * 12}`,
    );
    const seen: number[] = [];
    for (let page = 1; page <= 12; page++)
      seen.push(...(await search(`sort=${sort}&limit=${limit}&page=${page}`)).results.map((r) => r.id));
    expect(seen).toEqual(rows.map((row) => row.user_id));
    // Page 50 of 20 as well: the last page the listing may show.
    const deep = await search(`sort=${sort}&page=50`);
    const last = await t.db.execute<{ user_id: number }>(
      sql`select user_id from crew_search order by ${order} limit 20 offset 980`,
    );
    expect(deep.results.map((r) => r.id)).toEqual(last.rows.map((row) => row.user_id));
  });

  it('finds every match of a search whose matches are spread over the rating tiers', async () => {
    const { rows } = await t.db.execute<{ user_id: number; search_tier: number }>(sql`
      select user_id, search_tier from crew_search where document @@ to_tsquery('english', 'director')`);
    expect(new Set(rows.map((row) => row.search_tier)).size).toBeGreaterThan(1);
    expect(rows.length).toBeLessThanOrEqual(LIMITS.searchExactCountMax);
    const found: number[] = [];
    for (let page = 1; page <= Math.ceil(rows.length / 50); page++)
      found.push(...(await search(`q=director%20&limit=50&page=${page}`)).results.map((r) => r.id));
    expect(found.sort((a, b) => a - b)).toEqual(rows.map((row) => row.user_id).sort((a, b) => a - b));
  });

  it.each(['relevance', 'rating', 'reviews', 'newest'])(
    'pages through every match once, without gaps, sorted by %s',
    async (sort) => {
      const first = await search(`q=director&sort=${sort}&limit=7`);
      expect(first.total).toBeGreaterThan(14);
      const seen: number[] = [];
      for (let page = 1; page <= first.pageCount; page++) {
        seen.push(...(await search(`q=director&sort=${sort}&limit=7&page=${page}`)).results.map((r) => r.id));
      }
      expect(seen).toHaveLength(first.total);
      expect(new Set(seen).size).toBe(first.total);
    },
  );

  it('counts exactly up to the bound, and past it answers an estimate it marks as such', async () => {
    // Fresh statistics, as autovacuum keeps them: the estimate comes from the planner.
    await t.db.execute(sql`analyze crew_search`);
    const everyone = await search('sort=rating');
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from crew_search`);
    const crew = rows[0]?.n ?? 0;
    expect(crew).toBeGreaterThan(LIMITS.searchExactCountMax);
    expect(everyone.totalIsCapped).toBe(true);
    expect(everyone.total).toBeGreaterThan(LIMITS.searchExactCountMax);
    expect(Math.abs(everyone.total - crew)).toBeLessThan(crew * 0.2);
    expect(everyone.pageCount).toBe(Math.ceil(Math.min(everyone.total, LIMITS.searchMaxResults) / 20));
    const few = await search('q=Marisol');
    expect(few.totalIsCapped).toBe(false);
  });

  it('estimates a text search past the bound as the planner does, without asking it', async () => {
    await t.db.execute(sql`analyze crew_search`);
    const statistics = await loadTextStatistics(t.db);
    const plannedRows = async (tsquery: string) => {
      const { rows } = await t.db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
        sql`explain (format json) select 1 from crew_search cs where cs.document @@ ${tsquery}::tsquery`,
      );
      return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'];
    };
    // The most common word, and queries mixing it with rarer and unknown words in every operator.
    const [common] = [...statistics.frequencies].sort((a, b) => b[1] - a[1]);
    const word = common?.[0] as string;
    for (const tsquery of [
      `'${word}'`,
      `'${word}' & 'gaffer'`,
      `'director' <-> 'photographi' | 'cinematograph'`,
      `'${word}' & !'night'`,
      `( 'steadicam' | 'zzzunknown' ) & '${word}'`,
      `'${word}' & ( '#role:${roleId.get('Gaffer')}' | '#role:${roleId.get('Grip')}' ) & '#place:atlanta, ga'`,
    ]) {
      expect(estimateTextMatches(tsquery, statistics), tsquery).toBe(await plannedRows(tsquery));
    }
    // A search for the common word passes the bound. Its total is that estimate, or more when
    // the rating tiers it read say so (a sample of the index itself), and near the truth.
    const many = await search(`q=${word}%20`);
    expect(many.totalIsCapped).toBe(true);
    expect(many.total).toBeGreaterThanOrEqual((await plannedRows(`'${word}'`)) as number);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from crew_search where document @@ ${`'${word}'`}::tsquery`,
    );
    const truth = rows[0]?.n ?? 0;
    expect(Math.abs(many.total - truth)).toBeLessThan(truth * 0.3);
  });

  it('answers a result card with what the list shows, and nothing private', async () => {
    const [person] = (await search('q=Marisol%20Quintero')).results;
    expect(person).toMatchObject({
      displayName: 'Marisol Quintero',
      location: 'Atlanta, GA',
      tags: ['Steadicam', 'Night exteriors'],
      ratingAverage: 0,
      ratingCount: 0,
      isSubscribed: false,
    });
    expect(person?.roles.map((role) => role.name)).toEqual(['Gaffer', 'Grip']);
    expect(person).not.toHaveProperty('email');
  });

  it('keeps the index current as a profile changes', async () => {
    const id = ids.get('Tobiah Wrenfield') as number;
    // Searched for before anyone has the word: it is asked about again once someone does.
    expect((await search('q=timecode')).total).toBe(0);
    await t.db.insert(userTags).values({ userId: id, tag: 'Timecode wrangling' });
    expect(names(await search('q=timecode'))).toContain('Tobiah Wrenfield');
    expect(names(await search('q=timeco'))).toContain('Tobiah Wrenfield');
    await t.db.delete(userRoles).where(sql`${userRoles.userId} = ${id}`);
    // No role, no crew listing.
    expect(names(await search('q=Tobiah'))).not.toContain('Tobiah Wrenfield');
  });

  describe('Premium filters', () => {
    const premiumQuery = 'minReviews=3&limit=50';

    it('refuses them to a visitor and to a free member, saying they are Premium', async () => {
      for (const query of [
        premiumQuery,
        'minRating=4',
        'minYears=5',
        'hasPortfolio=true',
        'verifiedOnly=true',
      ]) {
        const res = await get(query);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(PREMIUM_FILTER_MESSAGE);
      }
      const browser = new TestBrowser(t.app);
      expect((await browser.register(newUser('free'))).statusCode).toBe(201);
      const res = await browser.request('GET', `/api/search?${premiumQuery}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(PREMIUM_FILTER_MESSAGE);
    });

    it('applies them for a subscribed member', async () => {
      const browser = new TestBrowser(t.app);
      const registered = await browser.register(newUser('premium'));
      await t.db.insert(subscriptions).values({
        userId: registered.json().id,
        plan: 'yearly',
        status: 'active',
        provider: 'demo',
        currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
      });
      const fetch = async (query: string) => {
        const res = await browser.request('GET', `/api/search?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as SearchResponse;
      };
      const reviewed = await fetch(premiumQuery);
      expect(reviewed.total).toBeGreaterThan(0);
      expect(reviewed.results.every((r) => r.ratingCount >= 3)).toBe(true);
      const rated = await fetch('minRating=4.5&limit=50');
      expect(rated.results.every((r) => r.ratingAverage >= 4.5)).toBe(true);
      const seasoned = await fetch('minYears=3&limit=50');
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from crew_search where career_start <= current_date - interval '3 years'`,
      );
      expect(seasoned.total).toBe(rows[0]?.n);
      const withPortfolio = await fetch('hasPortfolio=true&limit=50');
      const portfolios = await t.db.execute<{ n: number }>(
        sql`select count(distinct user_id)::int as n from portfolio_items`,
      );
      expect(withPortfolio.total).toBe(portfolios.rows[0]?.n);
    });
  });

  it.each([
    ['quotes', `"'"''"`],
    ['tsquery operators', 'gaffer & | ! : * ( ) <-> <2>'],
    ['backslashes', '\\\\\\ \\x00 \\'],
    ['SQL', "'; drop table users; --"],
    ['like wildcards', '%_%'],
    ['emoji', '🎬🎥 gaffer 🔦'],
    ['only stop words', 'the of and'],
    ['private-use markers', '\uE000gaffer\uE001'],
    ['long words', 'a'.repeat(199)],
  ])('answers hostile text (%s) with 200 and no error', async (_label, text) => {
    const res = await get(`q=${encodeURIComponent(text)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toBeInstanceOf(Array);
  });

  it.each([
    [`q=${'x'.repeat(10_000)}`, `Search text can be at most ${LIMITS.searchTextMax} characters`],
    ['sort=cheapest', 'Sort by relevance, rating, reviews or newest'],
    ['page=0', 'Page must be 1 or more'],
    ['page=abc', 'Page must be 1 or more'],
    ['limit=51', `Limit must be between 1 and ${LIMITS.searchPageSizeMax}`],
    ['role=gaffer', 'Choose roles from the list'],
    ['role=99999999999', 'Choose roles from the list'],
    [
      'category=catering',
      'Invalid option: expected one of "pre-production"|"production"|"post-production"|"cast"',
    ],
    [`location=${'y'.repeat(101)}`, `Location can be at most ${LIMITS.locationMax} characters`],
    ['page=60&limit=20', 'Only the best 1,000 results can be paged through: narrow your search'],
  ])('answers 400 with a clear message for ?%s', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('knows the crew abbreviations of the added roles: 1st AC, AC, DIT, BBE (issue 31)', async () => {
    await addPerson({
      name: 'Odalys Brennick',
      location: 'Vancouver, BC',
      roles: ['First Assistant Camera'],
    });
    await addPerson({ name: 'Pelham Stroud', location: 'Vancouver, BC', roles: ['Second Assistant Camera'] });
    await addPerson({ name: 'Quillon Avery', location: 'Vancouver, BC', roles: ['DIT'] });
    await addPerson({ name: 'Rosalind Achterberg', location: 'Vancouver, BC', roles: ['Best Boy Electric'] });
    const found = async (q: string) =>
      names(await search(`q=${encodeURIComponent(q)}&location=Vancouver&limit=50`));

    expect(await found('1st AC')).toContain('Odalys Brennick');
    expect(await found('1st AC')).not.toContain('Pelham Stroud');
    expect(await found('first ac')).toContain('Odalys Brennick');
    expect(await found('2nd AC')).toEqual(expect.arrayContaining(['Pelham Stroud']));
    expect(await found('AC')).toEqual(expect.arrayContaining(['Odalys Brennick', 'Pelham Stroud']));
    expect(await found('DIT')).toContain('Quillon Avery');
    expect(await found('digital imaging technician')).toContain('Quillon Avery');
    expect(await found('BBE')).toContain('Rosalind Achterberg');
  });
});

describe('GET /api/users/top-rated', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertDemoCrew(t.db, 60, 0);
  });

  async function personWithRatings(name: string, reviewCount: number, ratingSum: number) {
    const [row] = await t.db
      .insert(users)
      .values({ username: name.toLowerCase(), email: `${name.toLowerCase()}@example.com`, displayName: name })
      .returning({ id: users.id });
    if (!row) throw new Error('insert failed');
    await t.db.insert(userRoles).values({ userId: row.id, roleId: 13 });
    await t.db
      .insert(ratingSummaries)
      .values({ userId: row.id, reviewCount, ratingSum, count5: reviewCount });
    return row.id;
  }

  it('ranks forty 4.8-star reviews above a single 5-star one (Bayesian average)', async () => {
    const steady = await personWithRatings('Steady', 40, 192);
    const lucky = await personWithRatings('Lucky', 1, 5);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/top-rated?limit=50' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const order = res.json().crew.map((person: { id: number }) => person.id);
    expect(order.indexOf(steady)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(steady)).toBeLessThan(order.indexOf(lucky) === -1 ? Infinity : order.indexOf(lucky));
    const steadyCard = res.json().crew.find((person: { id: number }) => person.id === steady);
    expect(steadyCard).toMatchObject({ ratingAverage: 4.8, ratingCount: 40 });
  });

  it('narrows to a role or a category, and answers under /api/top-rated too', async () => {
    const byRole = (await t.app.inject({ method: 'GET', url: '/api/top-rated?role=13&limit=10' })).json();
    expect(byRole.crew.length).toBeGreaterThan(0);
    for (const person of byRole.crew) expect(person.roles.map((r: { id: number }) => r.id)).toContain(13);
    const byCategory = (
      await t.app.inject({ method: 'GET', url: '/api/users/top-rated?category=cast' })
    ).json();
    for (const person of byCategory.crew)
      expect(person.roles.some((r: { category: string }) => r.category === 'cast')).toBe(true);
    expect(byCategory.crew.length).toBeLessThanOrEqual(LIMITS.topRatedDefault);
  });

  it('refuses a limit above the maximum', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/top-rated?limit=500' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`Limit must be between 1 and ${LIMITS.topRatedMax}`);
  });
});
