import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BrowseCrewResponse } from '#common/schemas/crew';

export const browseCrewQuery = (role: number, page: number) =>
  queryOptions<BrowseCrewResponse>({ queryKey: ['/api/browse/crew', { role, page }] });

export function useBrowseCrew(role: number | null, page: number) {
  return useQuery({
    ...browseCrewQuery(role ?? 0, page),
    enabled: role !== null,
    placeholderData: keepPreviousData,
  });
}
