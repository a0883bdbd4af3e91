import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS, STORAGE_CACHE_SECONDS } from '@shared/constants';
import { msg } from '@shared/messages';
import { AppError } from '../errors';
import { withDecodedHeic } from './heic';
import { declaredPixels } from './image-pixels';
import { thumbKeyFor } from './keys';
import type { MediaStorage } from './media-storage';
import { storageFailed, unsupported } from './upload-refusals';
import type { KindRules, SniffedFormat, UploadKind } from './upload-rules';

// An uploaded image: re-encoded to WebP without its metadata (and a feed thumbnail for media), then
// stored.

/** Bounds the CPU one hostile image (a tiny file that decodes huge) can take. */
const RENDER_TIMEOUT_SECONDS = 30;

/**
 * Stores the image spooled at `file` at `key` as rendered by renderImage, and its thumbnail when the
 * kind has one. A thumbnail the store refuses takes the image back out.
 */
export async function storeImage(
  storage: MediaStorage,
  upload: { file: string; format: SniffedFormat; rules: KindRules; kind: UploadKind; key: string },
) {
  const { key } = upload;
  const rendered = await renderImage(upload.file, upload.format, upload.rules, upload.kind);
  const options = { contentType: 'image/webp', cacheSeconds: STORAGE_CACHE_SECONDS };
  await storage.put(key, rendered.main.data, options).catch(storageFailed);
  let thumbKey: string | undefined;
  if (rendered.thumb) {
    thumbKey = thumbKeyFor(key);
    try {
      await storage.put(thumbKey, rendered.thumb, options);
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      storageFailed(error);
    }
  }
  return {
    key,
    thumbKey,
    mediaType: 'image' as const,
    mimeType: 'image/webp',
    bytes: rendered.main.data.length,
    sizeBytes: rendered.main.data.length + (rendered.thumb?.length ?? 0),
    width: rendered.main.info.width,
    height: rendered.main.info.pageHeight ?? rendered.main.info.height,
  };
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
export async function renderImage(
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
