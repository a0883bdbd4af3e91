import sharp from 'sharp';

/** A plain PNG of one colour, as a member's proof photo would arrive (40 × 30 unless told). */
export function testPng(background = 'red', width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}
