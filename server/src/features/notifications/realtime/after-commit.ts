import type { Database } from '#server/db/client.ts';
import { transactionStatuses } from './bus-queries.ts';
import type { RealtimeEvent } from './events.ts';

/**
 * Publish-after-commit for buses outside PostgreSQL (Redis). notify() writes in the caller's
 * transaction and cannot see its end, so it hands over the transaction's id (pg_current_xact_id())
 * with the event; this watcher asks PostgreSQL for that transaction's fate (pg_xact_status) and
 * publishes only once it reads 'committed'. An aborted transaction publishes nothing. Checks come
 * 2, 4, 8 … ms after the write, at most 250 ms apart, and one statement checks every pending
 * transaction at once.
 *
 * The PostgreSQL bus needs none of this: NOTIFY sent inside a transaction is delivered on commit.
 */
export interface CommitWatcher {
  watch(xid: string, event: RealtimeEvent): void;
}

const FIRST_DELAY_MS = 2;
const MAX_DELAY_MS = 250;

interface Pending {
  events: RealtimeEvent[];
  attempts: number;
  due: number;
}

export function createCommitWatcher(
  db: Pick<Database, 'execute'>,
  publish: (event: RealtimeEvent) => Promise<void>,
  onError: (err: unknown) => void,
) {
  const pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let closed = false;

  const schedule = () => {
    if (closed || running || pending.size === 0) return;
    const next = Math.min(...[...pending.values()].map((p) => p.due));
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void check(), Math.max(0, next - Date.now()));
  };

  async function check() {
    timer = null;
    running = true;
    const now = Date.now();
    const due = [...pending.entries()].filter(([, p]) => p.due <= now).map(([xid]) => xid);
    try {
      if (due.length > 0) {
        for (const { xid, status } of await transactionStatuses(db, due)) {
          const entry = pending.get(xid);
          if (!entry) continue;
          if (status === 'in progress') {
            entry.attempts += 1;
            entry.due = Date.now() + Math.min(FIRST_DELAY_MS * 2 ** entry.attempts, MAX_DELAY_MS);
            continue;
          }
          pending.delete(xid);
          // 'aborted', or null (too old to know): the row is not there, so there is nothing to say.
          if (status === 'committed') for (const event of entry.events) await publish(event).catch(onError);
        }
      }
    } catch (err) {
      onError(err);
      for (const xid of due) {
        const entry = pending.get(xid);
        if (entry) entry.due = Date.now() + MAX_DELAY_MS;
      }
    } finally {
      running = false;
      schedule();
    }
  }

  const watcher: CommitWatcher & { close(): void; readonly pendingCount: number } = {
    watch(xid, event) {
      if (closed) return;
      const entry = pending.get(xid);
      if (entry) entry.events.push(event);
      else pending.set(xid, { events: [event], attempts: 0, due: Date.now() + FIRST_DELAY_MS });
      schedule();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      pending.clear();
    },
    get pendingCount() {
      return pending.size;
    },
  };
  return watcher;
}

/**
 * The watchers of the Redis buses running in this process (an app registers one on start and
 * removes it on close). notify() uses the newest; with none, it notifies through PostgreSQL.
 * REDIS_URL is a property of the process's environment, so one process never mixes the two modes.
 */
const watchers: CommitWatcher[] = [];

export function registerCommitWatcher(watcher: CommitWatcher): () => void {
  watchers.push(watcher);
  return () => {
    const at = watchers.indexOf(watcher);
    if (at !== -1) watchers.splice(at, 1);
  };
}

export function activeCommitWatcher(): CommitWatcher | null {
  return watchers.at(-1) ?? null;
}
