import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '#client/features/auth/api.ts';
import { apiSend } from '#client/lib/http.ts';
import { saveOneByOne } from '#client/lib/one-by-one.ts';
import type {
  Credential,
  CredentialRequest,
  Experience,
  ExperienceRequest,
  PortfolioItem,
  ProfileBasicsRequest,
  ProfileStats,
  PublicProfile,
  Tag,
} from '#common/schemas/profiles';
import type { Role } from '#common/schemas/roles';

/** Query keys are the API paths (SPEC §7), so a key says what it fetches. */
export const profileQuery = (userId: number) =>
  queryOptions<PublicProfile>({ queryKey: [`/api/users/${userId}`] });
export const profileStatsQuery = (userId: number) =>
  queryOptions<ProfileStats>({ queryKey: [`/api/users/${userId}/stats`], staleTime: 60_000 });

export function useProfile(userId: number | null) {
  return useQuery({ ...profileQuery(userId ?? 0), enabled: userId !== null });
}

export function useProfileStats(userId: number | null) {
  return useQuery({ ...profileStatsQuery(userId ?? 0), enabled: userId !== null });
}

/**
 * Every profile write refreshes that profile (and the dashboard numbers); the basics and the avatar
 * also change what the header shows, so they refresh the current user too.
 */
function useProfileMutation<TVariables, TResult>(
  userId: number,
  request: (variables: TVariables) => Promise<TResult>,
  options: { refreshesCurrentUser?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: profileStatsQuery(userId).queryKey }),
        options.refreshesCurrentUser
          ? queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })
          : null,
      ]);
    },
  });
}

const base = (userId: number) => `/api/users/${userId}`;

export const useUpdateBasics = (userId: number) =>
  useProfileMutation(
    userId,
    (body: ProfileBasicsRequest) =>
      apiSend<PublicProfile>('PATCH', base(userId), body as Record<string, unknown>),
    { refreshesCurrentUser: true },
  );

/** SPEC §7: one call per role. */
export const useAddRole = (userId: number) =>
  useProfileMutation(userId, (roleId: number) => apiSend<Role>('POST', `${base(userId)}/roles`, { roleId }));
export const useRemoveRole = (userId: number) =>
  useProfileMutation(userId, (roleId: number) => apiSend<void>('DELETE', `${base(userId)}/roles/${roleId}`));

export const useAddExperience = (userId: number) =>
  useProfileMutation(userId, (body: ExperienceRequest) =>
    apiSend<Experience>('POST', `${base(userId)}/experiences`, body as Record<string, unknown>),
  );
export const useEditExperience = (userId: number) =>
  useProfileMutation(userId, ({ id, ...body }: ExperienceRequest & { id: number }) =>
    apiSend<Experience>('PATCH', `${base(userId)}/experiences/${id}`, body as Record<string, unknown>),
  );
export const useDeleteExperience = (userId: number) =>
  useProfileMutation(userId, (id: number) => apiSend<void>('DELETE', `${base(userId)}/experiences/${id}`));
export const useReorderExperiences = (userId: number) =>
  useProfileMutation(userId, (ids: number[]) =>
    apiSend<void>('PUT', `${base(userId)}/experiences/order`, { ids }),
  );

export const useAddCredential = (userId: number) =>
  useProfileMutation(userId, (body: CredentialRequest) =>
    apiSend<Credential>('POST', `${base(userId)}/credentials`, body as Record<string, unknown>),
  );
export const useEditCredential = (userId: number) =>
  useProfileMutation(userId, ({ id, ...body }: CredentialRequest & { id: number }) =>
    apiSend<Credential>('PATCH', `${base(userId)}/credentials/${id}`, body as Record<string, unknown>),
  );
export const useDeleteCredential = (userId: number) =>
  useProfileMutation(userId, (id: number) => apiSend<void>('DELETE', `${base(userId)}/credentials/${id}`));

/** SPEC §7: one call per tag; a tag already present answers 200 with the existing one. */
export const useAddTags = (userId: number) =>
  useProfileMutation(userId, async (tags: string[]) => {
    const saved: Tag[] = [];
    await saveOneByOne(tags, async (tag) =>
      saved.push(await apiSend<Tag>('POST', `${base(userId)}/tags`, { tag })),
    );
    return saved;
  });
export const useDeleteTag = (userId: number) =>
  useProfileMutation(userId, (id: number) => apiSend<void>('DELETE', `${base(userId)}/tags/${id}`));

export const useUploadAvatar = (userId: number) =>
  useProfileMutation(
    userId,
    (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiSend<{ profileImage: string }>('POST', `${base(userId)}/avatar`, form);
    },
    { refreshesCurrentUser: true },
  );
export const useRemoveAvatar = (userId: number) =>
  useProfileMutation(userId, () => apiSend<void>('DELETE', `${base(userId)}/avatar`), {
    refreshesCurrentUser: true,
  });

/** An image (title first, then the file: the server reads fields before the file) or a web/video link. */
export const useAddPortfolioItem = (userId: number) =>
  useProfileMutation(
    userId,
    (
      item:
        | { title: string; description?: string; file: File }
        | { title: string; description?: string; url: string },
    ) => {
      if ('file' in item) {
        const form = new FormData();
        form.append('title', item.title);
        if (item.description) form.append('description', item.description);
        form.append('file', item.file);
        return apiSend<PortfolioItem>('POST', `${base(userId)}/portfolio`, form);
      }
      return apiSend<PortfolioItem>('POST', `${base(userId)}/portfolio`, item);
    },
  );
export const useEditPortfolioItem = (userId: number) =>
  useProfileMutation(userId, ({ id, ...body }: { id: number; title: string; description?: string | null }) =>
    apiSend<PortfolioItem>('PATCH', `${base(userId)}/portfolio/${id}`, body),
  );
export const useDeletePortfolioItem = (userId: number) =>
  useProfileMutation(userId, (id: number) => apiSend<void>('DELETE', `${base(userId)}/portfolio/${id}`));
export const useReorderPortfolio = (userId: number) =>
  useProfileMutation(userId, (ids: number[]) =>
    apiSend<void>('PUT', `${base(userId)}/portfolio/order`, { ids }),
  );
