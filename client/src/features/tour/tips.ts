/** The pages that have tips (SPEC §2). */
export type TourPage = '/' | '/dashboard' | '/profile';

/** Every tip's id (texts and targets are in tour-tips.ts, loaded with the tour). */
export const TOUR_TIP_IDS = ['welcome', 'search', 'browse', 'profile', 'subscription', 'reviews'] as const;

export const SEEN_PREFIX = 'tooltip_seen_';

/** The tour page a path belongs to: /profile/{id} shows the '/profile' tips. */
export function tourPageOf(pathname: string): TourPage | null {
  if (pathname === '/' || pathname === '/dashboard') return pathname;
  if (/^\/profile\/\d+$/.test(pathname)) return '/profile';
  return null;
}

export function isSeen(id: string): boolean {
  try {
    return window.localStorage.getItem(SEEN_PREFIX + id) === 'true';
  } catch {
    // Storage refused (private mode, quota): show nothing rather than the same tip on every page.
    return true;
  }
}

export function markSeen(id: string): void {
  try {
    window.localStorage.setItem(SEEN_PREFIX + id, 'true');
  } catch {
    // Nothing to keep it in: the tip still closes for this page view.
  }
}

export function clearSeen(): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(SEEN_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored, nothing to clear.
  }
}
