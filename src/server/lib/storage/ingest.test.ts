import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_MAX_BYTES, MAX_IMAGE_PIXELS } from '@shared/constants';
import { msg } from '@shared/messages';
import { AppError } from '../errors';
import { ingestUpload, type IngestInput } from './ingest';
import { thumbKeyFor } from './keys';
import { LocalMediaStorage } from './local-storage';
import { fingerprint, readAll } from '../../testing/storage/storage-contract';
import { boxPaths, LOCATION, mp4Video, webmVideo } from '../../testing/storage/video-files';

const MB = 1024 * 1024;
let dir: string;
let tmpDir: string;
let storage: LocalMediaStorage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stackdays-ingest-'));
  tmpDir = path.join(dir, 'tmp');
  await mkdir(tmpDir);
  storage = new LocalMediaStorage(path.join(dir, 'media'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function ingest(
  source: Buffer | Readable | ReadableStream<Uint8Array>,
  options: Partial<IngestInput> = {},
) {
  return ingestUpload({
    storage,
    source: Buffer.isBuffer(source) ? Readable.from([source]) : source,
    keyPrefix: 'u/42/post-1',
    kind: 'media',
    tmpDir,
    ...options,
  });
}

async function stored(key: string): Promise<Buffer> {
  const object = await storage.get(key);
  expect(object, key).not.toBeNull();
  return readAll(object!.stream);
}

async function expectAppError(promise: Promise<unknown>, code: string, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code, message });
}

/** 40x20, left half red, right half blue, so a rotation shows in the pixels. */
function halfRedHalfBlue(): Sharp {
  const width = 40;
  const height = 20;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      pixels.set(x < width / 2 ? [255, 0, 0] : [0, 0, 255], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const isReddish = ([r, g, b]: number[]) => r > 200 && g < 60 && b < 60;
const isBluish = ([r, g, b]: number[]) => b > 200 && r < 60 && g < 60;

/** The GPS IFD pointer tag (0x8825) in either byte order. */
const hasGpsPointer = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

/** Only the first bytes of an MP4: enough for the type sniffer, not a video. */
function fakeMp4(size: number, brand = 'isom'): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from(`ftyp${brand}`, 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from(`${brand}iso2`, 'latin1'),
  ]);
  const rest = Buffer.alloc(size - ftyp.length);
  for (let i = 0; i < rest.length; i++) rest[i] = i % 256;
  return Buffer.concat([ftyp, rest]);
}

describe('ingestUpload: images', () => {
  it('turns a photo upright by its EXIF orientation and strips every bit of metadata, GPS included', async () => {
    const photo = await halfRedHalfBlue()
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsPointer(before.exif!)).toBe(true);

    const result = await ingest(photo, { declaredType: 'image/jpeg' });

    const web = await stored(result.key);
    const after = await sharp(web).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(web.includes('Exif')).toBe(false);
    expect(web.includes('EXIF')).toBe(false);
    expect(web.includes('PhoneMaker')).toBe(false);
    // Orientation 6 means "turn 90 degrees clockwise": the left (red) half ends up on top.
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(isReddish(await pixelAt(web, 10, 5))).toBe(true);
    expect(isBluish(await pixelAt(web, 10, 35))).toBe(true);

    const thumb = await stored(result.thumbKey!);
    expect((await sharp(thumb).metadata()).exif).toBeUndefined();
    expect(isReddish(await pixelAt(thumb, 10, 5))).toBe(true);
  });

  it('names the files itself under the prefix and reports what it stored', async () => {
    const png = await halfRedHalfBlue().png().toBuffer();
    const result = await ingest(png);
    expect(result.key).toMatch(/^u\/42\/post-1\/[0-9a-f-]{36}\.webp$/);
    expect(result.thumbKey).toBe(thumbKeyFor(result.key));
    expect(result).toMatchObject({
      mediaType: 'image',
      mimeType: 'image/webp',
      width: 40,
      height: 20,
    });
    expect(result.bytes).toBe((await stored(result.key)).length);
    expect(result.sizeBytes).toBe(result.bytes + (await stored(result.thumbKey!)).length);
    const again = await ingest(png);
    expect(again.key).not.toBe(result.key);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('scales a large photo to 1600 px and its thumbnail to 400 px on the long side', async () => {
    const big = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const result = await ingest(big);
    expect([result.width, result.height]).toEqual([1600, 800]);
    const thumb = await sharp(await stored(result.thumbKey!)).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 200]);
  });

  it('treats a PNG named and declared as a video as the image it is', async () => {
    const png = await halfRedHalfBlue().png().toBuffer();
    const result = await ingest(png, { declaredType: 'video/mp4' });
    expect(result.mediaType).toBe('image');
    expect(result.key.endsWith('.webp')).toBe(true);
    expect((await sharp(await stored(result.key)).metadata()).format).toBe('webp');
  });

  it('keeps a GIF animation', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const result = await ingest(gif);
    expect([result.width, result.height]).toEqual([30, 20]);
    expect((await sharp(await stored(result.key)).metadata()).pages).toBe(2);
  });

  it('sizes avatars and badge images to 512 px without a thumbnail', async () => {
    const square = await sharp({
      create: { width: 1000, height: 1000, channels: 3, background: 'white' },
    })
      .jpeg()
      .toBuffer();
    const avatar = await ingest(square, { kind: 'avatar', keyPrefix: 'avatars/42' });
    expect(avatar).toMatchObject({ width: 512, height: 512, thumbKey: undefined });
    expect(await storage.stat(thumbKeyFor(avatar.key))).toBeNull();
    const badge = await ingest(square, { kind: 'badge', keyPrefix: 'badges' });
    expect(badge).toMatchObject({ width: 512, height: 512, thumbKey: undefined });
  });

  it('reads HEIF photos (AV1-coded here; HEVC-coded ones go through the WebAssembly decoder)', async () => {
    const heif = await halfRedHalfBlue().avif().toBuffer();
    heif.write('heic', 8, 'latin1');
    const result = await ingest(heif);
    expect(result).toMatchObject({ mediaType: 'image', mimeType: 'image/webp', width: 40 });
  });

  it('refuses a HEIC that neither sharp nor the HEVC decoder can read', async () => {
    const heif = await halfRedHalfBlue().avif().toBuffer();
    heif.write('heic', 8, 'latin1');
    const broken = Buffer.concat([heif.subarray(0, heif.length - 20), Buffer.alloc(20, 0xff)]);
    // libheif reports its failure on console.log; keep the test output clean.
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await expectAppError(ingest(broken), 'unsupported_media_type', msg.unsupportedFileType);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('refuses bytes that start like a JPEG but are not one', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]);
    await expectAppError(ingest(broken), 'unsupported_media_type', msg.unsupportedFileType);
    expect(await readdir(tmpDir)).toEqual([]);
  });
});

