import { useEffect, useRef, useState } from 'react';

/** How long typing in a filter must pause before the search runs (issue 33). */
export const FILTER_DEBOUNCE_MS = 300;

/**
 * A text filter applied as you type: the text is the field's own, and once it has rested for
 * `delayMs` it is applied. The first application of a bout of typing adds a history entry, the
 * ones after it replace that entry, so Back undoes the whole bout in one step rather than letter by
 * letter. Enter (`flush`) or leaving the field applies at once and ends the bout. A change of
 * `applied` from elsewhere (Back, a removed chip, "Clear all") replaces the text and drops what was
 * waiting. What is still waiting when the field goes away (a sheet closed with Escape) is applied.
 */
export function useLiveText(
  applied: string,
  apply: (text: string, options: { replace: boolean }) => void,
  delayMs: number = FILTER_DEBOUNCE_MS,
) {
  const [text, setText] = useState(applied);
  const sent = useRef(applied);
  const inBout = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<string | null>(null);
  // What this field applied whose render has not come yet, oldest first. On a loaded machine the
  // address lags: "Me" can render after "Mex" was applied, and is ours, not a change from elsewhere.
  const unrendered = useRef<string[]>([]);
  const latestApply = useRef(apply);
  useEffect(() => {
    latestApply.current = apply;
  });

  const commit = () => {
    window.clearTimeout(timer.current);
    const waiting = pending.current;
    pending.current = null;
    if (waiting === null) return;
    const next = waiting.trim();
    if (next === sent.current) return;
    sent.current = next;
    unrendered.current.push(next);
    latestApply.current(next, { replace: inBout.current });
    inBout.current = true;
  };

  useEffect(() => {
    if (applied === sent.current) {
      unrendered.current = [];
      return;
    }
    const ours = unrendered.current.indexOf(applied);
    if (ours !== -1) {
      unrendered.current = unrendered.current.slice(ours + 1);
      return;
    }
    // Changed from elsewhere: that wins over anything typed and not yet applied.
    unrendered.current = [];
    window.clearTimeout(timer.current);
    pending.current = null;
    inBout.current = false;
    sent.current = applied;
    setText(applied);
  }, [applied]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; commit reads refs only.
  useEffect(() => () => commit(), []);

  return {
    text,
    onChange: (value: string) => {
      setText(value);
      pending.current = value;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(commit, delayMs);
    },
    /** Enter or leaving the field: apply now, and let the next typing start a new history entry. */
    flush: () => {
      commit();
      inBout.current = false;
    },
  };
}
