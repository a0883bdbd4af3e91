import type { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import { PRODUCT_NAME } from '@shared/constants';
import type { ServiceContext } from '../../../lib/context';
import { toNodeReadable } from '../../../lib/storage/file-stream';
import type { ExportFile } from './export-values';

// The ZIP's own parts: its README, its media files added one at a time, and the web stream the
// response pulls it through.

export const README = (exportedAt: string) => `${PRODUCT_NAME} data export, ${exportedAt}

data.json      everything your account holds: profile, settings, consents, health profile,
               weight history, connections (names and scopes, never tokens) and the numbers
               they sent, cycles, check-ins and updates, posts, your comments, likes and reactions,
               badges, invites you sent, subscription, sessions and e-mails sent to you.
checkins.csv   one row per check-in day.
media/         your photos and videos as stored (re-encoded on upload, without location data),
               and your avatar.
`;

/**
 * Adds the media files to the ZIP one at a time: the next file is fetched from storage only when the
 * previous one has been read to its end, so one storage stream is open at a time. Files are stored
 * without compression (photos and videos are compressed already). A file missing from storage is left
 * out and listed in missing-media.txt.
 */
export function addMediaOneAtATime(
  ctx: ServiceContext,
  zip: ZipFile,
  files: ExportFile[],
  folder: string,
) {
  let index = 0;
  let stopped = false;
  let current: Readable | null = null;
  const missing: string[] = [];
  const next = async (): Promise<void> => {
    while (!stopped && index < files.length) {
      const file = files[index++];
      const object = await ctx.storage.get(file.key).catch((error: unknown) => {
        ctx.logger.warn({ err: error, key: file.key }, 'export: could not read a media file');
        return null;
      });
      if (stopped) {
        await object?.stream.cancel().catch(() => undefined);
        return;
      }
      if (!object) {
        missing.push(file.name.slice('media/'.length));
        continue;
      }
      const stream = toNodeReadable(object.stream);
      current = stream;
      stream.once('end', () => {
        current = null;
        void next();
      });
      stream.once('error', (error) => zip.emit('error', error));
      zip.addReadStream(stream, `${folder}/${file.name}`, {
        compress: false,
        mtime: file.mtime,
        size: object.size,
      });
      return;
    }
    if (stopped) return;
    if (missing.length) {
      zip.addBuffer(
        Buffer.from(`These files were no longer in storage:\n${missing.join('\n')}\n`),
        `${folder}/media/missing-media.txt`,
      );
    }
    zip.end();
  };
  void next();
  return {
    stop() {
      stopped = true;
      current?.destroy();
    },
  };
}

/**
 * A web stream that reads the ZIP only when the response asks for more, so a slow download holds one
 * chunk, not the archive (Readable.toWeb can read far ahead on Node 20; see lib/storage/file-stream).
 */
export function pullStream(source: Readable, onCancel: () => void): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        return new Promise<void>((resolve) => {
          const finish = () => {
            source.off('readable', read);
            source.off('end', end);
            source.off('error', fail);
            resolve();
          };
          const read = () => {
            const chunk = source.read() as Buffer | null;
            if (chunk === null) return;
            finish();
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          };
          const end = () => {
            finish();
            controller.close();
          };
          const fail = (error: unknown) => {
            finish();
            controller.error(error);
          };
          source.on('readable', read);
          source.on('end', end);
          source.on('error', fail);
          if (source.readableEnded) end();
          else if (source.destroyed) fail(new Error('export stream closed'));
          else read();
        });
      },
      cancel() {
        onCancel();
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
