import { type UseMutationResult, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PublicProfile } from '#common/schemas/profiles';
import { profileQuery } from '../api.ts';
import { toastFailure } from './edit-feedback.ts';
import { moved } from './edit-list.tsx';

const SAVE_AFTER_MS = 400;

type OrderedField = 'experiences' | 'portfolio';

/**
 * Up/down moves show at once (the cached profile is rewritten) and are saved together once the
 * clicking stops, so three quick presses are one request rather than three racing ones. A failed
 * save reloads the order the server has. `announcement` is for a polite live region.
 */
export function useOptimisticReorder(
  userId: number,
  field: OrderedField,
  save: UseMutationResult<void, Error, number[]>,
) {
  const queryClient = useQueryClient();
  const { queryKey } = profileQuery(userId);
  const [announcement, setAnnouncement] = useState('');
  const pending = useRef<number[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = () => {
    clearTimeout(timer.current);
    const ids = pending.current;
    pending.current = null;
    if (!ids) return;
    saveRef.current.mutate(ids, {
      onError: () => {
        toastFailure('reorder');
        void queryClient.invalidateQueries({ queryKey });
      },
    });
  };

  // Leaving the page right after a move still saves it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: flush reads refs only; run on unmount.
  useEffect(() => flush, []);

  const move = (index: number, delta: -1 | 1) => {
    const profile = queryClient.getQueryData(queryKey);
    if (!profile) return;
    const items = profile[field] as PublicProfile[OrderedField];
    const target = index + delta;
    const item = items[index];
    if (!item || target < 0 || target >= items.length) return;
    const next = moved<(typeof items)[number]>(items, index, delta);
    // A refetch already under way would bring back the old order on top of this one.
    void queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData(queryKey, { ...profile, [field]: next });
    setAnnouncement(`Moved “${item.title}” to position ${target + 1} of ${items.length}.`);
    pending.current = next.map((entry) => entry.id);
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, SAVE_AFTER_MS);
  };

  return { move, announcement };
}
