import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import {
  AVATAR_MAX_BYTES,
  BADGE_IMAGE_SIZE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_VIDEO_BYTES,
  STORAGE_CACHE_SECONDS,
  type MediaType,
} from '@shared/constants';
import { formatByteLimit } from '@shared/domain/media';
import { msg } from '@shared/messages';
import { AppError } from '../errors';
import { MalformedMediaError } from './bmff';
import { FfmpegError, findFfmpeg, stripVideoMetadata } from './ffmpeg';
import { toNodeReadable } from './file-stream';
import { withDecodedHeic } from './heic';
import { declaredPixels } from './image-pixels';
import { normalizePrefix, thumbKeyFor } from './keys';
import { ACCEPTED_FORMATS } from './media-formats';
import type { MediaStorage } from './storage';
import { cleanVideo } from './video';

export type UploadKind = 'media' | 'avatar' | 'badge';

/** Byte limit per media type for an upload; null refuses that media type outright. */
export type UploadLimits = Record<MediaType, number | null>;

/** Longest side, in pixels, of the stored image and of its feed thumbnail. */
export const WEB_IMAGE_MAX_PX = 1600;
export const THUMB_MAX_PX = 400;
/** Not in the spec: avatars show at most about 256 px wide, so 512 stays sharp on 2x screens. */
export const AVATAR_MAX_PX = 512;

interface KindRules {
  limits: UploadLimits;
  imageMaxPx: number;
  thumbMaxPx: number | null;
}

export const UPLOAD_RULES: Readonly<Record<UploadKind, KindRules>> = {
  media: {
    limits: { image: MAX_IMAGE_BYTES, video: MAX_VIDEO_BYTES },
    imageMaxPx: WEB_IMAGE_MAX_PX,
    thumbMaxPx: THUMB_MAX_PX,
  },
  avatar: {
    limits: { image: AVATAR_MAX_BYTES, video: null },
    imageMaxPx: AVATAR_MAX_PX,
    thumbMaxPx: null,
  },
  badge: {
    limits: { image: MAX_IMAGE_BYTES, video: null },
    imageMaxPx: BADGE_IMAGE_SIZE,
    thumbMaxPx: null,
  },
};

/** Bounds the CPU one hostile image (a tiny file that decodes huge) can take. */
const RENDER_TIMEOUT_SECONDS = 30;

/** file-type's own "enough bytes to be sure" size; every accepted format shows itself sooner. */
const SNIFF_BYTES = 4100;

export interface IngestInput {
  storage: MediaStorage;
  /**
   * The request body (`c.req.raw.body`, null when there is none) or a Node stream such as a
   * multipart file part. Never a parsed form: that would hold the whole file in memory.
   */
  source: ReadableStream<Uint8Array> | Readable | null;
  /**
   * Ignored on purpose, like the file name: the type is read from the bytes. Accepted so a route
   * can pass along what the browser said without deciding anything on it.
   */
  declaredType?: string | null;
  /** Folder for the object, e.g. `u/{userId}/{postId}`; ingest picks the file name. */
  keyPrefix: string;
  kind: UploadKind;
  /** Replaces the kind's byte limits (tests; an admin-only route with its own limit). */
  limits?: Partial<UploadLimits>;
  /** Where the upload is spooled while it arrives. Default: the OS temp directory. */
  tmpDir?: string;
  /**
   * The ffmpeg to strip video metadata with (config.ffmpegPath: a path or a name on PATH). Absent,
   * null, or not found: videos are only blanked in place (see cleanVideo).
   */
  ffmpeg?: string | null;
}

export interface IngestedMedia {
  key: string;
  /** Images from `media` uploads only; always `thumbKeyFor(key)`. */
  thumbKey?: string;
  mediaType: MediaType;
  /** Of the stored object: image/webp for every image, the sniffed type for a video. */
  mimeType: string;
  /** Size of the stored object at `key`. */
  bytes: number;
  /** Everything this upload stored (the file and its thumbnail), for the storage quota. */
  sizeBytes: number;
  /** Pixel size of the stored image, for layout before it loads. */
  width?: number;
  height?: number;
}

interface SniffedFormat {
  mime: string;
  ext: string;
  mediaType: MediaType;
}

