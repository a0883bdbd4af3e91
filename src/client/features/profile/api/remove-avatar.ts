import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { afterProfileSaved } from './profile-cache';

export function removeAvatar(): Promise<ProfileView> {
  return api.delete<ProfileView>('/api/profile/avatar');
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    meta: { success: 'avatarRemoved', error: 'errorUpdatingProfile' },
    onSuccess: (profile) => afterProfileSaved(queryClient, profile),
  });
}
