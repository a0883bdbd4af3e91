import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '@shared/api-types';
import type { ProfileData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';
import { afterProfileSaved } from './profile-cache';

export function updateProfile(input: ProfileData): Promise<ProfileView> {
  return api.put<ProfileView>('/api/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { success: 'profileUpdated', error: 'errorUpdatingProfile' },
    onSuccess: (profile) => afterProfileSaved(queryClient, profile),
  });
}
