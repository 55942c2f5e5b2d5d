import { useSyncExternalStore } from 'react';

/**
 * Whether a new build's service worker is installed and waiting (SPEC §4). Set by app/pwa.ts, a lazy
 * chunk; read by the update prompt. `apply` activates the waiting worker and reloads the page.
 */
interface UpdateState {
  waiting: boolean;
  apply: () => void;
}

const NO_UPDATE: UpdateState = { waiting: false, apply: () => {} };
let state = NO_UPDATE;
const listeners = new Set<() => void>();

export function announceUpdate(apply: () => void): void {
  state = { waiting: true, apply };
  for (const listener of listeners) listener();
}

export function dismissUpdate(): void {
  state = { ...state, waiting: false };
  for (const listener of listeners) listener();
}

export function useAppUpdate(): UpdateState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // A server-rendered page knows of no waiting worker; the browser's state follows hydration.
    () => NO_UPDATE,
  );
}
