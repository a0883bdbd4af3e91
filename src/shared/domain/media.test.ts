import { describe, it, expect } from 'vitest';
import { formatByteLimit, isLegacyVideoUrl, maxBytesFor, mediaTypeForMime } from './media';

describe('mediaTypeForMime', () => {
  it('accepts image/* and video/* only', () => {
    expect(mediaTypeForMime('image/jpeg')).toBe('image');
    expect(mediaTypeForMime('image/heic')).toBe('image');
    expect(mediaTypeForMime('Video/MP4')).toBe('video');
    expect(mediaTypeForMime('application/pdf')).toBeNull();
    expect(mediaTypeForMime('')).toBeNull();
    expect(mediaTypeForMime(undefined)).toBeNull();
  });
});

describe('maxBytesFor', () => {
  it('allows videos more room than images', () => {
    expect(maxBytesFor('image')).toBe(15 * 1024 * 1024);
    expect(maxBytesFor('video')).toBe(200 * 1024 * 1024);
  });
});

describe('isLegacyVideoUrl', () => {
  it('treats .mp4 and .mov URLs as video', () => {
    expect(isLegacyVideoUrl('https://cdn.example/u/p/1.mp4')).toBe(true);
    expect(isLegacyVideoUrl('https://cdn.example/u/p/1.MOV?token=x')).toBe(true);
    expect(isLegacyVideoUrl('https://cdn.example/u/p/1.jpg')).toBe(false);
    expect(isLegacyVideoUrl(null)).toBe(false);
  });
});

describe('formatByteLimit', () => {
  it('shows megabytes', () => {
    expect(formatByteLimit(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatByteLimit(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
