import type { ProgressPhotoView } from '@shared/api-types';
import type { ProgressPose } from '@shared/constants';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';

// What each progress photo is called on screen: every photo shown names its Day (issue 46).

export const poseLabel = (pose: ProgressPose) => msg.progressPoseLabel[pose];

/** "Day 30, front progress photo": the alt text of every progress photo shown. */
export const photoAlt = (photo: Pick<ProgressPhotoView, 'day' | 'pose'>) =>
  msg.progressPhotoAlt(photo.day, poseLabel(photo.pose).toLowerCase());

/** "Day 30 · Mon, Nov 30": a photo's caption. */
export const photoCaption = (photo: Pick<ProgressPhotoView, 'day' | 'date'>) =>
  msg.progressPhotoCaption(photo.day, formatWeekdayDate(photo.date));

/** "Day 30 · Front": a photo as a choice in a list. */
export const photoOption = (photo: Pick<ProgressPhotoView, 'day' | 'pose'>) =>
  `${msg.progressPhotoCaption(photo.day, poseLabel(photo.pose))}`;
