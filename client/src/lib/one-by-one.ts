import { ClientRateLimitError } from './http.ts';

const LIMITER_WAIT_MS = 400;
const LIMITER_MAX_WAITS = 10;

/**
 * Saves items one call each (SPEC §7: one call per role, one per tag). The client rate limiter lets
 * only two writes to one path through per second (SPEC §9), so someone who picks five roles would see
 * the third refused; a refusal by our own limiter (nothing was sent) waits for
 * room instead. `onSaved` runs after each success, so a failure part-way keeps what was saved.
 */
export async function saveOneByOne<T>(
  items: readonly T[],
  save: (item: T) => Promise<unknown>,
  onSaved?: (item: T) => void,
): Promise<void> {
  for (const item of items) {
    for (let waits = 0; ; waits++) {
      try {
        await save(item);
        onSaved?.(item);
        break;
      } catch (error) {
        if (!(error instanceof ClientRateLimitError) || waits >= LIMITER_MAX_WAITS) throw error;
        await new Promise((resolve) => setTimeout(resolve, LIMITER_WAIT_MS));
      }
    }
  }
}
