import sharp from 'sharp';
import {
  COLLAGE_HEIGHT_PX,
  COLLAGE_LABEL_PX,
  COLLAGE_WIDTH_PX,
  MAX_IMAGE_PIXELS,
} from '@shared/constants';
import { msg } from '@shared/messages';

// The Day-1-and-Day-N image a member shares (issue 46, decision 0111): composed here, in one
// pass per photo (decode shrinks on load, then a crop to its half), waiting on nothing else.

export interface CollageSide {
  /** The stored photo's bytes (any format sharp reads). */
  image: Buffer;
  day: number;
}

export interface Collage {
  image: Buffer;
  thumb: Buffer;
}

const HALF_WIDTH = COLLAGE_WIDTH_PX / 2;
const PHOTO_HEIGHT = COLLAGE_HEIGHT_PX - COLLAGE_LABEL_PX;
const THUMB_WIDTH = 400;
const TIMEOUT_SECONDS = 10;
/** WebP's encoder effort (0-6, default 4): 2 halves the encode for a few per cent more bytes. */
const WEBP_EFFORT = 2;

/** One photo, turned upright and cut to fill its half, as raw pixels for the composite. */
async function half(side: CollageSide): Promise<Buffer> {
  return sharp(side.image, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .autoOrient()
    .resize(HALF_WIDTH, PHOTO_HEIGHT, { fit: 'cover', fastShrinkOnLoad: true })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** The band under the photos naming each one's Day. */
function labels(first: number, second: number): Buffer {
  const text = (day: number, x: number) =>
    `<text x="${x}" y="${COLLAGE_LABEL_PX * 0.66}" font-size="${COLLAGE_LABEL_PX * 0.45}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" fill="#f8fafc">${msg.dayNOf90(day)}</text>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COLLAGE_WIDTH_PX}" height="${COLLAGE_LABEL_PX}">${text(first, HALF_WIDTH / 2)}${text(second, HALF_WIDTH * 1.5)}</svg>`,
  );
}

/**
 * The two photos side by side over a band naming their Days, as WebP, with a thumbnail. Sharp writes
 * no metadata unless asked (keepMetadata, keepExif, withMetadata are never called here), so the
 * collage carries no EXIF, XMP, GPS or ICC of the photos it is made from.
 */
export async function composeCollage(first: CollageSide, second: CollageSide): Promise<Collage> {
  const [left, right] = await Promise.all([half(first), half(second)]);
  const raw = { width: HALF_WIDTH, height: PHOTO_HEIGHT, channels: 3 as const };
  // Composed once into pixels; the image and its thumbnail are encoded from them side by side.
  const pixels = await sharp({
    create: {
      width: COLLAGE_WIDTH_PX,
      height: COLLAGE_HEIGHT_PX,
      channels: 3,
      background: '#0f172a',
    },
  })
    .composite([
      { input: left, raw, left: 0, top: 0 },
      { input: right, raw, left: HALF_WIDTH, top: 0 },
      { input: labels(first.day, second.day), left: 0, top: PHOTO_HEIGHT },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
  const whole = {
    raw: { width: COLLAGE_WIDTH_PX, height: COLLAGE_HEIGHT_PX, channels: 3 as const },
  };
  const [image, thumb] = await Promise.all([
    sharp(pixels, whole).webp({ quality: 82, effort: WEBP_EFFORT }).toBuffer(),
    sharp(pixels, whole).resize(THUMB_WIDTH).webp({ quality: 75, effort: WEBP_EFFORT }).toBuffer(),
  ]);
  return { image, thumb };
}
