import { describe, it, expect } from 'vitest';
import { checkinEditableUntil, isCheckinEditable, nextSortIndex, postCaption } from './checkin';

describe('isCheckinEditable', () => {
  const created = new Date('2026-06-01T08:00:00Z');

  it('is editable for 15 minutes after creation', () => {
    expect(isCheckinEditable(created, new Date('2026-06-01T08:00:00Z'))).toBe(true);
    expect(isCheckinEditable(created, new Date('2026-06-01T08:14:59Z'))).toBe(true);
  });

  it('closes at 15 minutes', () => {
    expect(isCheckinEditable(created, new Date('2026-06-01T08:15:00Z'))).toBe(false);
    expect(isCheckinEditable('2026-06-01T08:00:00Z', new Date('2026-06-01T09:00:00Z'))).toBe(false);
  });

  it('is not editable with an unreadable date', () => {
    expect(isCheckinEditable('garbage', new Date())).toBe(false);
  });

  it('reports when the window closes', () => {
    expect(checkinEditableUntil(created).toISOString()).toBe('2026-06-01T08:15:00.000Z');
  });
});

describe('postCaption', () => {
  it('uses the journal text', () => {
    expect(postCaption('Leg day done.')).toBe('Leg day done.');
  });

  it('falls back to the default caption when the journal is empty', () => {
    expect(postCaption('')).toBe('Daily check-in complete!');
    expect(postCaption('   \n')).toBe('Daily check-in complete!');
    expect(postCaption(null)).toBe('Daily check-in complete!');
  });
});

describe('nextSortIndex', () => {
  it('appends after the highest existing index', () => {
    expect(nextSortIndex([])).toBe(0);
    expect(nextSortIndex([{ sortIndex: 0 }, { sortIndex: 1 }])).toBe(2);
    expect(nextSortIndex([{ sortIndex: 4 }, { sortIndex: 1 }])).toBe(5);
  });
});
