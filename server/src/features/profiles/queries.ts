import DataLoader from 'dataloader';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ContactVisibility } from '#common/schemas/profiles';
import { isPremiumSql } from '#server/access/premium-queries.ts';
import type { Database } from '#server/db/client.ts';
import { renderSql } from '#server/db/prepared.ts';
import {
  credentials,
  experiences,
  portfolioItems,
  profileViews,
  roles,
  userRoles,
  users,
  userTags,
} from '#server/db/schema/index.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

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
      fallbackName: users.fallbackName,
      profileImage: users.profileImage,
      bio: users.bio,
      location: users.location,
      contactInfo: users.contactInfo,
      createdAt: users.createdAt,
      // "users"."id" spelled out: in a one-table select Drizzle writes a bare "id".
      isSubscribed: isPremiumSql(sql`"users"."id"`),
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

/** One row of FULL_PROFILE_SQL: the user, and each related table as a JSON array. */
export interface FullProfileRow {
  id: number;
  username: string;
  email: string;
  display_name: string | null;
  fallback_name: string;
  profile_image: string | null;
  bio: string | null;
  location: string | null;
  contact_info: string | null;
  contact_visibility: ContactVisibility;
  created_at: Date;
  is_subscribed: boolean;
  /** From rating_summaries; 0 for a person never reviewed. */
  review_count: number;
  rating_sum: number;
  roles: {
    id: number;
    name: string;
    category: 'pre-production' | 'production' | 'post-production' | 'cast';
    icon: string;
  }[];
  experiences: {
    id: number;
    title: string;
    projectName: string;
    startDate: string | null;
    endDate: string | null;
    description: string | null;
    position: number;
  }[];
  credentials: {
    id: number;
    title: string;
    institution: string;
    year: number | null;
    description: string | null;
  }[];
  tags: { id: number; tag: string }[];
  portfolio: {
    id: number;
    kind: 'image' | 'video' | 'link';
    title: string;
    description: string | null;
    url: string;
    thumbnailUrl: string | null;
    embedUrl: string | null;
    position: number;
  }[];
}

/**
 * The whole public profile in one round trip: the user row, and each related table aggregated to
 * JSON by a correlated subquery (each an index scan on user_id). JSON keys match the response schema.
 */
const FULL_PROFILE_SQL = `
  select u.id, u.username, u.email, u.display_name, u.fallback_name, u.profile_image, u.bio, u.location, u.contact_info, u.contact_visibility, u.created_at,
    ${renderSql(isPremiumSql(sql`u.id`)).text} as is_subscribed,
    coalesce(rs.review_count, 0) as review_count, coalesce(rs.rating_sum, 0) as rating_sum,
    coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'category', r.category, 'icon', r.icon) order by ur.position, r.sort_order)
      from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]') as roles,
    coalesce((select json_agg(json_build_object('id', e.id, 'title', e.title, 'projectName', e.project_name,
        'startDate', e.start_date, 'endDate', e.end_date, 'description', e.description, 'position', e.position)
        order by e.position, e.end_date desc nulls first, e.start_date desc, e.id desc)
      from experiences e where e.user_id = u.id), '[]') as experiences,
    coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title, 'institution', c.institution,
        'year', c.year, 'description', c.description) order by c.year desc nulls last, c.id desc)
      from credentials c where c.user_id = u.id), '[]') as credentials,
    coalesce((select json_agg(json_build_object('id', t.id, 'tag', t.tag) order by t.id)
      from user_tags t where t.user_id = u.id), '[]') as tags,
    coalesce((select json_agg(json_build_object('id', p.id, 'kind', p.kind, 'title', p.title, 'description', p.description,
        'url', p.url, 'thumbnailUrl', p.thumbnail_url, 'embedUrl', p.embed_url, 'position', p.position) order by p.position, p.id desc)
      from portfolio_items p where p.user_id = u.id), '[]') as portfolio
  from users u left join rating_summaries rs on rs.user_id = u.id where u.id = $1 and u.suspended_at is null and u.deleted_at is null`;

/**
 * Run as a named (prepared) statement: planning this query costs twice its execution, and each
 * connection plans a named statement once.
 */
export function findFullProfile(db: Database, userId: number): Promise<FullProfileRow | undefined> {
  return db.$client
    .query<FullProfileRow>({ name: 'profile-full', text: FULL_PROFILE_SQL, values: [userId] })
    .then((result) => result.rows[0]);
}

/**
 * The visitor's view of profiles as JSON text: each one's document (profile_documents, kept by
 * triggers: one index read) with `isSubscribed` added, which changes with the clock. A profile
 * not shown (no such member, suspended, deleted) has no row.
 */
const VISITOR_DOCUMENTS_SQL = `
  select d.user_id, left(d.body, -1) || ',"isSubscribed":' || (${renderSql(isPremiumSql(sql`d.user_id`)).text})::text || '}' as body
  from profile_documents d where d.user_id = any($1::integer[])`;

/**
 * Documents asked for in the same turn of the event loop are read in one statement (ADR 043):
 * under a crawl, each read otherwise pays a PostgreSQL round trip of its own (a socket write and
 * a statement's fixed cost on both sides) for one index entry. The batch goes out once the turn's
 * requests have been parsed (setImmediate), so a lone read waits for nothing. Nothing is memoised
 * here: the public profile cache decides what is kept.
 */
function visitorDocumentLoader(db: Database) {
  return new DataLoader<number, string | undefined>(
    async (ids) => {
      const result = await db.$client.query<{ user_id: number; body: string }>({
        name: 'profile-documents',
        text: VISITOR_DOCUMENTS_SQL,
        values: [ids],
      });
      const bodies = new Map(result.rows.map((row) => [row.user_id, row.body]));
      return ids.map((id) => bodies.get(id));
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: 200 },
  );
}

const documentLoaders = new WeakMap<Database, ReturnType<typeof visitorDocumentLoader>>();

/** Ids an `integer` column can hold: one that is not would fail the whole batch it joined. */
const isDatabaseId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

/** The visitor's view of one profile as JSON text; undefined when the profile is not shown. */
export function findVisitorDocument(db: Database, userId: number): Promise<string | undefined> {
  if (!isDatabaseId(userId)) return Promise.resolve(undefined);
  const loader = documentLoaders.get(db) ?? visitorDocumentLoader(db);
  documentLoaders.set(db, loader);
  return loader.load(userId);
}

/**
 * Views are buffered and written in batches: a popular profile must not cost a write per visit.
 * Only views of profiles that exist and are shown are inserted (the table has no foreign key, ADR
 * 029): an unknown id cannot fail the batch and lose everyone else's views, and no lock is taken
 * on the profile's row. A view written while the member is being erased stays on the tombstone,
 * which nothing shows.
 */
export async function recordProfileViews(
  db: Executor,
  views: { profileId: number; viewerKey: string; day: string }[],
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${profileViews} (${sql.identifier(profileViews.profileId.name)}, ${sql.identifier(profileViews.viewerKey.name)}, ${sql.identifier(profileViews.day.name)})
    select v.profile_id, v.viewer_key, v.day
    from unnest(${sql.param(views.map((view) => view.profileId))}::integer[],
      ${sql.param(views.map((view) => view.viewerKey))}::text[],
      ${sql.param(views.map((view) => view.day))}::date[]) as v(profile_id, viewer_key, day)
    join ${users} u on u.id = v.profile_id and u.deleted_at is null
    on conflict do nothing`);
  return result.rowCount ?? 0;
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
