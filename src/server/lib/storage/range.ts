import type { ByteRange } from './media-storage';

export type RangeRequest =
  { kind: 'whole' } | { kind: 'unsatisfiable' } | { kind: 'partial'; range: ByteRange };

/**
 * Reads a `Range` header against an object of `size` bytes (RFC 9110 section 14).
 * One range only (`a-b`, `a-`, `-suffix`); a header we do not understand, or several ranges,
 * is ignored and the whole object is sent, which the RFC allows.
 */
export function parseRangeHeader(header: string | null | undefined, size: number): RangeRequest {
  const match = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!match) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  // `a-b` with b < a is invalid, so ignored.
  if (end < start) return { kind: 'whole' };
  // Before the end is clamped to the size: `bytes=N-` at or past the end is a 416, however large N.
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}

export function assertRangeInside(range: ByteRange, size: number): void {
  const ok =
    Number.isSafeInteger(range.start) &&
    Number.isSafeInteger(range.end) &&
    range.start >= 0 &&
    range.start <= range.end &&
    range.end < size;
  if (!ok) throw new RangeError(`Byte range ${range.start}-${range.end} is outside 0-${size - 1}`);
}
