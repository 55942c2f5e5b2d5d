import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '#common/schemas/calls';
import type { Database } from '#server/db/client.ts';
import { callApplications, crewCalls, userRoles, users } from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type CallRow = typeof crewCalls.$inferSelect;
export type ApplicationRow = typeof callApplications.$inferSelect;
export type NewCall = typeof crewCalls.$inferInsert;

/** The owner's account is live: a suspended or deleted member's calls are shown to nobody else. */
const ownerActive = sql<boolean>`exists (select 1 from ${users} u where u.id = ${crewCalls.ownerId}
  and u.suspended_at is null and u.deleted_at is null)`;

/**
 * A call anyone may list: open, not hidden, its closing day not passed (`today`, UTC), its owner
 * live. Written as the partial indexes of the list are (status = 'open' and hidden_at is null).
 */
const listable = (today: string) =>
  sql`${crewCalls.status} = 'open' and ${crewCalls.hiddenAt} is null and ${crewCalls.applyBy} >= ${today}::date and ${ownerActive}`;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function insertCall(tx: Executor, values: NewCall): Promise<CallRow> {
  const [row] = await tx.insert(crewCalls).values(values).returning();
  return row as CallRow;
}

/**
 * Serialises one member's posting, so the count of their open calls and the insert after it
 * cannot interleave with another request's: two posts at 19 make one 20th and one refusal.
 */
export async function lockOwnersCalls(tx: Executor, ownerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crew-calls'), ${ownerId})`);
}

/** The owner's calls that are open today (not expired, not hidden). */
export async function countOpenCalls(db: Executor, ownerId: number, today: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(crewCalls)
    .where(
      and(
        eq(crewCalls.ownerId, ownerId),
        sql`${crewCalls.status} = 'open' and ${crewCalls.hiddenAt} is null and ${crewCalls.applyBy} >= ${today}::date`,
      ),
    );
  return row?.n ?? 0;
}

export interface CallWithOwner {
  call: CallRow;
  ownerActive: boolean;
}

export async function findCall(db: Executor, id: number): Promise<CallWithOwner | undefined> {
  const [row] = await db.select({ call: crewCalls, ownerActive }).from(crewCalls).where(eq(crewCalls.id, id));
  return row;
}

/** The call, locked until the transaction ends: the base of every change to it or its applications. */
export async function lockCall(tx: Executor, id: number): Promise<CallRow | undefined> {
  const [row] = await tx.select().from(crewCalls).where(eq(crewCalls.id, id)).for('update');
  return row;
}

export async function updateCall(tx: Executor, id: number, values: Partial<NewCall>): Promise<CallRow> {
  const [row] = await tx
    .update(crewCalls)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(crewCalls.id, id))
    .returning();
  return row as CallRow;
}

export interface ListFilters {
  role?: number | undefined;
  location?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  after?: { micros: string; id: number } | null;
  limit: number;
}

export type ListedCall = CallRow & { micros: string };

/**
 * One page of the public list, newest first, `limit + 1` rows so the caller knows whether another
 * follows. Location and words match case-insensitively anywhere in the text (trigram indexes on
 * lower(); ADR 037); from/to keep the calls whose work overlaps those days.
 */
export async function listOpenCalls(db: Executor, today: string, f: ListFilters): Promise<ListedCall[]> {
  const conditions: SQL[] = [listable(today)];
  if (f.role !== undefined) conditions.push(sql`${crewCalls.roleId} = ${f.role}`);
  if (f.location)
    conditions.push(sql`lower(${crewCalls.location}) like ${`%${likeLiteral(f.location.toLowerCase())}%`}`);
  if (f.q)
    conditions.push(
      sql`lower(${crewCalls.title} || ' ' || ${crewCalls.description}) like ${`%${likeLiteral(f.q.toLowerCase())}%`}`,
    );
  if (f.from) conditions.push(sql`${crewCalls.endDate} >= ${f.from}::date`);
  if (f.to) conditions.push(sql`${crewCalls.startDate} <= ${f.to}::date`);
  if (f.after)
    conditions.push(
      sql`(${crewCalls.createdAt}, ${crewCalls.id}) <
        (timestamptz 'epoch' + (${f.after.micros} || ' microseconds')::interval, ${f.after.id})`,
    );
  const rows = await db
    .select({
      call: crewCalls,
      // numeric in PostgreSQL 14+, so exact to the microsecond.
      micros: sql<string>`(extract(epoch from ${crewCalls.createdAt}) * 1000000)::bigint::text`,
    })
    .from(crewCalls)
    .where(and(...conditions))
    .orderBy(desc(crewCalls.createdAt), desc(crewCalls.id))
    .limit(f.limit + 1);
  return rows.map((row) => ({ ...row.call, micros: row.micros }));
}

