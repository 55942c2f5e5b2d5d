import { useEffect, useRef } from 'react';

/**
 * What a page has navigated to and not yet rendered, oldest first, so that a second change made
 * before the first shows builds on it instead of undoing it (a date picked while the page still
 * renders the one before, on a slow phone). Reconciled only when a render commits: a navigation
 * renders as a transition that a more urgent render can interrupt and React then throws away, and
 * a render thrown away must not change what is waiting (it once dropped the first of two dates).
 * A committed value none of the waiting ones matches came from elsewhere (Back, a link) and ends
 * them all.
 */
export function useUnrendered<T>(rendered: T, keyOf: (value: T) => string) {
  const waiting = useRef<T[]>([]);
  const key = keyOf(rendered);
  // Not on mount: a child's mount effect (a form applying what was typed before the app started)
  // runs before this one and has already added what it applied.
  const reconciled = useRef(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what the value is.
  useEffect(() => {
    if (reconciled.current === key) return;
    reconciled.current = key;
    const ours = waiting.current.findIndex((value) => keyOf(value) === key);
    waiting.current = ours === -1 ? [] : waiting.current.slice(ours + 1);
  }, [key]);
  return {
    /** The newest value applied, or the rendered one when nothing waits. */
    latest: (): T => waiting.current.at(-1) ?? rendered,
    /** Records a value about to be navigated to. */
    add: (value: T) => {
      waiting.current.push(value);
    },
  };
}
