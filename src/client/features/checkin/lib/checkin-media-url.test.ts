import { describe, expect, it } from 'vitest';
import { checkinMediaUrl, queuedFiles } from './checkin-media-url';

const file = (name: string, type: string) => new File(['x'], name, { type });

describe("a check-in's progress photo (issue 46)", () => {
  it('marks the first photo chosen, not a video before it, in the upload and the offline queue', () => {
    const files = [
      file('clip.mp4', 'video/mp4'),
      file('a.jpg', 'image/jpeg'),
      file('b.png', 'image/png'),
    ];
    expect(queuedFiles(files, 'side').map((f) => f.progressPose ?? null)).toEqual([
      null,
      'side',
      null,
    ]);
    expect(queuedFiles(files, null).some((f) => 'progressPose' in f)).toBe(false);
    expect(checkinMediaUrl('c 1', 1, 'side')).toBe(
      '/api/checkins/c%201/media?index=1&progressPose=side',
    );
    expect(checkinMediaUrl('c1', 0)).toBe('/api/checkins/c1/media?index=0');
  });
});
