/**
 * "Load more" for the admin lists other than users (decision 0039): newest first, by keyset on
 * (created_at, id), so a page far down costs what the first does and rows added meanwhile do not
 * shift the pages.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isoInstant, pageCursors, type PageCursor } from '../../lib/page-cursor';

/** Rows a page of posts, reports, subscriptions and coupons (users: USERS_PAGE_SIZE, the same). */
export const ADMIN_PAGE_SIZE = 25;

/** The cursors of the lists whose ids are uuids. */
export const uuidCursors = pageCursors({ t: isoInstant, id: z.uuid() });

/**
 * Rows after the cursor in (created_at desc, id desc) order. Spelt as `created_at <= t and (...)`
 * rather than a row comparison, so a plain index on `created_at` bounds the scan too.
 */
export function olderThan(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  after: PageCursor | null,
): SQL | undefined {
  if (!after) return undefined;
  const t = sql`${after.t}::timestamptz`;
  return sql`(${createdAt} <= ${t} and (${createdAt} < ${t} or ${id} < ${after.id}::uuid))`;
}

/** One page of rows read with `limit size + 1`, and the cursor of the next page (null: none). */
export function pageOf<R extends { id: string; createdAt: Date }>(
  rows: R[],
  size = ADMIN_PAGE_SIZE,
): { rows: R[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > size && last ? uuidCursors.encode(last.createdAt.toISOString(), last.id) : null,
  };
}

/** The cursor as the client sent it, read back (a tampered one is a 400). */
export const readCursor = (cursor: string | undefined): PageCursor | null =>
  cursor ? uuidCursors.decode(cursor) : null;

/**
 * A search as a full-text query that matches words starting with each typed word, all of them:
 * "run morn" finds "Morning run". Only letters and digits reach the query (as quoted lexemes), so
 * nothing typed can break its syntax; null when nothing searchable was typed.
 */
export function wordPrefixQuery(q: string): string | null {
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `'${w}':*`).join(' & ') : null;
}

/** `LIKE` with the search taken literally: %, _ and \ typed by the admin match themselves. */
export function prefixPattern(q: string): string {
  return `${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
