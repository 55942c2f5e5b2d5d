import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorText, useViewer } from '#client/features/auth/api.ts';
import { type SearchState, toSearchParams } from '#client/features/search/search-state.ts';
import { apiSend } from '#client/lib/http.ts';
import type { SavedSearchQuery } from '#common/saved-searches';
import type {
  CreateSavedSearchRequest,
  SavedSearch,
  SavedSearchListResponse,
  UpdateSavedSearchRequest,
} from '#common/schemas/saved-searches';

const PATH = '/api/saved-searches';

/** The member's saved searches, newest first (issue 35). */
export const savedSearchesQuery = queryOptions<SavedSearchListResponse>({ queryKey: [PATH] });

export function useSavedSearches() {
  return useQuery({ ...savedSearchesQuery, enabled: useViewer() !== null });
}

/**
 * The search as its address carries it (`role` repeated as a list), without the page: what a
 * saved search keeps, and what `savedSearchHref` turns back into the same address.
 */
export function savedQueryOf(state: SearchState): SavedSearchQuery {
  const params = toSearchParams({ ...state, page: 1 });
  const query: SavedSearchQuery = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = key === 'role' || values.length > 1 ? values : (values[0] ?? '');
  }
  return query;
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSavedSearchRequest) => apiSend<SavedSearch>('POST', PATH, body),
    onSuccess: (saved) => {
      client.setQueryData(savedSearchesQuery.queryKey, (list) =>
        list ? { savedSearches: [saved, ...list.savedSearches] } : list,
      );
      void client.invalidateQueries({ queryKey: savedSearchesQuery.queryKey });
    },
  });
}

function replaceIn(list: SavedSearchListResponse | undefined, saved: SavedSearch) {
  return list
    ? { savedSearches: list.savedSearches.map((one) => (one.id === saved.id ? saved : one)) }
    : list;
}

/**
 * A new name or alerts on or off. The switch moves at once; if the server refuses, it moves back
 * and a toast says why.
 */
export function useUpdateSavedSearch() {
  const client = useQueryClient();
  const { queryKey } = savedSearchesQuery;
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateSavedSearchRequest & { id: number }) =>
      apiSend<SavedSearch>('PATCH', `${PATH}/${id}`, body),
    onMutate: async ({ id, ...change }) => {
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData(queryKey);
      const current = before?.savedSearches.find((one) => one.id === id);
      if (current) client.setQueryData(queryKey, replaceIn(before, { ...current, ...change }));
      return { before };
    },
    onSuccess: (saved) => client.setQueryData(queryKey, (list) => replaceIn(list, saved)),
    onError: (error, _change, context) => {
      if (context?.before) client.setQueryData(queryKey, context.before);
      toast({ title: 'Not saved', description: errorMessage(error), variant: 'destructive' });
    },
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  const { queryKey } = savedSearchesQuery;
  return useMutation({
    mutationFn: (id: number) => apiSend<void>('DELETE', `${PATH}/${id}`),
    onSuccess: (_answer, id) => {
      client.setQueryData(queryKey, (list) =>
        list ? { savedSearches: list.savedSearches.filter((one) => one.id !== id) } : list,
      );
      toast({ title: 'Saved search deleted' });
    },
    onError: (error) =>
      toast({ title: 'Not deleted', description: errorMessage(error), variant: 'destructive' }),
  });
}

const errorMessage = (error: unknown) => errorText(error, 'Something went wrong. Please try again.');
