import type { Database } from './client.ts';

/**
 * `load`, answered at most once per `ttlMs` for each database and shared by concurrent callers.
 * A failure is forgotten at once, so the next call tries again.
 */
export function rememberPerDatabase<T>(
  ttlMs: number,
  load: (db: Database) => Promise<T>,
): (db: Database) => Promise<T> {
  const remembered = new WeakMap<Database, { at: number; value: Promise<T> }>();
  return (db) => {
    const hit = remembered.get(db);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const entry = { at: Date.now(), value: load(db) };
    entry.value.catch(() => {
      if (remembered.get(db) === entry) remembered.delete(db);
    });
    remembered.set(db, entry);
    return entry.value;
  };
}
