import sharp from 'sharp';

/**
 * The metadata a stored image still carries, read back two ways: sharp's metadata() (libvips'
 * parsers for EXIF, XMP, IPTC and ICC) and, for WebP, the RIFF container's own chunk list, where
 * EXIF and XMP would sit as chunks of their own.
 */
export async function imageMetadata(image: Buffer) {
  const meta = await sharp(image).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    exif: meta.exif ?? null,
    xmp: meta.xmp ?? null,
    iptc: meta.iptc ?? null,
    icc: meta.icc ?? null,
    chunks: meta.format === 'webp' ? webpChunks(image) : null,
  };
}

/** The four-letter names of a WebP file's chunks, in order (RIFF: name, little-endian size, data). */
export function webpChunks(file: Buffer): string[] {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP')
    throw new Error('not a WebP file');
  const names: string[] = [];
  for (let at = 12; at + 8 <= file.length;) {
    const size = file.readUInt32LE(at + 4);
    names.push(file.toString('latin1', at, at + 4));
    at += 8 + size + (size % 2);
  }
  return names;
}

/** EXIF's pointer to the GPS block, in the first IFD. */
export const EXIF_GPS_POINTER_TAG = 0x8825;

/** The tag numbers of an EXIF block's first IFD (the TIFF structure after `Exif\0\0`). */
export function exifTags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.toString('latin1', 0, 4) === 'Exif' ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
