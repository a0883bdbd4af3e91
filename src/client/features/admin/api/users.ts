import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminMemberOption,
  AdminUserCreated,
  AdminUsersPage,
  OkResponse,
} from '@shared/api-types';
import type { AdminCreateUserInput } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/users: newest first, one server page at a time ("Load more"). */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.users(q),
    queryFn: ({ pageParam, signal }) =>
      api.get<AdminUsersPage>('/api/admin/users', {
        query: { q: q || undefined, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The award dialog's member picker. */
export function useAdminMembers(q: string) {
  return useQuery({
    queryKey: queryKeys.admin.members(q),
    queryFn: ({ signal }) =>
      api.get<{ members: AdminMemberOption[] }>('/api/admin/members', {
        query: { q: q || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useUsersMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

export const useCreateUser = () =>
  useUsersMutation((input: AdminCreateUserInput) =>
    api.post<AdminUserCreated>('/api/admin/users', input),
  );

export const useSetAdmin = () =>
  useUsersMutation((input: { userId: string; isAdmin: boolean }) =>
    api.put<{ isAdmin: boolean }>(`/api/admin/users/${encodeURIComponent(input.userId)}/admin`, {
      isAdmin: input.isAdmin,
    }),
  );

export const useResendInvite = () =>
  useMutation({
    mutationFn: (userId: string) =>
      api.post<OkResponse>(`/api/admin/users/${encodeURIComponent(userId)}/invite`),
  });

export const useResetCycle = () =>
  useUsersMutation((userId: string) =>
    api.post<{ displayName: string | null }>(
      `/api/admin/users/${encodeURIComponent(userId)}/reset-cycle`,
    ),
  );

export const useDeleteUser = () =>
  useUsersMutation((userId: string) =>
    api.delete<OkResponse>(`/api/admin/users/${encodeURIComponent(userId)}`),
  );
