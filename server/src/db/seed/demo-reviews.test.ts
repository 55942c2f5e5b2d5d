import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { mailOutbox, notifications, ratingSummaries, reviews, users } from '#server/db/schema/index.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import { DEMO_ACCOUNT, DEMO_ACCOUNT_REVIEWS, insertDemoAccount } from './demo-account.ts';
import { insertDemoCrew } from './insert-crew.ts';

let db: Database;
let demoId: number;

beforeAll(async () => {
  db = (await createTestDatabase()).handle.db;
  await insertDemoCrew(db, 200, 0);
  await insertDemoAccount(db);
  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, DEMO_ACCOUNT.username));
  demoId = demo?.id ?? 0;
});

describe('demo reviews', () => {
  it('gives every reviewed crew member an aggregate equal to their reviews', async () => {
    const mismatches = await db.execute(sql`
      select s.user_id from rating_summaries s
      full join (
        select subject_id, count(*)::int as n, sum(rating)::int as total,
          (count(*) filter (where rating = 5))::int as fives
        from reviews where hidden_at is null group by subject_id
      ) r on r.subject_id = s.user_id
      where s.review_count is distinct from r.n or s.rating_sum is distinct from r.total
        or s.count_5 is distinct from r.fives`);
    expect(mismatches.rows).toEqual([]);
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(reviews);
    expect(n).toBeGreaterThan(100);
  });

  it('seeds the demo account and the demo crew with verified addresses', async () => {
    const unverified = await db.select({ id: users.id }).from(users).where(sql`email_verified_at is null`);
    expect(unverified).toEqual([]);
    const [demo] = await db.select().from(users).where(eq(users.id, demoId));
    expect(demo?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('never shows a seeded review as edited', async () => {
    const edited = await db.select({ id: reviews.id }).from(reviews).where(sql`updated_at <> created_at`);
    expect(edited).toEqual([]);
  });

  it('gives the demo account the same four reviews from the first crew, one already thanked', async () => {
    const received = await db
      .select({
        reviewerId: reviews.reviewerId,
        rating: reviews.rating,
        text: reviews.text,
        thanked: sql<boolean>`${reviews.thankedAt} is not null`,
      })
      .from(reviews)
      .where(eq(reviews.subjectId, demoId))
      .orderBy(sql`${reviews.createdAt} desc`);
    const firstCrew = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(4);
    expect(received).toEqual(
      DEMO_ACCOUNT_REVIEWS.map((review, i) => ({
        reviewerId: firstCrew[i]?.id,
        rating: review.rating,
        text: review.text,
        thanked: 'thanked' in review,
      })),
    );
    const [summary] = await db.select().from(ratingSummaries).where(eq(ratingSummaries.userId, demoId));
    expect(summary).toMatchObject({ reviewCount: 4, ratingSum: 19, count5: 3, count4: 1 });
  });

  it('has two review notifications waiting for the demo account, and lets it write reviews', async () => {
    const notes = await db.select().from(notifications).where(eq(notifications.userId, demoId));
    expect(notes).toHaveLength(2);
    expect(notes.every((note) => note.type === 'review' && note.data?.reviewId)).toBe(true);
    // Seeded history is not mailed (issue 32).
    expect(await db.select().from(mailOutbox)).toEqual([]);
    const [demo] = await db
      .select({ old: sql<boolean>`${users.createdAt} < now() - interval '24 hours'` })
      .from(users)
      .where(eq(users.id, demoId));
    expect(demo?.old).toBe(true);
  });
});
