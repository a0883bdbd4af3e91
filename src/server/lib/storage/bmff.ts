// ISO base media files (MP4, QuickTime MOV, HEIF/HEIC/AVIF) are a tree of boxes: a 32-bit size
// (1: a 64-bit size follows; 0: to the end of the file), a 4-character type, a payload. This walks
// box headers on disk without loading payloads, so a 200 MB video costs kilobytes of memory.

import type { FileWindow } from './file-window';

/** The bytes are not the container they claimed to be; ingest answers 415. */
export class MalformedMediaError extends Error {
  constructor(reason: string) {
    super(`Malformed media: ${reason}`);
    this.name = 'MalformedMediaError';
  }
}

export interface Box {
  type: string;
  start: number;
  /** After the size, the type and any 64-bit size: where a freed box's zeros begin. */
  contentStart: number;
  /** Where the payload begins (after a uuid box's 16-byte user type too). */
  payload: number;
  end: number;
}

/** No real video has more; a hostile file of 8-byte boxes would otherwise cost millions of reads. */
const MAX_BOXES = 100_000;

export interface WalkBudget {
  boxesLeft: number;
}

export function walkBudget(): WalkBudget {
  return { boxesLeft: MAX_BOXES };
}

/** The boxes between `start` and `end`, one level deep. Throws on any header that does not fit. */
export async function* boxesIn(
  file: FileWindow,
  start: number,
  end: number,
  budget: WalkBudget,
  topLevel = false,
): AsyncGenerator<Box> {
  for (let position = start; position < end;) {
    if (--budget.boxesLeft < 0) throw new MalformedMediaError('too many boxes');
    const box = await readBox(file, position, end, topLevel);
    yield box;
    position = box.end;
  }
}

async function readBox(file: FileWindow, position: number, end: number, topLevel: boolean) {
  const header = await file.read(position, 32);
  if (header.length < 8 || position + 8 > end) throw new MalformedMediaError('truncated box');
  for (const byte of header.subarray(4, 8)) {
    // Printable ASCII, plus the © that QuickTime user-data types start with.
    if ((byte < 0x20 || byte > 0x7e) && byte !== 0xa9) throw new MalformedMediaError('box type');
  }
  const type = header.toString('latin1', 4, 8);
  const size32 = header.readUInt32BE(0);
  let contentStart = position + 8;
  let size = size32;
  if (size32 === 1) {
    if (header.length < 16) throw new MalformedMediaError('truncated box');
    const large = header.readBigUInt64BE(8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw new MalformedMediaError('box size');
    size = Number(large);
    contentStart += 8;
  } else if (size32 === 0) {
    // "Extends to the end of the file": only a top-level box may say so.
    if (!topLevel) throw new MalformedMediaError('open-ended inner box');
    size = end - position;
  }
  const payload = contentStart + (type === 'uuid' ? 16 : 0);
  if (size < payload - position || position + size > end) {
    throw new MalformedMediaError(`box ${type} does not fit`);
  }
  return { type, start: position, contentStart, payload, end: position + size };
}

/** Renames a box to `free` and zeros what it held: every offset in the file stays valid. */
export async function freeBox(file: FileWindow, box: Box): Promise<void> {
  await file.write(box.start + 4, Buffer.from('free', 'latin1'));
  await file.zero(box.contentStart, box.end - box.contentStart);
}

/** The `ftyp` box's major and compatible brands; throws unless it is first and well formed. */
export async function readBrands(file: FileWindow, box: Box | undefined): Promise<string[]> {
  if (!box || box.type !== 'ftyp' || box.start !== 0) throw new MalformedMediaError('no ftyp');
  const length = box.end - box.payload;
  // Major brand, minor version, then whole compatible brands; real ones list a handful.
  if (length < 8 || (length - 8) % 4 !== 0 || length > 1024) {
    throw new MalformedMediaError('ftyp size');
  }
  const payload = await file.read(box.payload, length);
  const brands = [payload.toString('latin1', 0, 4)];
  for (let at = 8; at < length; at += 4) brands.push(payload.toString('latin1', at, at + 4));
  return brands;
}

/**
 * The largest width x height that a HEIF file (HEIC, AVIF) declares in its `ispe` properties
 * (meta > iprp > ipco > ispe), read before any decoding; null when it declares none. A grid
 * image's own ispe is its full size, so the largest one is the image a decoder would build.
 */
export async function heifLargestImage(
  file: FileWindow,
): Promise<{ width: number; height: number } | null> {
  const budget = walkBudget();
  let largest: { width: number; height: number } | null = null;
  const inside = (box: Box, skip = 0) => boxesIn(file, box.payload + skip, box.end, budget);
  for await (const meta of boxesIn(file, 0, file.size, budget, true)) {
    if (meta.type !== 'meta') continue;
    // meta is a full box: 4 bytes of version and flags before its children.
    for await (const iprp of inside(meta, 4)) {
      if (iprp.type !== 'iprp') continue;
      for await (const ipco of inside(iprp)) {
        if (ipco.type !== 'ipco') continue;
        for await (const ispe of inside(ipco)) {
          if (ispe.type !== 'ispe') continue;
          const body = await file.read(ispe.payload, 12);
          if (body.length < 12 || ispe.end - ispe.payload < 12) {
            throw new MalformedMediaError('ispe size');
          }
          const size = { width: body.readUInt32BE(4), height: body.readUInt32BE(8) };
          if (!largest || size.width * size.height > largest.width * largest.height) {
            largest = size;
          }
        }
      }
    }
  }
  return largest;
}
