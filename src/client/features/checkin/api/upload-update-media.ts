import { uploadFile, type UploadOptions } from '@client/lib/upload-file';
import type { Media } from './get-today';

/** One file at position `index` of an update's media (raw body, progress reported). */
export function uploadUpdateMedia(
  updateId: string,
  index: number,
  file: File,
  options?: UploadOptions,
): Promise<Media> {
  return uploadFile<{ media: Media }>(
    `/api/updates/${encodeURIComponent(updateId)}/media?index=${index}`,
    file,
    options,
  ).then((result) => result.media);
}
