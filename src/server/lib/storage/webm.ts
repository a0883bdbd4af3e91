// WebM is EBML: elements of an ID (1-4 bytes, marker bits kept), a size (1-8 byte varint, all
// ones meaning "unknown": live recorders such as MediaRecorder write the Segment and each Cluster
// that way) and a body. This checks the header and voids the Segment's Tags and Attachments in
// place, walking element headers on disk.

import { MalformedMediaError } from './bmff';
import type { FileWindow } from './file-window';

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TRACKS = 0x1654ae6b;
const VOID = 0xec;
/** Free-form tags (the Matroska spec has RECORDING_LOCATION) and attached files (cover art, EXIF). */
const STRIPPED = new Map([
  [0x1254c367, 'Tags'],
  [0x1941a469, 'Attachments'],
]);

/** Far more than a 200 MB clip of ordinary frames has; bounds the reads a hostile file can cause. */
const MAX_ELEMENTS = 2_000_000;
const MAX_HEADER_BYTES = 1024;

interface Element {
  id: number;
  start: number;
  data: number;
  /** null for an unknown size. */
  size: number | null;
}

/** Checks that the file is WebM and voids the elements that can carry location; returns their names. */
export async function cleanWebm(file: FileWindow): Promise<string[]> {
  let position = await checkHeader(file);
  const stripped: string[] = [];
  let elementsLeft = MAX_ELEMENTS;
  let segments = 0;
  let tracks = 0;
  // One flat walk: a Segment or a Cluster of unknown size is entered (its children follow it and
  // end where the next top-level element begins); everything else is skipped by its size.
  let segmentEnd = 0;
  while (position < file.size) {
    if (--elementsLeft < 0) throw new MalformedMediaError('too many elements');
    const element = await readElement(file, position);
    const insideSegment = position < segmentEnd;
    if (element.id === SEGMENT && !insideSegment) {
      segments++;
      segmentEnd = element.size === null ? file.size : element.data + element.size;
      if (segmentEnd > file.size) throw new MalformedMediaError('truncated segment');
      position = element.data;
      continue;
    }
    if (!insideSegment && element.id !== VOID) throw new MalformedMediaError('outside a segment');
    if (element.size === null) {
      if (element.id !== CLUSTER) throw new MalformedMediaError('unknown size');
      position = element.data;
      continue;
    }
    const end = element.data + element.size;
    if (end > (insideSegment ? segmentEnd : file.size)) {
      throw new MalformedMediaError('element does not fit');
    }
    if (element.id === TRACKS) tracks++;
    const name = STRIPPED.get(element.id);
    if (name) {
      await voidElement(file, element.start, end);
      stripped.push(name);
    }
    position = end;
  }
  if (segments === 0 || tracks === 0) throw new MalformedMediaError('no segment or tracks');
  return stripped;
}

/** The EBML header must come first and name the document type `webm`; returns where it ends. */
async function checkHeader(file: FileWindow): Promise<number> {
  const header = await readElement(file, 0);
  if (header.id !== EBML || header.size === null || header.size > MAX_HEADER_BYTES) {
    throw new MalformedMediaError('no EBML header');
  }
  const end = header.data + header.size;
  if (end > file.size) throw new MalformedMediaError('truncated EBML header');
  let docType: string | null = null;
  for (let position = header.data; position < end;) {
    const child = await readElement(file, position);
    if (child.size === null || child.data + child.size > end) {
      throw new MalformedMediaError('EBML header');
    }
    if (child.id === DOC_TYPE) {
      docType = (await file.read(child.data, child.size)).toString('latin1').replace(/\0+$/, '');
    }
    position = child.data + child.size;
  }
  if (docType !== 'webm') throw new MalformedMediaError(`doc type ${docType}`);
  return end;
}

async function readElement(file: FileWindow, position: number): Promise<Element> {
  const bytes = await file.read(position, 12);
  const id = readVarint(bytes, 0, 4);
  const size = id && readVarint(bytes, id.length, 8);
  if (!id || !size) throw new MalformedMediaError('truncated element');
  return {
    id: id.raw,
    start: position,
    data: position + id.length + size.length,
    size: size.unknown ? null : size.value,
  };
}

/** An EBML varint at `offset`: `raw` keeps the length marker (as IDs are written), `value` drops it. */
function readVarint(bytes: Buffer, offset: number, maxLength: number) {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > maxLength || offset + length > bytes.length) return null;
  let raw = 0;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i];
    raw = raw * 256 + byte;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  raw += first * 256 ** (length - 1);
  if (!allOnes && value > Number.MAX_SAFE_INTEGER) throw new MalformedMediaError('element size');
  return { length, raw, value, unknown: allOnes };
}

/**
 * Turns the element between `start` and `end` into a Void element of exactly the same length
 * with zeroed content, so every position (SeekHead, Cues) stays valid. A SeekHead entry that
 * pointed at the Tags now finds a Void, which players skip.
 */
async function voidElement(file: FileWindow, start: number, end: number): Promise<void> {
  const total = end - start;
  // ID (1 byte) + size (sizeLength bytes) + zeros; a non-minimal size length is valid EBML.
  const sizeLength = Math.min(8, total - 1);
  let rest = total - 1 - sizeLength;
  const header = Buffer.alloc(1 + sizeLength);
  header[0] = VOID;
  for (let i = sizeLength; i >= 1; i--) {
    header[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  header[1] |= 1 << (8 - sizeLength);
  await file.write(start, header);
  await file.zero(start + header.length, total - header.length);
}
