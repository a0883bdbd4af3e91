// Small, structurally real MP4, QuickTime and WebM files built byte by byte for tests, with the
// metadata phones write: Android's udta/©xyz and iPhone's meta keys with an ISO 6709 location.

import { spawnSync } from 'node:child_process';

export const LOCATION = '+51.5074-000.1278/';

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const text = (s: string) => Buffer.from(s, 'latin1');

/** An ISO box: 32-bit size, type, payload. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), text(type), body]);
}

/** A box with a 64-bit size (size field 1). */
export function largeBox(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(16 + body.length));
  return Buffer.concat([u32(1), text(type), size, body]);
}

const fullBox = (type: string, ...payload: Buffer[]) => box(type, u32(0), ...payload);

function matrix(): Buffer {
  return Buffer.concat([0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(u32));
}

export interface Mp4Options {
  /** Major brand; `qt  ` makes a QuickTime file. */
  brand?: string;
  /** Android style: moov/udta/©xyz, and trak/udta with a name. */
  androidLocation?: boolean;
  /** iPhone style: moov/meta with hdlr mdta, keys and ilst. */
  appleLocation?: boolean;
  /** An XMP uuid box at the top level holding the location. */
  xmp?: boolean;
  /** Write mdat with a 64-bit size. */
  largeMdat?: boolean;
  mdatBytes?: number;
}

/** The boxes a phone adds to moov for its location: Android's udta/©xyz, iPhone's meta keys. */
function phoneLocationBoxes(options: Mp4Options): Buffer[] {
  const boxes: Buffer[] = [];
  if (options.androidLocation) {
    boxes.push(
      box(
        'udta',
        box('\u00a9xyz', u16(LOCATION.length), u16(0x15c7), text(LOCATION)),
        box('\u00a9mak', u16(7), u16(0x15c7), text('Phoneco')),
      ),
    );
  }
  if (options.appleLocation) {
    const key = 'com.apple.quicktime.location.ISO6709';
    boxes.push(
      box(
        'meta',
        fullBox('hdlr', u32(0), text('mdta'), Buffer.alloc(12), u8(0)),
        fullBox('keys', u32(1), box('mdta', text(key))),
        // ilst items are typed by their 1-based key index, not by four letters.
        box(
          'ilst',
          Buffer.concat([u32(8 + 8 + 8 + LOCATION.length), u32(1)]),
          box('data', u32(1), u32(0), text(LOCATION)),
        ),
      ),
    );
  }
  return boxes;
}

/** A fast-start MP4 (ftyp, moov, mdat) whose one track's chunk offset points into mdat. */
export function mp4Video(options: Mp4Options = {}): Buffer {
  const brand = options.brand ?? 'isom';
  const ftyp = box('ftyp', text(brand), u32(0x200), text(brand), text('iso2'), text('mp41'));
  const samples = Buffer.alloc(options.mdatBytes ?? 2000);
  for (let i = 0; i < samples.length; i++) samples[i] = (i * 7) % 251;

  const moovFor = (chunkOffset: number) => {
    const mvhd = fullBox(
      'mvhd',
      u32(0),
      u32(0),
      u32(1000),
      u32(2000),
      u32(0x10000),
      u16(0x100),
      Buffer.alloc(10),
      matrix(),
      Buffer.alloc(24),
      u32(2),
    );
    const tkhd = box(
      'tkhd',
      u32(3),
      u32(0),
      u32(0),
      u32(1),
      u32(0),
      u32(2000),
      Buffer.alloc(8),
      u16(0),
      u16(0),
      u16(0),
      u16(0),
      matrix(),
      u32(64 << 16),
      u32(48 << 16),
    );
    const hdlr = fullBox('hdlr', u32(0), text('vide'), Buffer.alloc(12), text('VideoHandler\0'));
    const stbl = box(
      'stbl',
      fullBox('stsd', u32(0)),
      fullBox('stts', u32(1), u32(1), u32(2000)),
      fullBox('stsc', u32(1), u32(1), u32(1), u32(1)),
      fullBox('stsz', u32(samples.length), u32(1)),
      fullBox('stco', u32(1), u32(chunkOffset)),
    );
    const mdia = box(
      'mdia',
      fullBox('mdhd', u32(0), u32(0), u32(1000), u32(2000), u16(0x55c4), u16(0)),
      hdlr,
      box('minf', fullBox('vmhd', u16(0), u16(0), u16(0), u16(0)), stbl),
    );
    const trakParts = [tkhd, mdia];
    if (options.androidLocation) trakParts.push(box('udta', box('name', text('Camera'))));
    const moovParts = [mvhd, box('trak', ...trakParts), ...phoneLocationBoxes(options)];
    return box('moov', ...moovParts);
  };

  const xmp = options.xmp
    ? box(
        'uuid',
        Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'),
        text(`<x:xmpmeta><exif:GPSLatitude>${LOCATION}</exif:GPSLatitude></x:xmpmeta>`),
      )
    : Buffer.alloc(0);
  const mdatHeader = options.largeMdat ? 16 : 8;
  const offset = ftyp.length + moovFor(0).length + xmp.length + mdatHeader;
  const mdat = options.largeMdat ? largeBox('mdat', samples) : box('mdat', samples);
  return Buffer.concat([ftyp, moovFor(offset), xmp, mdat]);
}

/** The top-level and nested box types of an ISO file, as `moov/trak/udta` paths. */
export function boxPaths(file: Buffer, start = 0, end = file.length, path = ''): string[] {
  const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
  const paths: string[] = [];
  for (let at = start; at < end;) {
    let size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(file.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    const here = path ? `${path}/${type}` : type;
    paths.push(here);
    if (containers.has(type)) paths.push(...boxPaths(file, at + header, at + size, here));
    at += size;
  }
  return paths;
}

// --- WebM -------------------------------------------------------------------

const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** An EBML element with an 8-byte size, or an unknown size. */
function element(id: number[], body: Buffer | string, unknownSize = false): Buffer {
  const data = typeof body === 'string' ? text(body) : body;
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.length));
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id), unknownSize ? UNKNOWN_SIZE : size, data]);
}

