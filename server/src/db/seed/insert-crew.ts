import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  credentials,
  experiences,
  portfolioItems,
  reviews,
  roles,
  userRoles,
  users,
  userTags,
} from '#server/db/schema/index.ts';
import { summariseRatings } from '#server/features/reviews/index.ts';
import { type DemoCrewMember, generateDemoCrew } from './demo-crew.ts';

const BATCH_SIZE = 2_000;

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
      // The search index and the profile documents are built once for the whole batch below, not by each statement's trigger.
      await tx.execute(sql`select set_config('crewbase.search_deferred', 'on', true)`);
      const created = await tx
        .insert(users)
        .values(
          batch.map((person) => ({
            username: person.username,
            email: person.email,
            // Seeded accounts stand for members who confirmed their address long ago.
            emailVerifiedAt: sql`now()`,
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
          // Written some time in the past year and never edited: created and updated at one moment.
          const writtenAt = sql`now() - (${((user.id * 7919 + reviewer.id * 104_729) % 10_000) / 10_000}::float8 * interval '365 days')`;
          return [
            {
              subjectId: user.id,
              reviewerId: reviewer.id,
              rating: review.rating,
              text: review.text,
              projectName: review.projectName,
              createdAt: writtenAt,
              updatedAt: writtenAt,
            },
          ];
        }),
      );
      if (received.length > 0) await tx.insert(reviews).values(received);
      const ids = created.map((user) => user.id);
      await summariseRatings(tx, ids);
      await tx.execute(sql`select crew_search_refresh(${sql.param(ids)}::integer[])`);
      await tx.execute(sql`select profile_documents_refresh(${sql.param(ids)}::integer[])`);
    });
    inserted += batch.length;
    onProgress?.(inserted);
  }
  return inserted;
}
