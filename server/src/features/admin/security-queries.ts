import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { type SecurityEventType, securityEvents, users } from '#server/db/schema/index.ts';
import type { Executor } from './queries.ts';

export type { SecurityEventType };

/** What the charts call refusals: requests turned away by a rate limit or a failed CSRF check. */
const REFUSALS = sql`('rate_limited', 'csrf_refused')`;

/** The last 168 hours, oldest first, each with its failed sign-ins and refusals (zeros included). */
export async function hourlyCounts(db: Executor) {
  const { rows } = await db.execute<{ hour: Date; failed: number; refusals: number }>(sql`
    with hours as (
      select generate_series(date_trunc('hour', now()) - interval '167 hours', date_trunc('hour', now()),
        interval '1 hour') as hour
    ), counted as (
      select date_trunc('hour', created_at) as hour,
        count(*) filter (where type = 'login_failure')::int as failed,
        count(*) filter (where type in ${REFUSALS})::int as refusals
      from security_events
      where created_at >= date_trunc('hour', now()) - interval '167 hours'
        and (type = 'login_failure' or type in ${REFUSALS})
      group by 1
    )
    select h.hour, coalesce(c.failed, 0) as failed, coalesce(c.refusals, 0) as refusals
    from hours h left join counted c on c.hour = h.hour
    order by h.hour`);
  return rows;
}

export async function newAccountsSince(db: Executor, days: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where created_at > now() - make_interval(days => ${days})`,
  );
  return rows[0]?.n ?? 0;
}

/** The networks (IPv4 address or IPv6 /64) with the most failed sign-ins this week. */
export async function topFailingNetworks(db: Executor, limit: number) {
  const { rows } = await db.execute<{ network: string; failures: number; last_seen: Date }>(sql`
    select ip_prefix as network, count(*)::int as failures, max(created_at) as last_seen
    from security_events
    where type = 'login_failure' and ip_prefix is not null and created_at > now() - interval '7 days'
    group by ip_prefix order by failures desc, last_seen desc limit ${limit}`);
  return rows;
}

export function findUserIdByName(db: Executor, name: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${name.toLowerCase()}`)
    .then((rows) => rows[0]?.id);
}

export const EVENTS_PAGE = 50;

export function listEvents(
  db: Executor,
  filter: { type?: SecurityEventType | undefined; userId?: number | undefined; cursor?: number | undefined },
) {
  return db
    .select({
      id: securityEvents.id,
      type: securityEvents.type,
      userId: securityEvents.userId,
      username: users.username,
      subject: securityEvents.subject,
      ip: securityEvents.ip,
      userAgent: securityEvents.userAgent,
      detail: securityEvents.detail,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .where(
      and(
        filter.type ? eq(securityEvents.type, filter.type) : undefined,
        filter.userId ? eq(securityEvents.userId, filter.userId) : undefined,
        filter.cursor ? lt(securityEvents.id, filter.cursor) : undefined,
      ),
    )
    .orderBy(desc(securityEvents.id))
    .limit(EVENTS_PAGE + 1);
}
