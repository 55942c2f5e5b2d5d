import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  credentials,
  experiences,
  portfolioItems,
  roles,
  userRoles,
  users,
  userTags,
} from '../schema/index.ts';
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
    });
    inserted += batch.length;
    onProgress?.(inserted);
  }
  return inserted;
}
