import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { uploadFile } from '@client/lib/upload-file';
import { afterProfileSaved } from './profile-cache';

/** The new picture as the raw request body; the server re-encodes it and answers with the profile. */
export function uploadAvatar(file: File): Promise<ProfileView> {
  return uploadFile<ProfileView>('/api/profile/avatar', file);
}

export function removeAvatar(): Promise<ProfileView> {
  return api.delete<ProfileView>('/api/profile/avatar');
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // The failure names the server's reason inside its sentence: avatar-upload.tsx says it.
    meta: { success: 'avatarUpdated' },
    onSuccess: (profile) => afterProfileSaved(queryClient, profile),
  });
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    meta: { success: 'avatarRemoved', error: 'errorUpdatingProfile' },
    onSuccess: (profile) => afterProfileSaved(queryClient, profile),
  });
}
