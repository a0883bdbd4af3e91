import { uploadFile, type UploadOptions } from '@client/lib/upload-file';
import type { AddMediaResponse, MediaView } from '@shared/api-types';

/** One file at position `index` of an update's media (raw body, progress reported). */
export function uploadUpdateMedia(
  updateId: string,
  index: number,
  file: File,
  options?: UploadOptions,
): Promise<MediaView> {
  return uploadFile<AddMediaResponse>(
    `/api/updates/${encodeURIComponent(updateId)}/media?index=${index}`,
    file,
    options,
  ).then((result) => result.media);
}