/** The ids and last changes of every call the public list shows, for the sitemap. */
export function listableCallIds(db: Executor, today: string) {
  return db
    .select({ id: crewCalls.id, updatedAt: crewCalls.updatedAt })
    .from(crewCalls)
    .where(listable(today))
    .orderBy(desc(crewCalls.createdAt), desc(crewCalls.id));
}

/** The owner's calls, open ones first (expired ones with the rest), each group newest first. */
export function ownerCalls(db: Executor, ownerId: number, today: string): Promise<CallRow[]> {
  return db
    .select()
    .from(crewCalls)
    .where(eq(crewCalls.ownerId, ownerId))
    .orderBy(
      sql`(${crewCalls.status} = 'open' and ${crewCalls.applyBy} >= ${today}::date) desc`,
      desc(crewCalls.createdAt),
      desc(crewCalls.id),
    );
}

/** How many applied to each call, withdrawn ones left out. */
export async function applicationCounts(db: Executor, callIds: number[]): Promise<Map<number, number>> {
  if (callIds.length === 0) return new Map();
  const rows = await db
    .select({ callId: callApplications.callId, n: sql<number>`count(*)::int` })
    .from(callApplications)
    .where(and(inArray(callApplications.callId, callIds), ne(callApplications.status, 'withdrawn')))
    .groupBy(callApplications.callId);
  return new Map(rows.map((row) => [row.callId, row.n]));
}

/** The member's own applications to these calls. */
export async function applicationsBy(
  db: Executor,
  applicantId: number,
  callIds: number[],
): Promise<Map<number, { id: number; status: ApplicationStatus }>> {
  if (callIds.length === 0) return new Map();
  const rows = await db
    .select({ id: callApplications.id, callId: callApplications.callId, status: callApplications.status })
    .from(callApplications)
    .where(and(eq(callApplications.applicantId, applicantId), inArray(callApplications.callId, callIds)));
  return new Map(rows.map((row) => [row.callId, { id: row.id, status: row.status }]));
}

export async function roleCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return row?.n ?? 0;
}

/** Serialises one applicant's applications, so two sent at once cannot both slip under the daily cap. */
export async function lockApplicant(tx: Executor, applicantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('call-applications'), ${applicantId})`);
}

/** Applications this member sent in the last 24 hours (withdrawn ones count). */
export async function countApplicationsToday(db: Executor, applicantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(callApplications)
    .where(
      and(
        eq(callApplications.applicantId, applicantId),
        sql`${callApplications.createdAt} > now() - interval '24 hours'`,
      ),
    );
  return row?.n ?? 0;
}

/** The new application, or undefined when this member already applied (the unique index says so). */
export async function insertApplication(
  tx: Executor,
  values: { callId: number; applicantId: number; note: string },
): Promise<ApplicationRow | undefined> {
  const [row] = await tx.insert(callApplications).values(values).onConflictDoNothing().returning();
  return row;
}

/** A call's applications, newest first. */
export function listApplications(db: Executor, callId: number): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(callApplications)
    .where(eq(callApplications.callId, callId))
    .orderBy(desc(callApplications.createdAt), desc(callApplications.id));
}

/** One application of this call, locked until the transaction ends. */
export async function lockApplication(
  tx: Executor,
  callId: number,
  applicationId: number,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(callApplications)
    .where(and(eq(callApplications.id, applicationId), eq(callApplications.callId, callId)))
    .for('update');
  return row;
}

export async function findApplication(db: Executor, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(callApplications).where(eq(callApplications.id, id));
  return row;
}

export async function setApplication(
  tx: Executor,
  id: number,
  values: { status: ApplicationStatus; bookingId?: number },
): Promise<ApplicationRow> {
  const [row] = await tx
    .update(callApplications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(callApplications.id, id))
    .returning();
  return row as ApplicationRow;
}

/** The member's applications, newest first, each with its call; `onlyId`: that one alone. */
export function applicationsOf(db: Executor, applicantId: number, onlyId?: number) {
  return db
    .select({ application: callApplications, call: crewCalls })
    .from(callApplications)
    .innerJoin(crewCalls, eq(crewCalls.id, callApplications.callId))
    .where(
      and(
        eq(callApplications.applicantId, applicantId),
        onlyId === undefined ? undefined : eq(callApplications.id, onlyId),
      ),
    )
    .orderBy(desc(callApplications.createdAt), desc(callApplications.id));
}

/**
 * The hourly job: every call still open whose closing day is before `today` is closed, as of now.
 * Answers the ids closed. Served by crew_calls_open_apply_by_idx.
 */
export async function closeExpiredCalls(db: Executor, today: string): Promise<number[]> {
  const rows = await db
    .update(crewCalls)
    .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(sql`${crewCalls.status} = 'open' and ${crewCalls.applyBy} < ${today}::date`)
    .returning({ id: crewCalls.id });
  return rows.map((row) => row.id);
}
