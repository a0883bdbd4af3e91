import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '@shared/constants';
import { formatByteLimit } from '@shared/domain/media';
import { msg } from '@shared/messages';
import { mediaFileProblem } from './media-file-problem';

describe('mediaFileProblem', () => {
  it('accepts images and videos within their limits', () => {
    expect(mediaFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(mediaFileProblem({ type: 'video/mp4', size: MAX_VIDEO_BYTES })).toBeNull();
  });

  it('refuses other types', () => {
    expect(mediaFileProblem({ type: 'application/pdf', size: 10 })).toBe(msg.unsupportedFileType);
  });

  it('names the limit of the file kind that is too large', () => {
    expect(mediaFileProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe(
      msg.fileTooLarge(formatByteLimit(MAX_IMAGE_BYTES)),
    );
    expect(mediaFileProblem({ type: 'video/quicktime', size: MAX_VIDEO_BYTES + 1 })).toBe(
      msg.fileTooLarge(formatByteLimit(MAX_VIDEO_BYTES)),
    );
  });

  it('leaves a file without a declared type to the server, within the largest limit', () => {
    expect(mediaFileProblem({ type: '', size: MAX_IMAGE_BYTES + 1 })).toBeNull();
    expect(mediaFileProblem({ type: '', size: MAX_VIDEO_BYTES + 1 })).toBe(
      msg.fileTooLarge(formatByteLimit(MAX_VIDEO_BYTES)),
    );
  });
});
