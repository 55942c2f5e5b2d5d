/**
 * Ends the current task and goes on in a new one, so that the browser can paint and answer input in
 * between: a page's start-up is several pieces of work, each short, that together would make one
 * long task on a slow phone. `scheduler.yield` where the browser has it (the rest of the work then
 * comes before other queued tasks), else a zero timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
