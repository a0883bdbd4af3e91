import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { toNodeReadable } from './file-stream';
import { ACCEPTED_FORMATS } from './media-formats';
import { tooLarge, unsupported } from './upload-refusals';
import type { SniffedFormat, UploadKind, UploadLimits } from './upload-rules';

// An upload arriving: spooled to a temporary file as it comes, its type read from its first bytes,
// and cut off the moment it passes the limit for that type.

/** file-type's own "enough bytes to be sure" size; every accepted format shows itself sooner. */
const SNIFF_BYTES = 4100;

/** Streams `source` into `file`, sniffing the type and enforcing its byte limit on the way. */
export async function receive(
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
