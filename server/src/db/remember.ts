import type { Database } from '#server/db/client.ts';

/**
 * `load`, answered at most once per `ttlMs` for each database and shared by concurrent callers.
 * A failure is forgotten at once, so the next call tries again, and so is an answer
 * `worthKeeping` refuses.
 */
export function rememberPerDatabase<T>(
  ttlMs: number,
  load: (db: Database) => Promise<T>,
  worthKeeping: (value: T) => boolean = () => true,
): (db: Database) => Promise<T> {
  const remembered = new WeakMap<Database, { at: number; value: Promise<T> }>();
  return (db) => {
    const hit = remembered.get(db);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const entry = { at: Date.now(), value: load(db) };
    const forget = () => {
      if (remembered.get(db) === entry) remembered.delete(db);
    };
    entry.value.then((value) => worthKeeping(value) || forget(), forget);
    remembered.set(db, entry);
    return entry.value;
  };
}

/**
 * Values by key for each database, each kept for `ttlMs`; at most `maxKeys` per database (all
 * are dropped when that is passed: a crude bound, enough for caches of a few thousand keys).
 */
export class RememberedByKey<T> {
  readonly #byDatabase = new WeakMap<Database, Map<string, { at: number; value: T }>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys: number,
  ) {}

  get(db: Database, key: string): T | undefined {
    const hit = this.#byDatabase.get(db)?.get(key);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  set(db: Database, key: string, value: T): void {
    let entries = this.#byDatabase.get(db);
    if (!entries || entries.size >= this.maxKeys) {
      entries = new Map();
      this.#byDatabase.set(db, entries);
    }
    entries.set(key, { at: Date.now(), value });
  }

  /** Remembers a pending answer; a failed one is forgotten at once, so the next call tries again. */
  setPending(db: Database, key: string, value: T & Promise<unknown>): void {
    this.set(db, key, value);
    value.catch(() => {
      const entries = this.#byDatabase.get(db);
      if (entries?.get(key)?.value === value) entries.delete(key);
    });
  }
}
