import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_CACHE_SECONDS } from '@shared/constants';
import { msg } from '@shared/messages';
import { AppError } from '../errors';
import { MalformedMediaError } from './bmff';
import { FfmpegError, findFfmpeg, stripVideoMetadata } from './ffmpeg';
import type { MediaStorage } from './media-storage';
import { storageFailed } from './upload-refusals';
import type { SniffedFormat } from './upload-rules';
import { cleanVideo } from './video';

// An uploaded video: checked to be the container it claims, its location and user data blanked, copied
// without metadata where ffmpeg is found, then stored as it is (never transcoded).

/**
 * Stores the video spooled at `file` (of `bytes` bytes, in `workDir`) at `key`, once cleanVideo has
 * checked and blanked it and ffmpeg (`command`) has copied it without metadata where found.
 */
export async function storeVideo(
  storage: MediaStorage,
  command: string | null | undefined,
  upload: { file: string; format: SniffedFormat; bytes: number; workDir: string; key: string },
) {
  const { file, format, key } = upload;
  await cleanVideo(file, format.mime).catch((error: unknown) => {
    if (error instanceof MalformedMediaError) {
      throw new AppError('unsupported_media_type', msg.videoUnreadable, {
        reason: 'unreadable',
      });
    }
    throw error;
  });
  const cleaned = await remuxWithoutMetadata(command, file, format, upload.workDir);
  const stored = await storage
    .put(key, createReadStream(cleaned?.file ?? file), {
      contentType: format.mime,
      cacheSeconds: STORAGE_CACHE_SECONDS,
      contentLength: cleaned?.bytes ?? upload.bytes,
    })
    .catch(storageFailed);
  return {
    key,
    mediaType: 'video' as const,
    mimeType: format.mime,
    bytes: stored.size,
    sizeBytes: stored.size,
  };
}

/**
 * Where ffmpeg is found, writes a copy of the (already checked and blanked) video without any
 * metadata next to it and removes the original; null without ffmpeg. A file ffmpeg cannot read is
 * refused like any other unreadable video: it would not play either.
 */
async function remuxWithoutMetadata(
  command: string | null | undefined,
  upload: string,
  format: SniffedFormat,
  workDir: string,
): Promise<{ file: string; bytes: number } | null> {
  const ffmpeg = await findFfmpeg(command);
  if (!ffmpeg) return null;
  const file = path.join(workDir, `clean.${format.ext}`);
  try {
    await stripVideoMetadata(ffmpeg, { file: upload, mime: format.mime }, file);
  } catch (error) {
    if (error instanceof FfmpegError) {
      throw new AppError('unsupported_media_type', msg.videoUnreadable, { reason: 'unreadable' });
    }
    throw error;
  }
  await rm(upload, { force: true });
  return { file, bytes: (await stat(file)).size };
}
