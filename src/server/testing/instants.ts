import fc from 'fast-check';

/**
 * Instants of 2026 for the property tests of choices made in each member's zone (the daily reminder,
 * the weekly review): any moment of the year, or within a day and a half of a daylight-saving change
 * (US, Europe, Sydney, Chatham, São Paulo; none there since 2019).
 */
export const instantsOf2026 = fc.oneof(
  fc.date({
    min: new Date('2026-01-01T00:00:00Z'),
    max: new Date('2026-12-31T23:59:59Z'),
    noInvalidDate: true,
  }),
  fc
    .tuple(
      fc.constantFrom(
        '2026-03-08T07:00:00Z',
        '2026-03-29T01:00:00Z',
        '2026-04-04T16:00:00Z',
        '2026-09-26T14:00:00Z',
        '2026-10-25T01:00:00Z',
        '2026-11-01T06:00:00Z',
      ),
      fc.integer({ min: -36 * 60, max: 36 * 60 }),
    )
    .map(([iso, minutes]) => new Date(Date.parse(iso) + minutes * 60_000)),
);
