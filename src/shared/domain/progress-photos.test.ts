import { describe, expect, it } from 'vitest';
import type { ProgressPose } from '../constants';
import {
  defaultComparePair,
  ghostGuideFor,
  posesByDay,
  shareCollageSchema,
  timeLapseFrames,
} from './progress-photos';

const photo = (day: number, pose: ProgressPose, id = `${day}-${pose}`) => ({ id, day, pose });

describe('progress photo rules', () => {
  const photos = [photo(60, 'front'), photo(30, 'side'), photo(1, 'front'), photo(30, 'front')];

  it('compares Day 1 with the newest day of the same pose by default', () => {
    expect(defaultComparePair(photos)).toMatchObject({ first: { day: 1 }, second: { day: 60 } });
    // Only one front day: the newest photo of another pose is the comparison.
    const pair = defaultComparePair([photo(1, 'front'), photo(5, 'side'), photo(9, 'back')]);
    expect(pair).toMatchObject({ first: { day: 1 }, second: { day: 9, pose: 'back' } });
    expect(defaultComparePair([photo(1, 'front'), photo(1, 'side')])).toBeNull();
    expect(defaultComparePair([])).toBeNull();
  });

  it("plays one pose's days in day order, one photo a day", () => {
    const frames = timeLapseFrames([...photos, photo(30, 'front', 'again')], 'front');
    expect(frames.map((p) => p.day)).toEqual([1, 30, 60]);
    expect(frames[1].id).toBe('30-front');
    expect(timeLapseFrames(photos, 'back')).toEqual([]);
    expect(ghostGuideFor(photos, 'side')?.day).toBe(30);
    expect(ghostGuideFor(photos, 'back')).toBeNull();
  });

  it('marks each photo day with its poses in order', () => {
    expect([...posesByDay(photos)]).toEqual([
      [1, ['front']],
      [30, ['front', 'side']],
      [60, ['front']],
    ]);
  });

  it('refuses a collage of one photo twice', () => {
    const id = '6f1c1b36-58b8-4f0f-a6a4-1a3b2c4d5e6f';
    const same = shareCollageSchema.safeParse({
      firstId: id,
      secondId: id,
      audience: { kind: 'only_me' },
    });
    expect(same.success).toBe(false);
  });
});
