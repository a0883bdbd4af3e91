import { z } from 'zod';
import { msg } from '@shared/messages';
import { storableText } from '@shared/domain/schemas';
import { AppError } from './errors';

/** A "load more" position: the last row's timestamp and id, so the next page starts after it. */
export interface PageCursor {
  t: string;
  id: string;
}

/**
 * Cursors as the lists hand them out: the position as base64url JSON. The server reads back only
 * what it could have made: `t` and `id` are checked by the list's own schemas, so a tampered cursor
 * (a NUL, a date PostgreSQL refuses, another shape) is a 400 with the catalogue's message, never a 500.
 */
export function pageCursors(schemas: { t: z.ZodType<string>; id: z.ZodType<string> }) {
  const position = z.object(schemas);
  return {
    encode: (t: string, id: string): string =>
      Buffer.from(JSON.stringify({ t, id })).toString('base64url'),
    decode(cursor: string): PageCursor {
      try {
        return position.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
      } catch {
        throw new AppError('bad_request', msg.invalidCursor);
      }
    },
  };
}

/**
 * An ISO instant PostgreSQL can store (`timestamptz` has no year 0 and nothing past 294276; the
 * lists' own rows are from years 1 to 9999).
 */
export const isoInstant = z.iso.datetime({ offset: true }).refine((t) => {
  const year = Number(t.slice(0, 4));
  return year >= 1 && year <= 9999;
});

/** An account id as better-auth makes them (text): storable, and no longer than any it makes. */
export const accountId = storableText().min(1).max(100);