describe('ingestUpload: refused content', () => {
  const cases: [string, Buffer][] = [
    [
      'an SVG with a script',
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
          '<script>fetch("/api/me").then(r => r.text()).then(alert)</script><rect width="10" height="10"/></svg>',
      ),
    ],
    [
      'an HTML page',
      Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
    ],
    [
      'a Windows executable',
      Buffer.concat([
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
        Buffer.alloc(4096),
      ]),
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF')],
    ['plain text', Buffer.from('just some words, not a picture')],
    ['an empty upload', Buffer.alloc(0)],
  ];
  for (const [name, bytes] of cases) {
    it(`refuses ${name}, whatever type it declares`, async () => {
      await expectAppError(
        ingest(bytes, { declaredType: 'image/png' }),
        'unsupported_media_type',
        msg.unsupportedFileType,
      );
      expect(await storage.deletePrefix('u/42')).toBe(0);
      expect(await readdir(tmpDir)).toEqual([]);
    });
  }

  it('refuses a request without a body as an empty upload', async () => {
    await expectAppError(
      ingestUpload({ storage, source: null, keyPrefix: 'u/42', kind: 'media', tmpDir }),
      'unsupported_media_type',
      msg.unsupportedFileType,
    );
  });

  it('refuses a video as an avatar or a badge', async () => {
    await expectAppError(
      ingest(fakeMp4(10_000), { kind: 'avatar' }),
      'unsupported_media_type',
      msg.selectImageFile,
    );
    await expectAppError(
      ingest(fakeMp4(10_000), { kind: 'badge' }),
      'unsupported_media_type',
      msg.selectImageFile,
    );
  });

  it('checks the key prefix before reading the upload', async () => {
    let pulled = false;
    const source = new ReadableStream<Uint8Array>(
      {
        pull() {
          pulled = true;
        },
      },
      { highWaterMark: 0 },
    );
    await expect(ingest(source, { keyPrefix: '../elsewhere' })).rejects.toThrow(
      /Invalid storage key/,
    );
    expect(pulled).toBe(false);
  });
});

