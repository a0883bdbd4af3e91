import { describe, expect, it } from 'vitest';
import { parseRangeHeader } from './range';

describe('parseRangeHeader', () => {
  it('reads the three single-range forms', () => {
    expect(parseRangeHeader('bytes=0-9', 100)).toEqual({
      kind: 'partial',
      range: { start: 0, end: 9 },
    });
    expect(parseRangeHeader('bytes=90-', 100)).toEqual({
      kind: 'partial',
      range: { start: 90, end: 99 },
    });
    expect(parseRangeHeader('bytes=-500', 100)).toEqual({
      kind: 'partial',
      range: { start: 0, end: 99 },
    });
    expect(parseRangeHeader('Bytes = 5 - 6', 100)).toEqual({
      kind: 'partial',
      range: { start: 5, end: 6 },
    });
  });

  it('finds nothing to send in an empty object or a zero-length suffix', () => {
    expect(parseRangeHeader('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('finds nothing to send when an open range starts at or past the end', () => {
    for (const header of ['bytes=100-', 'bytes=101-', 'bytes=5000-', `bytes=${'9'.repeat(30)}-`]) {
      expect(parseRangeHeader(header, 100), header).toEqual({ kind: 'unsatisfiable' });
    }
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not understand', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=a-b',
      'bytes=1-2,3-4',
      'bytes=5-1',
    ]) {
      expect(parseRangeHeader(header, 100), String(header)).toEqual({ kind: 'whole' });
    }
  });
});
