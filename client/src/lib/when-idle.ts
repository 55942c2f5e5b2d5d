import { PRELOAD_TIMING } from './preload-timing.ts';

/**
 * Runs `run` once the browser is idle (at the latest after `timeout` ms); without
 * requestIdleCallback (Safari) after a plain timer. Returns a cancel function.
 */
export function whenIdle(run: () => void, timeout: number = PRELOAD_TIMING.codeIdleTimeoutMs): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(run, PRELOAD_TIMING.fallbackMs);
  return () => window.clearTimeout(timer);
}
