import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { roles, userRoles, users } from '../schema/index.ts';
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
          batch.map(({ roleNames: _roles, ...person }) => ({
            ...person,
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
    });
    inserted += batch.length;
    onProgress?.(inserted);
  }
  return inserted;
}
