import type { Database } from '#server/db/client.ts';
import { recordProfileViews } from './queries.ts';

const FLUSH_INTERVAL_MS = 2_000;
const FLUSH_SIZE = 500;

/**
 * Profile views, counted once per viewer per profile per day, written in batches: a profile
 * shared on a busy night must not cost one INSERT per visit. Pending views are written on an
 * interval, when the buffer fills, before stats are read, and when the server closes.
 */
export function createViewRecorder(db: Database, onError: (error: unknown) => void) {
  const pending = new Map<string, { profileId: number; viewerKey: string; day: string }>();
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (pending.size === 0) return writing;
    const batch = [...pending.values()];
    pending.clear();
    writing = writing.then(() => recordProfileViews(db, batch).then(() => undefined, onError));
    return writing;
  };

  const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    record(profileId: number, viewerKey: string) {
      const day = new Date().toISOString().slice(0, 10);
      pending.set(`${profileId}|${viewerKey}|${day}`, { profileId, viewerKey, day });
      if (pending.size >= FLUSH_SIZE) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type ViewRecorder = ReturnType<typeof createViewRecorder>;
