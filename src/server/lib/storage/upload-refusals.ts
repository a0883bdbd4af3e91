import { AVATAR_MAX_BYTES } from '@shared/constants';
import { formatByteLimit } from '@shared/domain/media';
import { msg } from '@shared/messages';
import { AppError } from '../errors';
import type { UploadKind } from './upload-rules';

// Why an upload is refused: a type that is not accepted, too many bytes, or a file store that failed
// (which is not the member's fault).

export function unsupported(kind: UploadKind, cause?: unknown): AppError {
  const message = kind === 'media' ? msg.unsupportedFileType : msg.selectImageFile;
  return new AppError(
    'unsupported_media_type',
    message,
    cause ? { reason: 'unreadable' } : undefined,
  );
}

export function tooLarge(kind: UploadKind, limit: number): AppError {
  const message =
    kind === 'avatar' && limit === AVATAR_MAX_BYTES
      ? msg.avatarTooLarge
      : msg.fileTooLarge(formatByteLimit(limit));
  return new AppError('payload_too_large', message, { limitBytes: limit });
}

/** How long a member is asked to wait when the file store does not answer (Retry-After, s). */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/**
 * A store that refused or did not answer is not the member's fault (decision 0041): a full disk is
 * 507, anything else 503 with a wait; nothing of the upload was kept. The store's error goes along
 * as the cause, for the log.
 */
export function storageFailed(error: unknown): never {
  if (error instanceof AppError) throw error;
  const failure =
    (error as { code?: unknown } | null)?.code === 'ENOSPC'
      ? new AppError('insufficient_storage', msg.storageFull)
      : new AppError('unavailable', msg.storageUnavailable, {
          retryAfter: STORAGE_RETRY_AFTER_SECONDS,
        });
  throw Object.assign(failure, { cause: error });
}
