/**
 * What crosses instances (PostgreSQL NOTIFY or Redis pub/sub): ids only. The instance that holds a
 * user's sockets loads the row or the count itself, so a payload never carries a title, a message
 * or anything else private, and stays far below NOTIFY's 8000-byte limit.
 */
export type RealtimeEvent =
  /** A notification was written (and committed): `id` of the row, `u` its recipient. */
  | { k: 'n'; id: number; u: number }
  /**
   * Notification `id` of user `u` changed: what it asked was answered (issue 31), so its
   * `resolved` (and maybe its read state) is new.
   */
  | { k: 'u'; id: number; u: number }
  /** The unread count of user `u` changed (read, read all, delete, clear all). */
  | { k: 'c'; u: number }
  /** Session `s` ended (logout): its sockets close. */
  | { k: 's'; s: number }
  /** Direct message `id` was written (and committed); `u` is a participant to tell. */
  | { k: 'm'; id: number; u: number }
  /** Reader `r` read conversation `c` up to message `m`; `u` is a participant to tell. */
  | { k: 'r'; c: number; r: number; m: number; u: number };

/** The PostgreSQL NOTIFY channel; LISTEN/NOTIFY is scoped to one database already. */
export const PG_CHANNEL = 'crewbase_notifications';

/** The Redis channel: one per database, so deployments (or test runs) sharing a Redis never mix. */
export const redisChannel = (database: string) => `crewbase:notifications:${database}`;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;

/** Parses a payload; anything malformed is null (and ignored by the caller). */
export function decodeEvent(payload: string | undefined): RealtimeEvent | null {
  if (!payload) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  if (e.k === 'n' && isId(e.id) && isId(e.u)) return { k: 'n', id: e.id, u: e.u };
  if (e.k === 'u' && isId(e.id) && isId(e.u)) return { k: 'u', id: e.id, u: e.u };
  if (e.k === 'c' && isId(e.u)) return { k: 'c', u: e.u };
  if (e.k === 's' && isId(e.s)) return { k: 's', s: e.s };
  if (e.k === 'm' && isId(e.id) && isId(e.u)) return { k: 'm', id: e.id, u: e.u };
  if (e.k === 'r' && isId(e.c) && isId(e.r) && isId(e.m) && isId(e.u))
    return { k: 'r', c: e.c, r: e.r, m: e.m, u: e.u };
  return null;
}

export const encodeEvent = (event: RealtimeEvent): string => JSON.stringify(event);
