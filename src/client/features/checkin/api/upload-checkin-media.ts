import { uploadFile, type UploadOptions } from '@client/lib/upload-file';
import type { Media } from './get-today';

/** One proof file at position `index` of the check-in's media (raw body, progress reported). */
export function uploadCheckinMedia(
  checkinId: string,
  index: number,
  file: File,
  options?: UploadOptions,
): Promise<Media> {
  return uploadFile<{ media: Media }>(
    `/api/checkins/${encodeURIComponent(checkinId)}/media?index=${index}`,
    file,
    options,
  ).then((result) => result.media);
}
