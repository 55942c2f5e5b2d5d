import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#common/limits';
import { PREMIUM_REQUIRED } from '#common/premium';
import {
  PROJECT_NAME_TOO_SHORT,
  RATING_REQUIRED,
  REPORT_REASON_TOO_SHORT,
  REVIEW_MESSAGES,
  REVIEW_TOO_LONG,
  REVIEW_TOO_SHORT,
  reviewListResponse,
  reviewSchema,
} from '#common/schemas/reviews';
import {
  crewSearch,
  notificationPreferences,
  notifications,
  ratingSummaries,
  reviewReports,
  reviews,
  roles,
  subscriptions,
  userRoles,
  users,
} from '#server/db/schema/index.ts';
import { createSession } from '#server/features/auth/service.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertReview, summariseRatings } from './queries.ts';
import { hideReview, restoreReview } from './service.ts';

let t: TestApp;
let ipCounter = 0;
const browser = () => {
  ipCounter += 1;
  return new TestBrowser(t.app, `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`);
};

beforeAll(async () => {
  t = await createTestApp();
});

/**
 * A signed-in member; old enough to review unless `newAccount`. The account and its session are
 * written directly: signing up hashes a password with scrypt, and the 50-writer test needs 50 of them.
 */
async function member({ newAccount = false, premium = false } = {}) {
  const b = browser();
  const user = newUser('rev');
  const [row] = await t.db
    .insert(users)
    .values({
      username: user.username,
      email: user.email,
      displayName: `Member ${user.username}`,
      createdAt: newAccount ? sql`now() - interval '23 hours'` : sql`now() - interval '3 days'`,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  const session = await createSession(t.db, row.id, false, { ip: b.ip, ipPrefix: b.ip, userAgent: 'test' });
  b.cookies.set(t.app.sessionCookieName, session.token);
  if (premium) {
    await t.db.insert(subscriptions).values({
      userId: row.id,
      plan: 'monthly',
      status: 'active',
      provider: 'demo',
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
  }
  return { b, id: row.id };
}

let personCounter = 0;
/** Someone to be reviewed, written straight to the database (no session needed). */
async function person() {
  personCounter += 1;
  const name = `subject${process.pid % 1000}x${personCounter}`;
  const [row] = await t.db
    .insert(users)
    .values({ username: name, email: `${name}@example.com`, displayName: `Subject ${personCounter}` })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

const goodReview = (rating = 5) => ({
  rating,
  text: 'Reliable, calm on a hard night shoot and great with the cast.',
  projectName: 'The Long Night',
});

async function write(b: TestBrowser, subjectId: number, body: Record<string, unknown> = goodReview()) {
  return b.request('POST', `/api/users/${subjectId}/reviews`, { body });
}

/** Reviews written directly, `daysAgo` apart, by fresh reviewers: for visibility and order tests. */
async function seedReviews(subjectId: number, ratings: number[]) {
  const ids: number[] = [];
  for (const [i, rating] of ratings.entries()) {
    const reviewerId = await person();
    const [row] = await t.db
      .insert(reviews)
      .values({
        subjectId,
        reviewerId,
        rating,
        text: `Review number ${i} with enough words.`,
        createdAt: sql`now() - ${`${i + 1} days`}::interval`,
        updatedAt: sql`now() - ${`${i + 1} days`}::interval`,
      })
      .returning({ id: reviews.id });
    if (row) ids.push(row.id);
  }
  await summariseRatings(t.db, [subjectId]);
  return ids; // newest first
}

/** The consistency check: the stored aggregate equals one recomputed from the visible rows. */
async function expectSummaryMatchesRows(subjectId: number) {
  const result = await t.db.execute<Record<string, number>>(sql`
    select count(*)::int as review_count, coalesce(sum(rating), 0)::int as rating_sum,
      (count(*) filter (where rating = 1))::int as count_1, (count(*) filter (where rating = 2))::int as count_2,
      (count(*) filter (where rating = 3))::int as count_3, (count(*) filter (where rating = 4))::int as count_4,
      (count(*) filter (where rating = 5))::int as count_5,
      (count(*) filter (where verified_collaboration))::int as verified_count
    from reviews where subject_id = ${subjectId} and hidden_at is null`);
  const expected = result.rows[0];
  const [stored] = await t.db.select().from(ratingSummaries).where(eq(ratingSummaries.userId, subjectId));
  expect({
    review_count: stored?.reviewCount ?? 0,
    rating_sum: stored?.ratingSum ?? 0,
    count_1: stored?.count1 ?? 0,
    count_2: stored?.count2 ?? 0,
    count_3: stored?.count3 ?? 0,
    count_4: stored?.count4 ?? 0,
    count_5: stored?.count5 ?? 0,
    verified_count: stored?.verifiedCount ?? 0,
  }).toEqual(expected);
  return expected;
}

const reviewRow = (id: number) =>
  t.db
    .select()
    .from(reviews)
    .where(eq(reviews.id, id))
    .then((rows) => rows[0]);

describe('writing a review', () => {
  it('creates it, updates the aggregate, notifies the person reviewed and shows on their profile', async () => {
    const subjectId = await person();
    const before = await browser().request('GET', `/api/users/${subjectId}`);
    expect(before.json().rating).toEqual({ average: 0, count: 0 });

    const { b, id: reviewerId } = await member();
    const [director] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Director'));
    const res = await write(b, subjectId, { ...goodReview(4), roleId: director?.id });
    expect(res.statusCode).toBe(201);
    const review = reviewSchema.parse(res.json());
    expect(review).toMatchObject({
      subjectId,
      rating: 4,
      text: goodReview().text,
      projectName: 'The Long Night',
      role: { id: director?.id, name: 'Director' },
      verifiedCollaboration: false,
      thankedAt: null,
      editedAt: null,
      hidden: false,
      reviewer: { id: reviewerId },
    });

    await expectSummaryMatchesRows(subjectId);
    // The cached public profile was dropped: the new rating shows at once.
    const after = await browser().request('GET', `/api/users/${subjectId}`);
    expect(after.json().rating).toEqual({ average: 4, count: 1 });

    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, subjectId));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'review', title: 'New review', isRead: false });
    expect(notes[0]?.message).toMatch(/left you a 4-star review/);
    expect(notes[0]?.data).toEqual({ reviewId: review.id, rating: 4 });
  });

  it('asks a visitor to sign in', async () => {
    const subjectId = await person();
    const res = await write(browser(), subjectId);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Please sign in to continue');
  });

  it.each([
    [{ ...goodReview(), rating: 0 }, 'rating', RATING_REQUIRED],
    [{ ...goodReview(), rating: 6 }, 'rating', RATING_REQUIRED],
    [{ ...goodReview(), rating: 3.5 }, 'rating', RATING_REQUIRED],
    [{ text: goodReview().text }, 'rating', RATING_REQUIRED],
    [{ ...goodReview(), text: 'Too short' }, 'text', REVIEW_TOO_SHORT],
    [{ ...goodReview(), text: `   ${'a'.repeat(9)}     ` }, 'text', REVIEW_TOO_SHORT],
    [{ ...goodReview(), text: 'a'.repeat(2001) }, 'text', REVIEW_TOO_LONG],
    [{ ...goodReview(), projectName: 'X' }, 'projectName', PROJECT_NAME_TOO_SHORT],
    [{ ...goodReview(), roleId: 999_999 }, 'roleId', REVIEW_MESSAGES.unknownRole],
  ])('refuses %o with a message on the field and writes nothing', async (body, field, message) => {
    const subjectId = await person();
    const { b } = await member();
    const res = await write(b, subjectId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await t.db.select().from(reviews).where(eq(reviews.subjectId, subjectId))).toHaveLength(0);
  });

  it('accepts exactly 10 and exactly 2000 characters, trimmed, and no project name', async () => {
    const { b } = await member();
    const short = await write(b, await person(), { rating: 3, text: '  Solid pro.  ' });
    expect(short.statusCode).toBe(201);
    expect(short.json()).toMatchObject({ text: 'Solid pro.', projectName: null, role: null });
    const long = await write(b, await person(), { rating: 3, text: 'a'.repeat(2000), projectName: '' });
    expect(long.statusCode).toBe(201);
    expect(long.json().projectName).toBeNull();
  });

  it('refuses a self-review with a clear message', async () => {
    const { b, id } = await member();
    const res = await write(b, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('You cannot review yourself');
    expect(await t.db.select().from(reviews).where(eq(reviews.subjectId, id))).toHaveLength(0);
  });

  it('allows one review per person: a second is refused with 409 and the first stays', async () => {
    const subjectId = await person();
    const { b } = await member();
    const first = await write(b, subjectId, goodReview(5));
    expect(first.statusCode).toBe(201);
    const second = await write(b, subjectId, { ...goodReview(1), text: 'Changed my mind about this one.' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'You have already reviewed this person. Edit your existing review instead.',
    );
    const rows = await t.db.select().from(reviews).where(eq(reviews.subjectId, subjectId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.rating).toBe(5);
    await expectSummaryMatchesRows(subjectId);
  });

  it('answers two identical reviews sent at once with one 201 and one 409, never a 500', async () => {
    const subjectId = await person();
    const { b } = await member();
    const codes = (await Promise.all([write(b, subjectId), write(b, subjectId), write(b, subjectId)]))
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 409, 409]);
    expect((await expectSummaryMatchesRows(subjectId))?.review_count).toBe(1);
  });

  it('leaves the final word on duplicates to the unique index: a second row is never inserted', async () => {
    const subjectId = await person();
    const reviewerId = await person();
    const values = {
      subjectId,
      reviewerId,
      rating: 4,
      text: 'Written twice by a racing request.',
      projectName: null,
      roleId: null,
      verifiedCollaboration: false,
    };
    expect(await insertReview(t.db, values)).toMatchObject({ id: expect.any(Number) });
    expect(await insertReview(t.db, { ...values, rating: 1 })).toBeUndefined();
    const rows = await t.db.select().from(reviews).where(eq(reviews.subjectId, subjectId));
    expect(rows.map((r) => r.rating)).toEqual([4]);
  });

  it(`caps each reviewer at ${LIMITS.reviewsPerDay} reviews a day`, async () => {
    const { b, id } = await member();
    for (let i = 0; i < LIMITS.reviewsPerDay; i++) {
      expect((await write(b, await person())).statusCode).toBe(201);
    }
    const subjectId = await person();
    const res = await write(b, subjectId);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      `You can write at most ${LIMITS.reviewsPerDay} reviews a day. Please try again tomorrow.`,
    );
    expect(await t.db.select().from(reviews).where(eq(reviews.subjectId, subjectId))).toHaveLength(0);
    // Reviews older than a day no longer count.
    await t.db
      .update(reviews)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(reviews.reviewerId, id));
    expect((await write(b, subjectId)).statusCode).toBe(201);
  });

  it('keeps accounts under 24 hours old from reviewing', async () => {
    const { b } = await member({ newAccount: true });
    const subjectId = await person();
    const res = await write(b, subjectId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(REVIEW_MESSAGES.newAccount);
    expect(await t.db.select().from(reviews).where(eq(reviews.subjectId, subjectId))).toHaveLength(0);
  });

  it('answers 404 for a person that does not exist', async () => {
    const { b } = await member();
    const res = await write(b, 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Profile not found');
  });

  it('does not notify someone who turned review notifications off', async () => {
    const subjectId = await person();
    await t.db.insert(notificationPreferences).values({ userId: subjectId, reviewNotifications: false });
    const { b } = await member();
    expect((await write(b, subjectId)).statusCode).toBe(201);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, subjectId))).toHaveLength(
      0,
    );
  });
});

