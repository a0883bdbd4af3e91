import { z } from 'zod';
import { PROGRESS_POSES, type ProgressPose } from '../constants';
import { msg } from '../messages';
import { audienceSchema } from './audience';

// Progress photos (issue 46): which photos compare, which play in a time-lapse, which days the
// calendar marks. Pure rules, the same in the browser and the server.

/** What a progress photo needs for these rules. */
export interface PosedPhoto {
  id: string;
  day: number;
  pose: ProgressPose;
}

export const progressPoseSchema = z.enum(PROGRESS_POSES, { error: () => msg.validation });

/** PATCH /api/progress-photos/:id: mark a proof photo with a pose, or unmark it (null). */
export const markProgressPhotoSchema = z.object({ pose: progressPoseSchema.nullable() });

/** POST /api/progress-photos/collage: two of the member's progress photos and who sees the post. */
export const shareCollageSchema = z
  .object({ firstId: z.uuid(), secondId: z.uuid(), audience: audienceSchema })
  .refine((body) => body.firstId !== body.secondId, {
    error: () => msg.collageSamePhoto,
    path: ['secondId'],
  });

/** Photos in day order, front before side before back within a day. */
export function byDayAndPose<T extends PosedPhoto>(photos: readonly T[]): T[] {
  return [...photos].sort(
    (a, b) => a.day - b.day || PROGRESS_POSES.indexOf(a.pose) - PROGRESS_POSES.indexOf(b.pose),
  );
}

/** Each day with a photo, and its poses in order: the calendar's marks. */
export function posesByDay(photos: readonly PosedPhoto[]): Map<number, ProgressPose[]> {
  const days = new Map<number, ProgressPose[]>();
  for (const photo of byDayAndPose(photos)) {
    const poses = days.get(photo.day) ?? [];
    if (!poses.includes(photo.pose)) poses.push(photo.pose);
    days.set(photo.day, poses);
  }
  return days;
}

/**
 * Compare's default: the first day's photo against the newest day's photo of the same pose (the
 * pose of the first photo; the newest photo of any pose when that pose has one day only). Null
 * without photos on two days.
 */
export function defaultComparePair<T extends PosedPhoto>(
  photos: readonly T[],
): { first: T; second: T } | null {
  const ordered = byDayAndPose(photos);
  const first = ordered[0];
  if (!first) return null;
  const later = ordered.filter((p) => p.day > first.day);
  const samePose = later.filter((p) => p.pose === first.pose);
  const second = (samePose.length ? samePose : later).at(-1);
  return second ? { first, second } : null;
}

/** The time-lapse's frames: one pose's photos, one a day (the first of a day), in day order. */
export function timeLapseFrames<T extends PosedPhoto>(
  photos: readonly T[],
  pose: ProgressPose,
): T[] {
  const seen = new Set<number>();
  return byDayAndPose(photos).filter((p) => {
    if (p.pose !== pose || seen.has(p.day)) return false;
    seen.add(p.day);
    return true;
  });
}

/** The ghost guide's photo for a pose: its earliest day (Day 1's when there is one). */
export function ghostGuideFor<T extends PosedPhoto>(
  photos: readonly T[],
  pose: ProgressPose,
): T | null {
  return timeLapseFrames(photos, pose)[0] ?? null;
}