describe('ingestUpload: size limits', () => {
  it('cuts off an image stream as soon as it passes the limit, without reading the rest', async () => {
    const head = await halfRedHalfBlue().jpeg().toBuffer();
    let produced = 0;
    const total = 64 * MB;
    async function* endlessJpeg() {
      produced += head.length;
      yield head;
      while (produced < total) {
        produced += 64 * 1024;
        yield Buffer.alloc(64 * 1024);
      }
    }
    await expectAppError(
      ingest(Readable.from(endlessJpeg()), { limits: { image: 1 * MB } }),
      'payload_too_large',
      msg.fileTooLarge('1 MB'),
    );
    expect(produced).toBeLessThan(3 * MB);
    expect(await readdir(tmpDir)).toEqual([]);
    expect(await storage.deletePrefix('u/42')).toBe(0);
  });

  it('cuts off a video request body and cancels it', async () => {
    const header = fakeMp4(8192);
    let pulledBytes = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulledBytes > 64 * MB) return controller.close();
        const chunk = pulledBytes === 0 ? header : new Uint8Array(64 * 1024);
        pulledBytes += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    await expectAppError(
      ingest(body, { limits: { video: 2 * MB } }),
      'payload_too_large',
      msg.fileTooLarge('2 MB'),
    );
    expect(pulledBytes).toBeLessThan(4 * MB);
    expect(cancelled).toBe(true);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('holds avatars to the avatar limit with the avatar message', async () => {
    const head = await halfRedHalfBlue().png().toBuffer();
    async function* bigPng() {
      yield head;
      for (let sent = head.length; sent <= AVATAR_MAX_BYTES; sent += 256 * 1024) {
        yield Buffer.alloc(256 * 1024);
      }
    }
    await expectAppError(
      ingest(Readable.from(bigPng()), { kind: 'avatar' }),
      'payload_too_large',
      msg.avatarTooLarge,
    );
  });

  it('applies the image limit to images and the video limit to videos', async () => {
    const video = mp4Video({ mdatBytes: 300 * 1024 });
    const result = await ingest(video, { limits: { image: 100 * 1024 } });
    expect(result.mediaType).toBe('video');
  });
});

describe('ingestUpload: videos', () => {
  it('stores an MP4 without metadata byte for byte, named by its real type, without a thumbnail', async () => {
    const video = mp4Video({ mdatBytes: 500_000 });
    const result = await ingest(video, { declaredType: 'image/jpeg' });
    expect(result).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/mp4',
      bytes: video.length,
      sizeBytes: video.length,
    });
    expect(result.thumbKey).toBeUndefined();
    expect(result.key).toMatch(/^u\/42\/post-1\/[0-9a-f-]{36}\.mp4$/);
    expect(fingerprint(await stored(result.key))).toBe(fingerprint(video));
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('recognises QuickTime and WebM', async () => {
    const mov = await ingest(mp4Video({ brand: 'qt  ' }));
    expect(mov).toMatchObject({ mimeType: 'video/quicktime' });
    expect(mov.key.endsWith('.mov')).toBe(true);
    for (const live of [false, true]) {
      const video = webmVideo({ live });
      const webm = await ingest(video);
      expect(webm).toMatchObject({ mimeType: 'video/webm', bytes: video.length });
      expect(webm.key.endsWith('.webm')).toBe(true);
      expect((await stored(webm.key)).equals(video)).toBe(true);
    }
  });

  it("blanks an Android video's location: udta boxes become free boxes of the same size", async () => {
    for (const largeMdat of [false, true]) {
      const video = mp4Video({ androidLocation: true, largeMdat });
      expect(video.includes(LOCATION)).toBe(true);
      const result = await ingest(video);
      const after = await stored(result.key);
      expect(after.includes(LOCATION)).toBe(false);
      expect(after.includes('Phoneco')).toBe(false);
      expect(after.includes('\u00a9xyz', 0, 'latin1')).toBe(false);
      // Same length and the same media bytes at the same offsets: stco still points at the samples.
      expect(after.length).toBe(video.length);
      const mdatAt = video.indexOf('mdat') - 4;
      expect(after.subarray(mdatAt).equals(video.subarray(mdatAt))).toBe(true);
      const chunkOffset = after.readUInt32BE(after.indexOf('stco') + 12);
      expect([...after.subarray(chunkOffset, chunkOffset + 4)]).toEqual([0, 7, 14, 21]);
      expect(boxPaths(after)).toEqual(boxPaths(video).map((p) => p.replace(/udta$/, 'free')));
      expect(boxPaths(after)).toContain('moov/free');
      expect(boxPaths(after)).toContain('moov/trak/free');
    }
  });

  it("blanks an iPhone video's location keys (moov/meta) and XMP", async () => {
    const video = mp4Video({ brand: 'qt  ', appleLocation: true, xmp: true });
    const result = await ingest(video);
    expect(result.mimeType).toBe('video/quicktime');
    const after = await stored(result.key);
    expect(after.includes(LOCATION)).toBe(false);
    expect(after.includes('com.apple.quicktime.location')).toBe(false);
    expect(after.length).toBe(video.length);
    expect(boxPaths(after)).toEqual([
      'ftyp',
      'moov',
      'moov/mvhd',
      'moov/trak',
      'moov/trak/tkhd',
      'moov/trak/mdia',
      'moov/trak/mdia/mdhd',
      'moov/trak/mdia/hdlr',
      'moov/trak/mdia/minf',
      'moov/trak/mdia/minf/vmhd',
      'moov/trak/mdia/minf/stbl',
      'moov/trak/mdia/minf/stbl/stsd',
      'moov/trak/mdia/minf/stbl/stts',
      'moov/trak/mdia/minf/stbl/stsc',
      'moov/trak/mdia/minf/stbl/stsz',
      'moov/trak/mdia/minf/stbl/stco',
      'moov/free',
      'free',
      'mdat',
    ]);
  });

  it('voids the location tag of a WebM, live-recorded or not', async () => {
    for (const live of [false, true]) {
      const video = webmVideo({ live, locationTag: true });
      const result = await ingest(video);
      const after = await stored(result.key);
      expect(after.includes(LOCATION)).toBe(false);
      expect(after.includes('RECORDING_LOCATION')).toBe(false);
      expect(after.length).toBe(video.length);
      const tagsAt = video.indexOf(Buffer.from([0x12, 0x54, 0xc3, 0x67]));
      expect(after.subarray(0, tagsAt).equals(video.subarray(0, tagsAt))).toBe(true);
      // A Void element (0xEC, 8-byte size) covering exactly what the Tags did, to the end.
      expect(after[tagsAt]).toBe(0xec);
      expect(after[tagsAt + 1]).toBe(0x01);
      expect(after.readUIntBE(tagsAt + 3, 6)).toBe(video.length - tagsAt - 9);
      expect(after.subarray(tagsAt + 9).every((byte) => byte === 0)).toBe(true);
    }
  });
});

describe('ingestUpload: files that only look like videos', () => {
  const refused = async (bytes: Buffer) => {
    await expectAppError(ingest(bytes), 'unsupported_media_type', msg.videoUnreadable);
    expect(await storage.deletePrefix('u/42')).toBe(0);
    expect(await readdir(tmpDir)).toEqual([]);
  };

  it('refuses 5 KB of random bytes behind an MP4 ftyp header', async () => {
    const ftyp = fakeMp4(24);
    await refused(Buffer.concat([ftyp, randomBytes(5 * 1024 - ftyp.length)]));
  });

  it('refuses an MP4 without a movie box, with two, or with a box running past the end', async () => {
    const video = mp4Video();
    const moovAt = video.indexOf('moov') - 4;
    const mdatAt = video.indexOf('mdat') - 4;
    const ftyp = video.subarray(0, moovAt);
    const moov = video.subarray(moovAt, mdatAt);
    const mdat = video.subarray(mdatAt);
    await refused(Buffer.concat([ftyp, mdat]));
    await refused(Buffer.concat([ftyp, moov, moov, mdat]));
    await refused(video.subarray(0, video.length - 1));
    const oversized = Buffer.from(video);
    oversized.writeUInt32BE(0x7fff_ffff, moovAt);
    await refused(oversized);
  });

  it('refuses an ftyp with no brand we know, and a 64-bit size past the end', async () => {
    const unknownBrand = mp4Video({ brand: 'abcd' });
    unknownBrand.write('abcdabcdabcd', 16, 'latin1');
    await refused(unknownBrand);
    const huge = mp4Video({ largeMdat: true });
    huge.writeBigUInt64BE(2n ** 40n, huge.indexOf('mdat') + 4);
    await refused(huge);
  });

  it('refuses a WebM header with no segment behind it', async () => {
    const video = webmVideo();
    const header = video.subarray(0, video.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])));
    await refused(Buffer.concat([header, Buffer.alloc(10_000)]));
    await refused(Buffer.concat([header, Buffer.alloc(10_000, 0x42)]));
  });
});