export interface WebmOptions {
  docType?: string;
  /** Write the Segment and the Cluster with unknown sizes, as MediaRecorder does. */
  live?: boolean;
  /** A Tags element with RECORDING_LOCATION after the cluster. */
  locationTag?: boolean;
}

export function webmVideo(options: WebmOptions = {}): Buffer {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      element([0x42, 0x86], u8(1)),
      element([0x42, 0xf7], u8(1)),
      element([0x42, 0xf2], u8(4)),
      element([0x42, 0xf3], u8(8)),
      element([0x42, 0x82], options.docType ?? 'webm'),
      element([0x42, 0x87], u8(4)),
      element([0x42, 0x85], u8(2)),
    ]),
  );
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    Buffer.concat([
      element([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])),
      element([0x4d, 0x80], 'test'),
    ]),
  );
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    element(
      [0xae],
      Buffer.concat([element([0xd7], u8(1)), element([0x83], u8(1)), element([0x86], 'V_VP8')]),
    ),
  );
  const frame = Buffer.alloc(600, 0x5a);
  const block = Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x80]), frame]);
  const clusterBody = Buffer.concat([element([0xe7], u8(0)), element([0xa3], block)]);
  const cluster = element([0x1f, 0x43, 0xb6, 0x75], clusterBody, options.live);
  const parts = [info, tracks, cluster];
  if (options.locationTag) {
    const simpleTag = element(
      [0x67, 0xc8],
      Buffer.concat([element([0x45, 0xa3], 'RECORDING_LOCATION'), element([0x44, 0x87], LOCATION)]),
    );
    parts.push(element([0x12, 0x54, 0xc3, 0x67], element([0x73, 0x73], simpleTag)));
  }
  const segment = element([0x18, 0x53, 0x80, 0x67], Buffer.concat(parts), options.live);
  return Buffer.concat([header, segment]);
}

// --- Real videos, made by ffmpeg ---------------------------------------------------------------

export type RecordedContainer = 'mp4' | 'mov' | 'webm';

/**
 * A one-second 64x48 video with a sine tone, encoded by ffmpeg (which must exist) with what a phone
 * writes: a location (ISO 6709) on the file and on the video track, a recording date, a title and,
 * for MOV, iPhone-style `com.apple.quicktime.*` keys. H.264 + AAC for MP4 and MOV, VP8 + Opus for
 * WebM. Written to `file`.
 */
export function recordedVideo(ffmpeg: string, container: RecordedContainer, file: string): void {
  const codecs =
    container === 'webm'
      ? ['-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libopus']
      : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
  const apple =
    container === 'mov'
      ? [
          '-movflags',
          'use_metadata_tags',
          '-metadata',
          `com.apple.quicktime.location.ISO6709=${LOCATION}`,
          '-metadata',
          'com.apple.quicktime.make=Phoneco',
        ]
      : [];
  const result = spawnSync(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=64x48:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      ...codecs,
      '-metadata',
      `location=${LOCATION}`,
      '-metadata:s:v:0',
      `location=${LOCATION}`,
      '-metadata',
      'creation_time=2026-01-02T03:04:05Z',
      '-metadata',
      'title=At home',
      ...apple,
      '-f',
      container,
      '-y',
      file,
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (result.status !== 0)
    throw new Error(`ffmpeg could not make a ${container}: ${result.stderr}`);
}
