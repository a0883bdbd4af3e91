import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import type { ByteRange, MediaBody } from './media-storage';

const CHUNK_BYTES = 64 * 1024;

/**
 * A pull-based web stream over part of a file: it reads the next chunk only when the consumer
 * asks, so a slow client holds one chunk in memory, never the file. (Readable.toWeb is avoided on
 * purpose: on Node 20 it can read far ahead of a slow consumer.) The file is opened on the first
 * read, so a stream that is never read holds no file handle; it is closed at the end, on error
 * and on cancel.
 */
export function fileRangeStream(filePath: string, range: ByteRange): ReadableStream<Uint8Array> {
  let handle: FileHandle | undefined;
  let position = range.start;
  let closed = false;
  const close = async () => {
    closed = true;
    const current = handle;
    handle = undefined;
    await current?.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const remaining = range.end - position + 1;
          let bytesRead = 0;
          if (remaining > 0 && !closed) {
            handle ??= await open(filePath, 'r');
            const chunk = new Uint8Array(Math.min(CHUNK_BYTES, remaining));
            bytesRead = (await handle.read(chunk, 0, chunk.length, position)).bytesRead;
            position += bytesRead;
            if (bytesRead > 0)
              controller.enqueue(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead));
          }
          if (bytesRead === 0 || position > range.end) {
            await close();
            controller.close();
          }
        } catch (error) {
          await close();
          controller.error(error);
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
}

export function isBytes(body: MediaBody): body is Buffer | Uint8Array {
  return body instanceof Uint8Array;
}

export function toNodeReadable(body: Readable | ReadableStream<Uint8Array>): Readable {
  return body instanceof Readable
    ? body
    : Readable.fromWeb(body as unknown as NodeWebReadableStream<Uint8Array>);
}
