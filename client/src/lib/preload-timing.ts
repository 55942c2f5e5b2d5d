/**
 * SPEC §9 preload timings. After a page has shown, and once the browser is idle, fetch what the
 * next click most likely needs: the /browse and /search code and the roles and top-rated data.
 * - delay after arriving: home 2000 ms, browse/search 1500 ms, dashboard 1000 ms;
 * - then idle callbacks with timeouts of 1000 ms (data) and 2000 ms (code);
 * - without requestIdleCallback (Safari), a plain 2000 ms timer.
 * A navigation before the timers fire cancels them: the next page schedules its own.
 */
export const PRELOAD_TIMING = {
  delayByPath: { '/': 2000, '/browse': 1500, '/search': 1500, '/dashboard': 1000 } as Record<string, number>,
  dataIdleTimeoutMs: 1000,
  codeIdleTimeoutMs: 2000,
  fallbackMs: 2000,
} as const;
