import type { ProgressPose } from '@shared/constants';

// Where a proof file goes, for the form's uploads and the offline queue's (page and service worker).

/** A pose makes the file a progress photo, its owner's alone (issue 46). */
export function checkinMediaUrl(
  checkinId: string,
  index: number,
  progressPose?: ProgressPose | null,
): string {
  const pose = progressPose ? `&progressPose=${progressPose}` : '';
  return `/api/checkins/${encodeURIComponent(checkinId)}/media?index=${index}${pose}`;
}

/** The position of the file a progress-photo switch marks: the first photo chosen (-1: none). */
export const progressPhotoPosition = (files: readonly { type: string }[]) =>
  files.findIndex((file) => file.type.startsWith('image/'));

/** The files as the offline queue keeps them (decision 0023), the first photo with its pose. */
export function queuedFiles(files: readonly File[], progressPose: ProgressPose | null) {
  const posed = progressPose ? progressPhotoPosition(files) : -1;
  return files.map((file, position) => ({
    name: file.name,
    type: file.type,
    blob: file,
    ...(position === posed && progressPose ? { progressPose } : {}),
  }));
}