describe('ingestUpload: pixel limit', () => {
  it('refuses a PNG that declares more than the pixel limit, without decoding it', async () => {
    const png = await halfRedHalfBlue().png().toBuffer();
    // IHDR: width and height at bytes 16-23, its CRC over type and data at 29-32.
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(8_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect(10_000 * 8_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    await expectAppError(ingest(png), 'payload_too_large', msg.imageTooManyPixels);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('says a 400-megapixel PNG is too big, past the decoder ceiling too (issue 26 #3)', async () => {
    const png = await halfRedHalfBlue().png().toBuffer();
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    await expectAppError(ingest(png), 'payload_too_large', msg.imageTooManyPixels);
    await expectAppError(
      ingest(png, { kind: 'avatar' }),
      'payload_too_large',
      msg.imageTooManyPixels,
    );
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('refuses a HEIC whose ispe box declares more than the pixel limit, without decoding it', async () => {
    const heic = await halfRedHalfBlue().avif().toBuffer();
    heic.write('heic', 8, 'latin1');
    const ispe = heic.indexOf('ispe');
    heic.writeUInt32BE(12_000, ispe + 8);
    heic.writeUInt32BE(9_000, ispe + 12);
    await expectAppError(ingest(heic), 'payload_too_large', msg.imageTooManyPixels);
  });
});
