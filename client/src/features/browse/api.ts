import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BrowseCrewResponse } from '#common/schemas/crew';

/** Issue 35: who is free on these days; absent (undefined) when the listing has no dates. */
export interface BrowseDates {
  availableFrom?: string;
  availableTo?: string;
  minFreeDays?: number;
}

/**
 * A role's crew. Dates left undefined stay out of the key, so a listing without them has the key
 * the server rendered it under (`{ role, page }`).
 */
export const browseCrewQuery = (role: number, page: number, dates: BrowseDates = {}) =>
  queryOptions<BrowseCrewResponse>({ queryKey: ['/api/browse/crew', { role, page, ...dates }] });

export function useBrowseCrew(role: number | null, page: number, dates: BrowseDates = {}) {
  return useQuery({
    ...browseCrewQuery(role ?? 0, page, dates),
    enabled: role !== null,
    placeholderData: keepPreviousData,
  });
}
