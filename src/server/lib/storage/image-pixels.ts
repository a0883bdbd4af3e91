import sharp from 'sharp';
import { heifLargestImage, MalformedMediaError } from './bmff';
import { FileWindow } from './file-window';

/** HEIF family: sharp cannot read HEVC ones, so their size comes from the container instead. */
const HEIF_EXTENSIONS = new Set(['heic', 'heif', 'avif']);

/**
 * Width x height of the largest image in the file (one frame of an animation), as its header
 * declares it, without decoding any pixels; null when the header says nothing readable.
 */
export async function declaredPixels(file: string, ext: string): Promise<number | null> {
  if (HEIF_EXTENSIONS.has(ext)) {
    const size = await heifImageSize(file);
    return size && size.width * size.height;
  }
  try {
    // Only the header is read: sharp's default ceiling (about 268 megapixels) would make a bigger
    // image look unreadable instead of too big, so it is lifted here (issue 26 #3).
    const { width, height, pageHeight } = await sharp(file, { limitInputPixels: false }).metadata();
    return width && height ? width * (pageHeight ?? height) : null;
  } catch {
    return null;
  }
}

/** The largest `ispe` size in a HEIF file; null when it has none or its boxes do not fit. */
export async function heifImageSize(
  file: string,
): Promise<{ width: number; height: number } | null> {
  const window = await FileWindow.open(file);
  try {
    return await heifLargestImage(window);
  } catch (error) {
    if (error instanceof MalformedMediaError) return null;
    throw error;
  } finally {
    await window.close();
  }
}