/** How long a member is asked to wait when the file store does not answer (Retry-After, s). */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/**
 * A store that refused or did not answer is not the member's fault (decision 0041): a full disk is
 * 507, anything else 503 with a wait; nothing of the upload was kept. The store's error goes along
 * as the cause, for the log.
 */
function storageFailed(error: unknown): never {
  if (error instanceof AppError) throw error;
  const failure =
    (error as { code?: unknown } | null)?.code === 'ENOSPC'
      ? new AppError('insufficient_storage', msg.storageFull)
      : new AppError('unavailable', msg.storageUnavailable, {
          retryAfter: STORAGE_RETRY_AFTER_SECONDS,
        });
  throw Object.assign(failure, { cause: error });
}

/**
 * Takes one member upload from stream to storage. The bytes go to a temporary file as they
 * arrive, never all into memory; the type is read from the first bytes and the upload is cut off
 * the moment it passes the limit for that type. Images are re-encoded (see renderImage). Videos
 * are checked to be the container they claim and their location and user-data boxes are blanked
 * in the temporary file (see cleanVideo); where ffmpeg is available they are then copied without
 * any metadata into the same container (see stripVideoMetadata); they are never transcoded.
 * Temporary files are removed on every path.
 */
export async function ingestUpload(input: IngestInput): Promise<IngestedMedia> {
  const rules = UPLOAD_RULES[input.kind];
  const limits: UploadLimits = { ...rules.limits, ...input.limits };
  const folder = normalizePrefix(input.keyPrefix);
  const workDir = await mkdtemp(path.join(input.tmpDir ?? os.tmpdir(), 'stackdays-upload-'));
  try {
    const upload = path.join(workDir, 'upload');
    const source = input.source ?? Readable.from([]);
    const { format, bytes } = await receive(source, upload, input.kind, limits);
    const id = randomUUID();

    if (format.mediaType === 'video') {
      await cleanVideo(upload, format.mime).catch((error: unknown) => {
        if (error instanceof MalformedMediaError) {
          throw new AppError('unsupported_media_type', msg.videoUnreadable, {
            reason: 'unreadable',
          });
        }
        throw error;
      });
      const cleaned = await remuxWithoutMetadata(input.ffmpeg, upload, format, workDir);
      const key = `${folder}${id}.${format.ext}`;
      const stored = await input.storage
        .put(key, createReadStream(cleaned?.file ?? upload), {
          contentType: format.mime,
          cacheSeconds: STORAGE_CACHE_SECONDS,
          contentLength: cleaned?.bytes ?? bytes,
        })
        .catch(storageFailed);
      return {
        key,
        mediaType: 'video',
        mimeType: format.mime,
        bytes: stored.size,
        sizeBytes: stored.size,
      };
    }

    const rendered = await renderImage(upload, format, rules, input.kind);
    const key = `${folder}${id}.webp`;
    const options = { contentType: 'image/webp', cacheSeconds: STORAGE_CACHE_SECONDS };
    await input.storage.put(key, rendered.main.data, options).catch(storageFailed);
    let thumbKey: string | undefined;
    if (rendered.thumb) {
      thumbKey = thumbKeyFor(key);
      try {
        await input.storage.put(thumbKey, rendered.thumb, options);
      } catch (error) {
        await input.storage.delete(key).catch(() => undefined);
        storageFailed(error);
      }
    }
    return {
      key,
      thumbKey,
      mediaType: 'image',
      mimeType: 'image/webp',
      bytes: rendered.main.data.length,
      sizeBytes: rendered.main.data.length + (rendered.thumb?.length ?? 0),
      width: rendered.main.info.width,
      height: rendered.main.info.pageHeight ?? rendered.main.info.height,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
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

/** Streams `source` into `file`, sniffing the type and enforcing its byte limit on the way. */
async function receive(
  source: ReadableStream<Uint8Array> | Readable,
  file: string,
  kind: UploadKind,
  limits: UploadLimits,
): Promise<{ format: SniffedFormat; bytes: number }> {
  let head: Buffer[] = [];
  let headBytes = 0;
  let format: SniffedFormat | undefined;
  let limit = Number.POSITIVE_INFINITY;
  let bytes = 0;

  const decide = async () => {
    format = acceptFormat(await fileTypeFromBuffer(Buffer.concat(head)), kind, limits);
    limit = limits[format.mediaType]!;
    head = [];
  };
  const guard = new Transform({
    async transform(chunk: Buffer, _encoding, callback) {
      try {
        bytes += chunk.length;
        if (!format) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= SNIFF_BYTES) await decide();
        }
        if (bytes > limit) throw tooLarge(kind, limit);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
    async flush(callback) {
      try {
        if (!format) await decide();
        if (bytes > limit) throw tooLarge(kind, limit);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  // On any failure pipeline destroys the source too, which stops reading the upload.
  await pipeline(toNodeReadable(source), guard, createWriteStream(file, { flags: 'wx' }));
  return { format: format!, bytes };
}

function acceptFormat(
  sniffed: { mime: string } | undefined,
  kind: UploadKind,
  limits: UploadLimits,
): SniffedFormat {
  const format = sniffed ? ACCEPTED_FORMATS[sniffed.mime] : undefined;
  if (!sniffed || !format || limits[format.mediaType] === null) throw unsupported(kind);
  return { mime: sniffed.mime, ...format };
}

interface RenderedImage {
  main: { data: Buffer; info: OutputInfo };
  thumb?: Buffer;
}

/**
 * Re-encodes an image: turned upright by its EXIF orientation, scaled down to the kind's size,
 * written as WebP. Sharp copies no metadata unless asked (we never call keepMetadata, keepExif,
 * withMetadata or keepIccProfile), so EXIF (GPS, camera, time), XMP, IPTC and ICC are all gone;
 * colours are converted to sRGB first. The original upload is not kept. GIF and WebP animations
 * stay animated. A decode failure means the bytes only looked like an image: 415. An image whose
 * header declares more than MAX_IMAGE_PIXELS (per frame) is refused before any decoding.
 */
async function renderImage(
  file: string,
  format: SniffedFormat,
  rules: KindRules,
  kind: UploadKind,
): Promise<RenderedImage> {
  const animated = format.mime === 'image/gif' || format.mime === 'image/webp';
  const render = async (image: Sharp): Promise<RenderedImage> => {
    const main = await image
      .timeout({ seconds: RENDER_TIMEOUT_SECONDS })
      .autoOrient()
      .resize({
        width: rules.imageMaxPx,
        height: rules.imageMaxPx,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = rules.thumbMaxPx
      ? await sharp(main.data, { animated })
          .resize({
            width: rules.thumbMaxPx,
            height: rules.thumbMaxPx,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 75 })
          .toBuffer()
      : undefined;
    return { main, thumb };
  };

  const pixels = await declaredPixels(file, format.ext);
  if (pixels !== null && pixels > MAX_IMAGE_PIXELS) {
    throw new AppError('payload_too_large', msg.imageTooManyPixels, {
      limitPixels: MAX_IMAGE_PIXELS,
    });
  }
  try {
    // failOn 'error' rather than the default 'warning': phones write slightly odd but readable
    // files. limitInputPixels fences the decode itself; an animation keeps sharp's default, which
    // counts every frame, because its frames were held to the limit one by one above.
    const limitInputPixels = animated ? true : MAX_IMAGE_PIXELS;
    return await render(sharp(file, { animated, failOn: 'error', limitInputPixels }));
  } catch (error) {
    if (format.ext !== 'heic' && format.ext !== 'heif') throw unsupported(kind, error);
  }
  try {
    return await withDecodedHeic(file, render);
  } catch (error) {
    throw unsupported(kind, error);
  }
}

function unsupported(kind: UploadKind, cause?: unknown): AppError {
  const message = kind === 'media' ? msg.unsupportedFileType : msg.selectImageFile;
  return new AppError(
    'unsupported_media_type',
    message,
    cause ? { reason: 'unreadable' } : undefined,
  );
}

function tooLarge(kind: UploadKind, limit: number): AppError {
  const message =
    kind === 'avatar' && limit === AVATAR_MAX_BYTES
      ? msg.avatarTooLarge
      : msg.fileTooLarge(formatByteLimit(limit));
  return new AppError('payload_too_large', message, { limitBytes: limit });
}
