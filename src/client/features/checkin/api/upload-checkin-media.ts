import { uploadFile, type UploadOptions } from '@client/lib/upload-file';
import type { AddMediaResponse, MediaView } from '@shared/api-types';

/** One proof file at position `index` of the check-in's media (raw body, progress reported). */
export function uploadCheckinMedia(
  checkinId: string,
  index: number,
  file: File,
  options?: UploadOptions,
): Promise<MediaView> {
  return uploadFile<AddMediaResponse>(
    `/api/checkins/${encodeURIComponent(checkinId)}/media?index=${index}`,
    file,
    options,
  ).then((result) => result.media);
}
