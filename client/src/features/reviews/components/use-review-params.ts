import { useSearchParams } from 'react-router';
import { REVIEW_SORTS, type ReviewSort } from '#common/reviews';

const MAX_ID = 2_147_483_647;

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= MAX_ID ? n : null;
}

const isSort = (value: string | null): value is ReviewSort =>
  (REVIEW_SORTS as readonly string[]).includes(value ?? '');

/**
 * The reviews tab's state lives in the address next to `tab`: `sort`, `page` and `review` (the one a
 * link points at), so a reload or a shared link shows the same reviews. Changes replace the entry and
 * keep the scroll position, like the tab switcher.
 */
export function useReviewParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: ReviewSort = isSort(sortParam) ? sortParam : 'newest';
  const page = positiveInt(params.get('page')) ?? 1;
  const linkedReviewId = positiveInt(params.get('review'));
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return {
    sort,
    page,
    linkedReviewId,
    setSort: (next: ReviewSort) => update({ sort: next === 'newest' ? null : next, page: null }),
    setPage: (next: number) => update({ page: next > 1 ? String(next) : null }),
  };
}
