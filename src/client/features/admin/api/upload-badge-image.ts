import type { AdminBadgeView } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { uploadFile } from '@client/lib/upload-file';
import { useAdminMutation } from './admin-mutation';

/** POST /api/admin/badges/:id/image: the file itself as the body; the server re-encodes it. */
export function uploadBadgeImage(input: { id: number; file: File }): Promise<AdminBadgeView> {
  return uploadFile<AdminBadgeView>(`/api/admin/badges/${input.id}/image`, input.file);
}

export const useUploadBadgeImage = () =>
  useAdminMutation(uploadBadgeImage, [queryKeys.admin.badges], {
    success: 'badgeImageUpdated',
    error: 'uploadImageFailed',
  });
