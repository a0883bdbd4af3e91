import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MediaType } from '@shared/constants';
import { storeImage } from './image-ingest';
import { normalizePrefix } from './keys';
import type { MediaStorage } from './media-storage';
import { receive } from './upload-receive';
import { UPLOAD_RULES, type UploadKind, type UploadLimits } from './upload-rules';
import { storeVideo } from './video-ingest';

// One member upload, from stream to storage: received (upload-receive.ts), then stored as an image
// (image-ingest.ts) or a video (video-ingest.ts). What each kind may be is in upload-rules.ts, why
// one is refused in upload-refusals.ts.

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
      return await storeVideo(input.storage, input.ffmpeg, {
        file: upload,
        format,
        bytes,
        workDir,
        key: `${folder}${id}.${format.ext}`,
      });
    }
    return await storeImage(input.storage, {
      file: upload,
      format,
      rules,
      kind: input.kind,
      key: `${folder}${id}.webp`,
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
