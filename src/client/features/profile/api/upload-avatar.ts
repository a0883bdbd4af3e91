import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '@shared/api-types';
import { uploadFile } from '@client/lib/upload-file';
import { afterProfileSaved } from './profile-cache';

/** The new picture as the raw request body; the server re-encodes it and answers with the profile. */
export function uploadAvatar(file: File): Promise<ProfileView> {
  return uploadFile<ProfileView>('/api/profile/avatar', file);
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
