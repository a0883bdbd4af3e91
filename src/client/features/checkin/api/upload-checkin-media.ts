import { uploadFile, type UploadOptions } from '@client/lib/upload-file';
import type { AddMediaResponse, MediaView } from '@shared/api-types';
import type { ProgressPose } from '@shared/constants';
import { checkinMediaUrl } from '../lib/checkin-media-url';

/** One proof file at position `index` of the check-in's media (raw body, progress reported). */
export function uploadCheckinMedia(
  checkinId: string,
  index: number,
  file: File,
  options?: UploadOptions,
  progressPose?: ProgressPose | null,
): Promise<MediaView> {
  return uploadFile<AddMediaResponse>(
    checkinMediaUrl(checkinId, index, progressPose),
    file,
    options,
  ).then((result) => result.media);
}
