import { useCallback, useEffect, useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'theme';

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark' || stored === 'system') return stored;
  } catch {
    // Storage can be blocked (private mode, policy); the system preference still applies.
  }
  return 'system';
}

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');

function applyTheme(preference: ThemePreference) {
  const dark = preference === 'dark' || (preference === 'system' && systemDark().matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/** Every useTheme in the page hears a change made by one of them. */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** This visit's choice, which still holds when storage refused to keep it. */
let chosen: ThemePreference | null = null;
const browserPreference = () => chosen ?? readThemePreference();
/** The server cannot know the saved theme: it renders "system", and the browser's value follows hydration. */
const serverPreference = (): ThemePreference => 'system';

/** The theme preference, persisted under `theme`; "system" follows the OS setting live. */
export function useTheme() {
  const preference = useSyncExternalStore(subscribe, browserPreference, serverPreference);

  useEffect(() => {
    applyTheme(preference);
    if (preference !== 'system') return;
    const media = systemDark();
    const follow = () => applyTheme('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [preference]);

  const setTheme = useCallback((next: ThemePreference) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not persisted, but still applied for this visit.
    }
    chosen = next;
    for (const listener of listeners) listener();
  }, []);

  return { theme: preference, setTheme };
}
