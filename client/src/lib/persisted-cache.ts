/**
 * Earlier builds persisted the query cache to localStorage. This app keeps its cache in memory only
 * (answers can hold private data, and a stale copy would outlive a logout), so old entries are
 * deleted at start-up (SPEC §9) instead of being restored.
 */
const PERSISTED_CACHE_KEY = 'REACT_QUERY_OFFLINE_CACHE';
const PERSISTED_CACHE_PREFIX = 'crewbase-query-cache';

export function removeStalePersistedCache(): void {
  try {
    if (typeof localStorage === 'undefined') return;
    const stale: string[] = [];
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key === PERSISTED_CACHE_KEY || key?.startsWith(PERSISTED_CACHE_PREFIX)) stale.push(key);
    }
    for (const key of stale) localStorage.removeItem(key);
  } catch {
    // Storage can be switched off (privacy settings, sandboxed frames); then there is nothing to clean.
  }
}
