import { z } from 'zod';
import { pageCursors } from '../lib/page-cursor';

/**
 * The last post's timestamp as PostgreSQL prints it (`created_at::text`, e.g.
 * `2026-11-22 12:13:47.123456+00`). The pattern alone lets through dates PostgreSQL refuses
 * (2026-13-45, 24:00:00), which would fail the query with a 500, so the fields are checked too.
 */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;

function isRealTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [, y, mo, d, h, mi, s, , oh, om = '00'] = match;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [
    y,
    mo,
    d,
    h,
    mi,
    s,
    oh,
    om,
  ].map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

/** The feed's "load more": the last post's exact timestamp (as PostgreSQL prints it) and id. */
export const feedCursors = pageCursors({ t: z.string().refine(isRealTimestamp), id: z.uuid() });