describe('who sees which reviews', () => {
  let subjectId: number;
  let ids: number[];
  beforeAll(async () => {
    subjectId = await person();
    ids = await seedReviews(subjectId, [4, 2, 5, 1, 3]); // newest first
  });

  const list = async (b: TestBrowser, query = '') => {
    const res = await b.request('GET', `/api/users/${subjectId}/reviews${query}`);
    expect(res.statusCode).toBe(200);
    return reviewListResponse.parse(res.json());
  };

  it('shows a visitor the aggregate and the 3 newest', async () => {
    const body = await list(browser(), '');
    expect(body.summary).toEqual({
      average: 3,
      count: 5,
      distribution: { '1': 1, '2': 1, '3': 1, '4': 1, '5': 1 },
      verifiedCount: 0,
    });
    expect(body.reviews.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(body).toMatchObject({
      total: 5,
      hiddenCount: 2,
      page: 1,
      pageSize: 3,
      sort: 'newest',
      fullAccess: false,
      myReview: null,
    });
  });

  it.each([
    ['a visitor', '?sort=lowest&page=2&limit=2'],
    ['a visitor', '?page=2'],
    ['a member without Premium', '?sort=highest'],
  ])('refuses %s asking for more than the newest 3 (%s) with 403 naming Premium', async (who, query) => {
    const b = who === 'a visitor' ? browser() : (await member()).b;
    const res = await b.request('GET', `/api/users/${subjectId}/reviews${query}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(PREMIUM_REQUIRED.allReviews);
  });

  it('shows a signed-in member without Premium the same 3', async () => {
    const { b } = await member();
    const body = await list(b, '');
    expect(body.reviews.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(body.hiddenCount).toBe(2);
    expect(body.fullAccess).toBe(false);
  });

  it('shows a Premium member all, sorted and paginated', async () => {
    const { b } = await member({ premium: true });
    const all = await list(b, '?limit=10');
    expect(all.reviews.map((r) => r.id)).toEqual(ids);
    expect(all).toMatchObject({ hiddenCount: 0, fullAccess: true, total: 5 });
    expect((await list(b, '?sort=highest')).reviews.map((r) => r.rating)).toEqual([5, 4, 3, 2, 1]);
    expect((await list(b, '?sort=lowest')).reviews.map((r) => r.rating)).toEqual([1, 2, 3, 4, 5]);
    const page2 = await list(b, '?sort=newest&page=2&limit=2');
    expect(page2.reviews.map((r) => r.id)).toEqual(ids.slice(2, 4));
    expect(page2).toMatchObject({ page: 2, pageSize: 2 });
    expect((await list(b, '?page=4&limit=2')).reviews).toEqual([]);
  });

  it('refuses a sort or page it does not know with a message', async () => {
    const res = await browser().request('GET', `/api/users/${subjectId}/reviews?sort=random`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Sort by newest, highest or lowest/);
    const unknown = await browser().request('GET', '/api/users/999999/reviews');
    expect(unknown.statusCode).toBe(404);
  });

  it('opens a single review to a visitor only when it is among the 3 newest', async () => {
    const visitor = browser();
    const newest = await visitor.request('GET', `/api/reviews/${ids[0]}`);
    expect(newest.statusCode).toBe(200);
    expect(reviewSchema.parse(newest.json()).id).toBe(ids[0]);
    const older = await visitor.request('GET', `/api/reviews/${ids[4]}`);
    expect(older.statusCode).toBe(403);
    expect(older.json().error.message).toBe(REVIEW_MESSAGES.premiumOnly);
    expect(older.body).not.toContain('Review number 4');
    expect((await visitor.request('GET', '/api/reviews/99999999')).statusCode).toBe(404);
  });

  it('shows the person reviewed every review of theirs (links from notifications always open)', async () => {
    const subject = await member();
    const [old] = await seedReviews(subject.id, [3, 4, 5, 5]).then((all) => all.slice(-1));
    const body = reviewListResponse.parse(
      (await subject.b.request('GET', `/api/users/${subject.id}/reviews?sort=lowest`)).json(),
    );
    expect(body.reviews.map((r) => r.rating)).toEqual([3, 4, 5, 5]);
    expect(body).toMatchObject({ hiddenCount: 0, fullAccess: true, myReview: null });
    expect((await subject.b.request('GET', `/api/reviews/${old}`)).statusCode).toBe(200);
  });

  it('gives an author their own review wherever it falls, and opens it for them', async () => {
    const subject = await person();
    const author = await member();
    expect((await write(author.b, subject, goodReview(2))).statusCode).toBe(201);
    await t.db
      .update(reviews)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(reviews.reviewerId, author.id));
    await seedReviews(subject, [5, 5, 5]);
    const body = reviewListResponse.parse(
      (await author.b.request('GET', `/api/users/${subject}/reviews`)).json(),
    );
    expect(body.reviews.map((r) => r.reviewer.id)).not.toContain(author.id);
    expect(body.myReview).toMatchObject({ reviewer: { id: author.id }, rating: 2 });
    const id = body.myReview?.id ?? 0;
    expect((await author.b.request('GET', `/api/reviews/${id}`)).statusCode).toBe(200);
    expect((await browser().request('GET', `/api/reviews/${id}`)).statusCode).toBe(403);
  });
});

describe('editing and deleting', () => {
  async function setUp() {
    const subjectId = await person();
    const author = await member();
    const res = await write(author.b, subjectId, goodReview(5));
    return { subjectId, author, reviewId: res.json().id as number };
  }

  it('lets the author edit; the aggregate moves with the rating', async () => {
    const { subjectId, author, reviewId } = await setUp();
    await seedReviews(subjectId, [4]);
    const res = await author.b.request('PATCH', `/api/reviews/${reviewId}`, {
      body: { rating: 2, text: 'On reflection, timekeeping was a real problem.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rating: 2,
      text: 'On reflection, timekeeping was a real problem.',
      projectName: 'The Long Night',
    });
    expect(res.json().editedAt).not.toBeNull();
    const summary = await expectSummaryMatchesRows(subjectId);
    expect(summary).toMatchObject({ review_count: 2, rating_sum: 6, count_5: 0, count_2: 1, count_4: 1 });
    expect((await browser().request('GET', `/api/users/${subjectId}`)).json().rating).toEqual({
      average: 3,
      count: 2,
    });
  });

  it('treats an edit that sends nothing as no edit', async () => {
    const { author, reviewId } = await setUp();
    const res = await author.b.request('PATCH', `/api/reviews/${reviewId}`, { body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rating: 5, editedAt: null });
  });

  it('checks an edit like a new review', async () => {
    const { author, reviewId } = await setUp();
    const res = await author.b.request('PATCH', `/api/reviews/${reviewId}`, { body: { text: 'Short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.text).toBe(REVIEW_TOO_SHORT);
    expect((await reviewRow(reviewId))?.text).toBe(goodReview().text);
  });

  it('refuses another user editing or deleting (403) and changes nothing', async () => {
    const { subjectId, reviewId } = await setUp();
    const other = await member();
    const before = await reviewRow(reviewId);
    const edit = await other.b.request('PATCH', `/api/reviews/${reviewId}`, {
      body: { rating: 1, text: 'Someone else rewrote this review.' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(REVIEW_MESSAGES.notAuthor);
    // Refused as someone else's even when the body is nonsense.
    const nonsense = await other.b.request('PATCH', `/api/reviews/${reviewId}`, { body: { rating: 'x' } });
    expect(nonsense.statusCode).toBe(403);
    const del = await other.b.request('DELETE', `/api/reviews/${reviewId}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe(REVIEW_MESSAGES.notAuthorDelete);
    expect((await browser().request('DELETE', `/api/reviews/${reviewId}`)).statusCode).toBe(401);
    expect(await reviewRow(reviewId)).toEqual(before);
    await expectSummaryMatchesRows(subjectId);
  });

  it('lets the author delete; the aggregate drops it', async () => {
    const { subjectId, author, reviewId } = await setUp();
    await seedReviews(subjectId, [3]);
    const res = await author.b.request('DELETE', `/api/reviews/${reviewId}`);
    expect(res.statusCode).toBe(204);
    expect(await reviewRow(reviewId)).toBeUndefined();
    expect(await expectSummaryMatchesRows(subjectId)).toMatchObject({ review_count: 1, rating_sum: 3 });
    expect((await browser().request('GET', `/api/users/${subjectId}`)).json().rating).toEqual({
      average: 3,
      count: 1,
    });
    expect((await author.b.request('DELETE', `/api/reviews/${reviewId}`)).statusCode).toBe(404);
  });

  it("refuses an admin deleting another member's review: staff hide it through /api/admin (issue 29)", async () => {
    const { subjectId, reviewId } = await setUp();
    const admin = await member();
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const res = await admin.b.request('DELETE', `/api/reviews/${reviewId}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(REVIEW_MESSAGES.notAuthorDelete);
    expect(await reviewRow(reviewId)).toBeDefined();
    expect(await expectSummaryMatchesRows(subjectId)).toMatchObject({ review_count: 1 });
  });

  it('hides and restores a review for moderation: hidden counts nowhere', async () => {
    const { subjectId, author, reviewId } = await setUp();
    await seedReviews(subjectId, [2, 4]);
    expect(await hideReview(t.db, reviewId)).toEqual({ subjectId, changed: true });
    expect(await hideReview(t.db, reviewId)).toEqual({ subjectId, changed: false });
    expect(await expectSummaryMatchesRows(subjectId)).toMatchObject({ review_count: 2, rating_sum: 6 });
    const visitorList = (await browser().request('GET', `/api/users/${subjectId}/reviews`)).json();
    expect(visitorList.reviews.map((r: { id: number }) => r.id)).not.toContain(reviewId);
    expect(visitorList.total).toBe(2);
    const [searchRow] = await t.db
      .select()
      .from(ratingSummaries)
      .where(eq(ratingSummaries.userId, subjectId));
    expect(searchRow?.reviewCount).toBe(2);
    // Gone for everyone but its author, who cannot edit it any more.
    expect((await browser().request('GET', `/api/reviews/${reviewId}`)).statusCode).toBe(404);
    const own = await author.b.request('GET', `/api/reviews/${reviewId}`);
    expect(own.json()).toMatchObject({ id: reviewId, hidden: true });
    const edit = await author.b.request('PATCH', `/api/reviews/${reviewId}`, { body: { rating: 1 } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(REVIEW_MESSAGES.hiddenEdit);

    expect(await restoreReview(t.db, reviewId)).toEqual({ subjectId, changed: true });
    expect(await expectSummaryMatchesRows(subjectId)).toMatchObject({ review_count: 3, rating_sum: 11 });
  });

  it("keeps a hidden review its author's: deleting it and posting again are refused (409) (issue 30)", async () => {
    const { subjectId, author, reviewId } = await setUp();
    await seedReviews(subjectId, [2, 4]);
    await hideReview(t.db, reviewId);
    const before = await reviewRow(reviewId);
    const del = await author.b.request('DELETE', `/api/reviews/${reviewId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(REVIEW_MESSAGES.hiddenDelete);
    const again = await write(author.b, subjectId, goodReview(5));
    expect(again.statusCode).toBe(409);
    expect(await reviewRow(reviewId)).toEqual(before);
    expect(await expectSummaryMatchesRows(subjectId)).toMatchObject({ review_count: 2, rating_sum: 6 });
  });

  it("answers someone else's delete of a hidden review as for none (404), not 403 (issue 30)", async () => {
    const { reviewId } = await setUp();
    await hideReview(t.db, reviewId);
    const other = await member();
    const hidden = await other.b.request('DELETE', `/api/reviews/${reviewId}`);
    const none = await other.b.request('DELETE', '/api/reviews/2000000000');
    expect([hidden.statusCode, none.statusCode]).toEqual([404, 404]);
    expect(hidden.json().error.message).toBe(none.json().error.message);
    expect(await reviewRow(reviewId)).toBeDefined();
  });
});

describe('thank', () => {
  it('lets only the person reviewed thank, once, and tells the reviewer', async () => {
    const subject = await member();
    const author = await member();
    const reviewId = (await write(author.b, subject.id)).json().id as number;

    expect((await browser().request('POST', `/api/reviews/${reviewId}/thank`)).statusCode).toBe(401);
    const stranger = await member();
    const refused = await stranger.b.request('POST', `/api/reviews/${reviewId}/thank`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(REVIEW_MESSAGES.thankNotSubject);
    expect((await author.b.request('POST', `/api/reviews/${reviewId}/thank`)).statusCode).toBe(403);

    const thanked = await subject.b.request('POST', `/api/reviews/${reviewId}/thank`);
    expect(thanked.statusCode).toBe(200);
    expect(thanked.json().thankedAt).not.toBeNull();
    expect(thanked.json().editedAt).toBeNull();

    const again = await subject.b.request('POST', `/api/reviews/${reviewId}/thank`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REVIEW_MESSAGES.alreadyThanked);

    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, 'system')));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toBe('Your review was appreciated');
    expect(notes[0]?.message).toMatch(/thanked you for your review/);
    expect(notes[0]?.data).toEqual({ reviewId, senderId: subject.id });
  });

  it('answers two thanks at once with one success', async () => {
    const subject = await member();
    const author = await member();
    const reviewId = (await write(author.b, subject.id)).json().id as number;
    const codes = (
      await Promise.all([
        subject.b.request('POST', `/api/reviews/${reviewId}/thank`),
        subject.b.request('POST', `/api/reviews/${reviewId}/thank`),
      ])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
  });
});

describe('report', () => {
  it('keeps one report per user and review, from any signed-in user', async () => {
    const subjectId = await person();
    const author = await member();
    const reviewId = (await write(author.b, subjectId)).json().id as number;

    const visitor = await browser().request('POST', `/api/reviews/${reviewId}/report`, {
      body: { reason: 'This is fake.' },
    });
    expect(visitor.statusCode).toBe(401);

    const reporter = await member();
    const short = await reporter.b.request('POST', `/api/reviews/${reviewId}/report`, {
      body: { reason: 'bad' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe(REPORT_REASON_TOO_SHORT);

    const res = await reporter.b.request('POST', `/api/reviews/${reviewId}/report`, {
      body: { reason: '  They never worked on this production.  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reviewId });
    const again = await reporter.b.request('POST', `/api/reviews/${reviewId}/report`, {
      body: { reason: 'Reporting it a second time.' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REVIEW_MESSAGES.alreadyReported);

    const own = await author.b.request('POST', `/api/reviews/${reviewId}/report`, {
      body: { reason: 'Reporting my own review.' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(REVIEW_MESSAGES.reportOwn);

    const second = await member();
    expect(
      (
        await second.b.request('POST', `/api/reviews/${reviewId}/report`, {
          body: { reason: 'Retaliation after a pay dispute.' },
        })
      ).statusCode,
    ).toBe(201);

    const stored = await t.db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));
    expect(stored.map((r) => r.reason).sort()).toEqual([
      'Retaliation after a pay dispute.',
      'They never worked on this production.',
    ]);
    expect(stored.every((r) => r.resolvedAt === null)).toBe(true);
  });
});

describe('concurrency', () => {
  it('keeps count and sum exact when 50 people review one person at the same moment', async () => {
    const subjectId = await person();
    const [role] = await t.db.select({ id: roles.id }).from(roles).limit(1);
    await t.db.insert(userRoles).values({ userId: subjectId, roleId: role?.id ?? 1, position: 0 });
    const writers = await Promise.all(Array.from({ length: 50 }, () => member()));
    // Token fetched first, so the 50 writes leave together.
    await Promise.all(writers.map((w) => w.b.token()));
    const ratings = writers.map((_, i) => (i % 5) + 1);
    const responses = await Promise.all(writers.map((w, i) => write(w.b, subjectId, goodReview(ratings[i]))));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));

    const sum = ratings.reduce((a, b) => a + b, 0);
    expect(await expectSummaryMatchesRows(subjectId)).toMatchObject({ review_count: 50, rating_sum: sum });
    const list = (await browser().request('GET', `/api/users/${subjectId}/reviews`)).json();
    expect(list.summary).toMatchObject({ count: 50, average: sum / 50 });
    // The search index followed the aggregate.
    const [indexed] = await t.db.select().from(crewSearch).where(eq(crewSearch.userId, subjectId));
    expect(indexed?.ratingCount).toBe(50);
    expect(indexed?.ratingAverage).toBeCloseTo(sum / 50, 5);
  }, 60_000);
});
