import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ProgressPhotosView } from '@shared/api-types';
import { checkInToday } from '../../testing/checkins';
import { setUpTestApp } from '../../testing/test-app';

// "Take progress photo" on the Photos tab (issue 46): a camera's photo is far larger than a form.

const t = setUpTestApp();

/** A JPEG of noise (it does not compress): about 430 kB, a small camera photo. */
async function cameraPhoto(): Promise<Buffer> {
  const pixels = Buffer.alloc(800 * 600 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: 800, height: 600, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('a photo taken on the Photos tab', () => {
  it('of a few hundred kilobytes is added to today’s check-in as a progress photo', async () => {
    const member = await t.member();
    await checkInToday(member.client);
    const photo = await cameraPhoto();
    expect(photo.length).toBeGreaterThan(256 * 1024);
    const res = await member.client.request('/api/progress-photos?pose=side', {
      method: 'POST',
      body: new Uint8Array(photo),
      headers: { 'content-type': 'image/jpeg', 'content-length': String(photo.length) },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const view = (await (
      await member.client.request('/api/progress-photos')
    ).json()) as ProgressPhotosView;
    expect(view.photos.map((p) => [p.day, p.pose])).toEqual([[1, 'side']]);
  });
});
