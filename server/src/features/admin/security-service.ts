import {
  SECURITY_EVENT_TYPES,
  type SecurityEventsResponse,
  type SecuritySummary,
} from '#common/schemas/admin';
import type { Database } from '#server/db/client.ts';
import { BadRequestError } from '#server/errors.ts';
import * as sq from './security-queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The security page's charts and totals: the last 7 days. */
export async function securitySummary(db: Database): Promise<SecuritySummary> {
  const [hours, newAccounts, networks] = await Promise.all([
    sq.hourlyCounts(db),
    sq.newAccountsSince(db, 7),
    sq.topFailingNetworks(db, 10),
  ]);
  return {
    hours: hours.map((h) => ({ hour: iso(h.hour), failedSignIns: h.failed, refusals: h.refusals })),
    newAccounts,
    failedSignIns: hours.reduce((sum, h) => sum + h.failed, 0),
    refusals: hours.reduce((sum, h) => sum + h.refusals, 0),
    topNetworks: networks.map((n) => ({
      network: n.network,
      failures: n.failures,
      lastSeen: iso(n.last_seen),
    })),
  };
}

const isEventType = (value: string): value is sq.SecurityEventType =>
  (SECURITY_EVENT_TYPES as readonly string[]).includes(value);

/** Newest first, 50 a page; `user` is a username or an id. An unknown user simply matches nothing. */
export async function securityEvents(
  db: Database,
  query: { type?: string | undefined; user?: string | undefined; cursor?: number | undefined },
): Promise<SecurityEventsResponse> {
  const typed = query.type || undefined;
  if (typed && !isEventType(typed)) {
    throw new BadRequestError('Unknown event type', { type: 'Unknown event type' });
  }
  const type = typed as sq.SecurityEventType | undefined;
  let userId: number | undefined;
  if (query.user) {
    userId = /^\d{1,9}$/.test(query.user) ? Number(query.user) : await sq.findUserIdByName(db, query.user);
    if (userId === undefined) return { events: [], nextCursor: null };
  }
  const rows = await sq.listEvents(db, { type, userId, cursor: query.cursor });
  const page = rows.slice(0, sq.EVENTS_PAGE);
  return {
    events: page.map((row) => ({
      id: row.id,
      type: row.type,
      user: row.userId !== null && row.username !== null ? { id: row.userId, username: row.username } : null,
      subject: row.subject,
      ip: row.ip,
      userAgent: row.userAgent,
      detail: row.detail ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > sq.EVENTS_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}
