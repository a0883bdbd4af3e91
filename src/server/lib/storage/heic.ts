import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS } from '@shared/constants';
import { heifImageSize } from './image-pixels';

// The sharp binaries from npm read HEIF only when it holds AV1 (AVIF): HEVC is left out for
// patent reasons, and HEVC is what iPhones write. Those photos are decoded with libheif compiled
// to WebAssembly (heic-decode, LGPL libheif-js) into raw pixels, which sharp then resizes and
// re-encodes. libheif applies the HEIF rotation and mirror boxes while decoding, and raw pixels
// carry no metadata, so nothing from the original (GPS included) survives.
//
// A decode holds the whole image as RGBA in memory (a 48 MP photo is about 190 MB), so decodes
// run one at a time, and only for a file whose ispe boxes (read before decoding) declare at most
// MAX_IMAGE_PIXELS; a file that declares no size is not decoded.

let queue: Promise<unknown> = Promise.resolve();

/** Runs `use` on a sharp pipeline over the decoded pixels of the HEIC file, one file at a time. */
export function withDecodedHeic<T>(file: string, use: (image: Sharp) => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    const size = await heifImageSize(file);
    if (!size || size.width * size.height > MAX_IMAGE_PIXELS) {
      throw new Error(
        `HEIC of ${size ? `${size.width}x${size.height}` : 'unknown size'} not decoded`,
      );
    }
    const { default: decode } = await import('heic-decode');
    const decoded = await decode({ buffer: await readFile(file) });
    const pixels = Buffer.from(
      decoded.data.buffer,
      decoded.data.byteOffset,
      decoded.data.byteLength,
    );
    return use(
      sharp(pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 } }),
    );
  });
  queue = run.catch(() => undefined);
  return run;
}
