import { useSyncExternalStore } from 'react';

/**
 * Whether a new build's service worker is installed and waiting (SPEC §4). Set by app/pwa.ts, a lazy
 * chunk; read by the update prompt. `apply` activates the waiting worker and reloads the page.
 */
interface UpdateState {
  waiting: boolean;
  apply: () => void;
}

let state: UpdateState = { waiting: false, apply: () => {} };
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
  );
}
