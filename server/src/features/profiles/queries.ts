import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  credentials,
  experiences,
  portfolioItems,
  profileViews,
  roles,
  subscriptions,
  userRoles,
  users,
  userTags,
} from '../../db/schema/index.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export const experienceColumns = {
  id: experiences.id,
  title: experiences.title,
  projectName: experiences.projectName,
  startDate: experiences.startDate,
  endDate: experiences.endDate,
  description: experiences.description,
  position: experiences.position,
};
export const credentialColumns = {
  id: credentials.id,
  title: credentials.title,
  institution: credentials.institution,
  year: credentials.year,
  description: credentials.description,
};
export const tagColumns = { id: userTags.id, tag: userTags.tag };
export const portfolioColumns = {
  id: portfolioItems.id,
  kind: portfolioItems.kind,
  title: portfolioItems.title,
  description: portfolioItems.description,
  url: portfolioItems.url,
  thumbnailUrl: portfolioItems.thumbnailUrl,
  embedUrl: portfolioItems.embedUrl,
  position: portfolioItems.position,
};

export function findProfileUser(db: Executor, userId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      displayName: users.displayName,
      profileImage: users.profileImage,
      bio: users.bio,
      location: users.location,
      contactInfo: users.contactInfo,
      createdAt: users.createdAt,
      isSubscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${users.id} and ${subscriptions.status} = 'active' and ${subscriptions.currentPeriodEnd} > now())`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

export function listProfileRoles(db: Executor, userId: number) {
  return db
    .select({ id: roles.id, name: roles.name, category: roles.category, icon: roles.icon })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.position), asc(roles.sortOrder));
}

/** Owner's order first; within it, the most recent work first (no end date means ongoing). */
export function listExperiences(db: Executor, userId: number) {
  return db
    .select(experienceColumns)
    .from(experiences)
    .where(eq(experiences.userId, userId))
    .orderBy(
      asc(experiences.position),
      sql`${experiences.endDate} desc nulls first`,
      desc(experiences.startDate),
      desc(experiences.id),
    );
}

export function listCredentials(db: Executor, userId: number) {
  return db
    .select(credentialColumns)
    .from(credentials)
    .where(eq(credentials.userId, userId))
    .orderBy(sql`${credentials.year} desc nulls last`, desc(credentials.id));
}

export function listTags(db: Executor, userId: number) {
  return db.select(tagColumns).from(userTags).where(eq(userTags.userId, userId)).orderBy(asc(userTags.id));
}

export function listPortfolio(db: Executor, userId: number) {
  return db
    .select(portfolioColumns)
    .from(portfolioItems)
    .where(eq(portfolioItems.userId, userId))
    .orderBy(asc(portfolioItems.position), desc(portfolioItems.id));
}

export function updateBasics(
  db: Executor,
  userId: number,
  values: {
    bio?: string | null;
    location?: string | null;
    contactInfo?: string | null;
    displayName?: string | null;
  },
) {
  return db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export function setProfileImage(db: Executor, userId: number, url: string | null) {
  return db.update(users).set({ profileImage: url, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export function roleExists(db: Executor, roleId: number) {
  return db
    .select({ id: roles.id, name: roles.name, category: roles.category, icon: roles.icon })
    .from(roles)
    .where(eq(roles.id, roleId))
    .then((rows) => rows[0]);
}

/** Adds the role after the ones already chosen; a role chosen twice stays one row. */
export function addRole(db: Executor, userId: number, roleId: number) {
  return db
    .insert(userRoles)
    .values({
      userId,
      roleId,
      position: sql`(select coalesce(max(${userRoles.position}) + 1, 0) from ${userRoles} where ${userRoles.userId} = ${userId})`,
    })
    .onConflictDoNothing()
    .returning({ roleId: userRoles.roleId })
    .then((rows) => rows.length > 0);
}

export function removeRole(db: Executor, userId: number, roleId: number) {
  return db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))
    .returning({ roleId: userRoles.roleId })
    .then((rows) => rows.length > 0);
}

export function insertExperience(
  db: Executor,
  userId: number,
  values: Omit<typeof experiences.$inferInsert, 'userId' | 'position'>,
) {
  return db
    .insert(experiences)
    .values({
      ...values,
      userId,
      position: sql`(select coalesce(min(${experiences.position}) - 1, 0) from ${experiences} where ${experiences.userId} = ${userId})`,
    })
    .returning(experienceColumns)
    .then((rows) => rows[0]);
}

export function updateExperience(
  db: Executor,
  userId: number,
  id: number,
  values: Partial<typeof experiences.$inferInsert>,
) {
  return db
    .update(experiences)
    .set(values)
    .where(and(eq(experiences.id, id), eq(experiences.userId, userId)))
    .returning(experienceColumns)
    .then((rows) => rows[0]);
}

export function deleteExperience(db: Executor, userId: number, id: number) {
  return db
    .delete(experiences)
    .where(and(eq(experiences.id, id), eq(experiences.userId, userId)))
    .returning({ id: experiences.id })
    .then((rows) => rows.length > 0);
}

export function insertCredential(
  db: Executor,
  userId: number,
  values: Omit<typeof credentials.$inferInsert, 'userId'>,
) {
  return db
    .insert(credentials)
    .values({ ...values, userId })
    .returning(credentialColumns)
    .then((rows) => rows[0]);
}

export function updateCredential(
  db: Executor,
  userId: number,
  id: number,
  values: Partial<typeof credentials.$inferInsert>,
) {
  return db
    .update(credentials)
    .set(values)
    .where(and(eq(credentials.id, id), eq(credentials.userId, userId)))
    .returning(credentialColumns)
    .then((rows) => rows[0]);
}

export function deleteCredential(db: Executor, userId: number, id: number) {
  return db
    .delete(credentials)
    .where(and(eq(credentials.id, id), eq(credentials.userId, userId)))
    .returning({ id: credentials.id })
    .then((rows) => rows.length > 0);
}

export function countTags(db: Executor, userId: number) {
  return db
    .select({ n: count() })
    .from(userTags)
    .where(eq(userTags.userId, userId))
    .then((rows) => rows[0]?.n ?? 0);
}

export function findTag(db: Executor, userId: number, tag: string) {
  return db
    .select(tagColumns)
    .from(userTags)
    .where(and(eq(userTags.userId, userId), sql`lower(${userTags.tag}) = ${tag.toLowerCase()}`))
    .then((rows) => rows[0]);
}

export function insertTag(db: Executor, userId: number, tag: string) {
  return db
    .insert(userTags)
    .values({ userId, tag })
    .onConflictDoNothing()
    .returning(tagColumns)
    .then((rows) => rows[0]);
}

export function deleteTag(db: Executor, userId: number, id: number) {
  return db
    .delete(userTags)
    .where(and(eq(userTags.id, id), eq(userTags.userId, userId)))
    .returning({ id: userTags.id })
    .then((rows) => rows.length > 0);
}

export function countPortfolio(db: Executor, userId: number) {
  return db
    .select({ n: count() })
    .from(portfolioItems)
    .where(eq(portfolioItems.userId, userId))
    .then((rows) => rows[0]?.n ?? 0);
}

export function insertPortfolioItem(
  db: Executor,
  userId: number,
  values: Omit<typeof portfolioItems.$inferInsert, 'userId' | 'position'>,
) {
  return db
    .insert(portfolioItems)
    .values({
      ...values,
      userId,
      position: sql`(select coalesce(max(${portfolioItems.position}) + 1, 0) from ${portfolioItems} where ${portfolioItems.userId} = ${userId})`,
    })
    .returning(portfolioColumns)
    .then((rows) => rows[0]);
}

export function updatePortfolioItem(
  db: Executor,
  userId: number,
  id: number,
  values: { title: string; description?: string | null },
) {
  return db
    .update(portfolioItems)
    .set(values)
    .where(and(eq(portfolioItems.id, id), eq(portfolioItems.userId, userId)))
    .returning(portfolioColumns)
    .then((rows) => rows[0]);
}

export function deletePortfolioItem(db: Executor, userId: number, id: number) {
  return db
    .delete(portfolioItems)
    .where(and(eq(portfolioItems.id, id), eq(portfolioItems.userId, userId)))
    .returning({
      url: portfolioItems.url,
      thumbnailUrl: portfolioItems.thumbnailUrl,
      kind: portfolioItems.kind,
    })
    .then((rows) => rows[0]);
}

/** Sets position = index in `ids` for the owner's rows; ids of other users are ignored. */
export async function reorder(
  db: Database,
  table: 'experiences' | 'portfolio',
  userId: number,
  ids: number[],
) {
  const target = table === 'experiences' ? experiences : portfolioItems;
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: target.id })
      .from(target)
      .where(and(eq(target.userId, userId), inArray(target.id, ids)));
    const ownedIds = new Set(owned.map((row) => row.id));
    const cases = sql.join(
      ids.filter((id) => ownedIds.has(id)).map((id, index) => sql`when ${id} then ${index}`),
      sql` `,
    );
    if (ownedIds.size === 0) return;
    await tx
      .update(target)
      .set({ position: sql`case ${target.id} ${cases} else ${target.position} end` })
      .where(and(eq(target.userId, userId), inArray(target.id, [...ownedIds])));
  });
}

export function recordProfileView(db: Executor, profileId: number, viewerKey: string) {
  return db
    .insert(profileViews)
    .values({ profileId, viewerKey, day: sql`current_date` })
    .onConflictDoNothing();
}

export async function countProfileViews(db: Executor, profileId: number) {
  const since = (days: number) =>
    db
      .select({ n: count() })
      .from(profileViews)
      .where(
        and(
          eq(profileViews.profileId, profileId),
          gte(profileViews.day, sql`current_date - ${days - 1}::int`),
        ),
      )
      .then((rows) => rows[0]?.n ?? 0);
  const [views7Days, views30Days] = await Promise.all([since(7), since(30)]);
  return { views7Days, views30Days };
}
