import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  credentials,
  experiences,
  portfolioItems,
  reviews,
  roles,
  userRoles,
  users,
  userTags,
} from '../schema/index.ts';
import { type DemoCrewMember, generateDemoCrew } from './demo-crew.ts';

const BATCH_SIZE = 2_000;

/** Rating aggregates of these people, computed from their visible reviews in one statement. */
async function summariseRatings(tx: Pick<Database, 'execute'>, userIds: number[]) {
  await tx.execute(sql`
    insert into rating_summaries (user_id, review_count, rating_sum, count_1, count_2, count_3, count_4, count_5, verified_count)
    select subject_id, count(*), sum(rating),
      count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
      count(*) filter (where rating = 4), count(*) filter (where rating = 5), count(*) filter (where verified_collaboration)
    from reviews where subject_id = any(${sql.param(userIds)}::integer[]) and hidden_at is null
    group by subject_id
    on conflict (user_id) do update set review_count = excluded.review_count, rating_sum = excluded.rating_sum,
      count_1 = excluded.count_1, count_2 = excluded.count_2, count_3 = excluded.count_3,
      count_4 = excluded.count_4, count_5 = excluded.count_5, verified_count = excluded.verified_count`);
}

/** Inserts `count` demo crew after the `offset` already generated; returns how many were inserted. */
export async function insertDemoCrew(
  db: Database,
  count: number,
  offset: number,
  onProgress?: (inserted: number) => void,
): Promise<number> {
  const roleIds = new Map(
    (await db.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]),
  );
  const crew = generateDemoCrew(count, offset);
  let inserted = 0;
  while (inserted < count) {
    const batch: DemoCrewMember[] = [];
    for (let i = 0; i < BATCH_SIZE && inserted + batch.length < count; i++) {
      const next = crew.next();
      if (next.done) break;
      batch.push(next.value);
    }
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      // The search index is built once for the whole batch below, not by each statement's trigger.
      await tx.execute(sql`select set_config('crewbase.search_deferred', 'on', true)`);
      const created = await tx
        .insert(users)
        .values(
          batch.map((person) => ({
            username: person.username,
            email: person.email,
            displayName: person.displayName,
            location: person.location,
            bio: person.bio,
            // Spread sign-up dates over the past three years so "newest" sorting means something.
            createdAt: sql`now() - (random() * interval '1095 days')`,
          })),
        )
        .returning({ id: users.id });
      const links = created.flatMap((user, i) =>
        (batch[i]?.roleNames ?? []).map((name, position) => ({
          userId: user.id,
          roleId: roleIds.get(name) ?? 0,
          position,
        })),
      );
      await tx.insert(userRoles).values(links);
      const each = <T>(pick: (person: DemoCrewMember, userId: number) => T[]) =>
        created.flatMap((user, i) => (batch[i] ? pick(batch[i], user.id) : []));
      await tx
        .insert(experiences)
        .values(each((p, userId) => p.experiences.map((e, position) => ({ ...e, userId, position }))));
      await tx.insert(credentials).values(each((p, userId) => p.credentials.map((c) => ({ ...c, userId }))));
      await tx.insert(userTags).values(each((p, userId) => p.tags.map((tag) => ({ tag, userId }))));
      const portfolio = each((p, userId) =>
        p.portfolio.map((item, position) => ({ ...item, userId, position, kind: 'link' as const })),
      );
      if (portfolio.length > 0) await tx.insert(portfolioItems).values(portfolio);
      const received = created.flatMap((user, i) =>
        (batch[i]?.reviews ?? []).flatMap((review) => {
          const reviewer = created[i - review.reviewerDistance];
          if (!reviewer) return [];
          return [
            {
              subjectId: user.id,
              reviewerId: reviewer.id,
              rating: review.rating,
              text: review.text,
              projectName: review.projectName,
              createdAt: sql`now() - (random() * interval '365 days')`,
            },
          ];
        }),
      );
      if (received.length > 0) await tx.insert(reviews).values(received);
      const ids = created.map((user) => user.id);
      await summariseRatings(tx, ids);
      await tx.execute(sql`select crew_search_refresh(${sql.param(ids)}::integer[])`);
    });
    inserted += batch.length;
    onProgress?.(inserted);
  }
  return inserted;
}
