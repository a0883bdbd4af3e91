import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withDecodedHeic } from './heic';

const decode = vi.hoisted(() => vi.fn());
vi.mock('heic-decode', () => ({ default: decode }));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stackdays-heic-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A small HEIF file whose ispe box declares `width` x `height` (or no ispe box at all). */
async function heicDeclaring(
  name: string,
  size: readonly [number, number] | null,
): Promise<string> {
  const heic = await sharp({ create: { width: 40, height: 20, channels: 3, background: 'red' } })
    .avif()
    .toBuffer();
  heic.write('heic', 8, 'latin1');
  const ispe = heic.indexOf('ispe');
  if (size) {
    heic.writeUInt32BE(size[0], ispe + 8);
    heic.writeUInt32BE(size[1], ispe + 12);
  } else {
    heic.write('ispx', ispe, 'latin1');
  }
  const file = path.join(dir, name);
  await writeFile(file, heic);
  return file;
}

describe('withDecodedHeic', () => {
  it('never decodes a HEIC that declares more than the pixel limit, or no size at all', async () => {
    const use = vi.fn();
    for (const [name, size] of [
      ['huge.heic', [12_000, 9_000]],
      ['sizeless.heic', null],
    ] as const) {
      await expect(withDecodedHeic(await heicDeclaring(name, size), use)).rejects.toThrow(
        /not decoded/,
      );
    }
    expect(decode).not.toHaveBeenCalled();
    expect(use).not.toHaveBeenCalled();
  });

  it('decodes one within the limit', async () => {
    decode.mockResolvedValueOnce({ width: 2, height: 1, data: new Uint8ClampedArray(8).fill(255) });
    const width = await withDecodedHeic(await heicDeclaring('fine.heic', [4000, 3000]), (image) =>
      image.metadata().then((m) => m.width),
    );
    expect(width).toBe(2);
    expect(decode).toHaveBeenCalledTimes(1);
  });
});
