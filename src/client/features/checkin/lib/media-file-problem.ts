import { MAX_VIDEO_BYTES } from '@shared/constants';
import { formatByteLimit, maxBytesFor, mediaTypeForMime } from '@shared/domain/media';
import { msg } from '@shared/messages';

/**
 * Why a picked file cannot be attached, or null when it may go. Only a first check so the member
 * hears it before waiting for an upload: the server sniffs the real bytes and decides.
 */
export function mediaFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  // Some browsers leave the type empty (e.g. HEIC on desktop): let the server look at the bytes.
  const mediaType = file.type ? mediaTypeForMime(file.type) : null;
  if (file.type && !mediaType) return msg.unsupportedFileType;
  const limit = mediaType ? maxBytesFor(mediaType) : MAX_VIDEO_BYTES;
  if (file.size > limit) return msg.fileTooLarge(formatByteLimit(limit));
  return null;
}
