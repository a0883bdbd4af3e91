/**
 * Admin Users, the list (decision 0021): the members with search and keyset pages, and the award
 * dialog's member picker. Every service starts with requireAdmin.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AdminMemberLines,
  AdminMembersList,
  AdminUserView,
  AdminUsersPage,
} from '@shared/api-types';
import { batchedPer, preparedPer, rowByAsk, rowsByAsk, type DbOrTx } from '../../db/client';
import { cycles, profiles, user, userSettings } from '../../db/schema';
import { SHORT_PREFIXES } from '../../db/schema/columns';
import { requireAdmin, type ServiceContext } from '../../lib/context';
import { accountId, isoInstant, pageCursors } from '../../lib/page-cursor';
import {
  memberCycleInputs,
  memberCycleLine,
  type MemberCycleInputs,
} from '../../queries/member-cycles';

export const USERS_PAGE_SIZE = 25;

const userCursors = pageCursors({ t: isoInstant, id: accountId });

/** `LIKE` with the search taken literally: %, _ and \ typed by the admin match themselves. */
function prefixPattern(q: string): string {
  return `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A page's columns. Each member's cycle line is a read of its own (`listMemberLines`, decision 0132). */
const userPageColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  displayName: profiles.displayName,
  isAdmin: profiles.isAdmin,
  createdAt: user.createdAt,
};

/** The list without a search: two prepared statements (first page, and after a cursor) per database. */
function prepareUserPages(db: DbOrTx) {
  const page = (where: SQL | undefined, name: string) =>
    db
      .select(userPageColumns)
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(USERS_PAGE_SIZE + 1)
      .prepare(name);
  return {
    first: page(undefined, 'admin_users_first'),
    after: page(
      sql`(${user.createdAt}, ${user.id}) < (${sql.placeholder('t')}::timestamptz, ${sql.placeholder('id')})`,
      'admin_users_after',
    ),
  };
}
const userPages = preparedPer(prepareUserPages);

/**
 * `lower(column)` starts with the asked search, whatever the case, as a prepared statement can use
 * the prefix index: a generic plan cannot take an index range from `LIKE $1`, so the range is spelt
 * out with the pattern operators (`~>=~`, `~<~`: byte order, which the text_pattern_ops index keeps)
 * up to the search followed by U+10FFFF, the last code point, and `LIKE` keeps the exact meaning.
 */
function startsWith(column: SQL): SQL {
  const q = sql`lower(asked.q)`;
  return sql`${column} ~>=~ ${q} and ${column} ~<~ (${q} || chr(1114111)) and ${column} like lower(asked.pattern)`;
}

/**
 * Pages of the members whose e-mail or display name starts with a search, one per ask (`n`, from 1):
 * the searches of one moment share one prepared statement (`batchedPer`, decision 0027). For each,
 * the page (after the cursor, if any) is chosen from indexes alone, with each match's account
 * creation time (the profile's copy of it, `joined_at`, for names: migration 0014), and only its 26
 * rows are joined to their accounts and profiles:
 * - a search of 1 to 3 letters, which matches thousands at 100,000 members, reads the index of that
 *   start (`left(lower(column), k)`, creation time, id: migration 0024) newest first from the
 *   cursor, 26 rows, and stops (decision 0092);
 * - a longer one reads its matches from the prefix index (they are few) and keeps the newest 26.
 * Each branch is gated on the search's length, so only one per column runs.
 * The arrays arrive through scalar subqueries, which the planner cannot see into, in a custom plan
 * as in a generic one: with the arrays bare, a custom plan counted one search and a generic one ten,
 * so PostgreSQL planned the statement afresh on every request (1 to 3 ms, more than running it);
 * costed alike, it keeps the generic plan after five runs (issue 43, decision 0129).
 */
function prepareSearchPages(db: DbOrTx) {
  const pageRows = sql.raw(String(USERS_PAGE_SIZE + 1));
  const q = sql`lower(asked.q)`;
  // After the cursor; no cursor is `infinity`. One row comparison, so the start indexes begin there.
  const after = (t: AnyPgColumn, id: AnyPgColumn) =>
    sql`(${t}, ${id}) < (coalesce(asked.t, 'infinity'::timestamptz), coalesce(asked.id, ''))`;
  const matches = (column: SQL, t: AnyPgColumn, id: AnyPgColumn, table: SQL) => [
    ...SHORT_PREFIXES.map((k) => {
      const length = sql.raw(String(k));
      return sql`(select ${id}, ${t} from ${table}
          where length(${q}) = ${length} and left(${column}, ${length}) = ${q} and ${after(t, id)}
          order by 2 desc, 1 desc limit ${pageRows})`;
    }),
    sql`(select ${id}, ${t} from ${table}
        where length(${q}) > ${sql.raw(String(Math.max(...SHORT_PREFIXES)))} and ${startsWith(column)}
          and ${after(t, id)}
        order by 2 desc, 1 desc limit ${pageRows})`,
  ];
  const asked = sql`unnest(
      (select ${sql.placeholder('qs')}::text[]), (select ${sql.placeholder('patterns')}::text[]),
      (select ${sql.placeholder('ts')}::timestamptz[]), (select ${sql.placeholder('ids')}::text[])
    ) with ordinality as asked(q, pattern, t, id, n)
    cross join lateral (
      select m.id, m.created_at from (
        ${sql.join(
          [
            ...matches(sql`lower(${user.email})`, user.createdAt, user.id, sql`${user}`),
            ...matches(
              sql`lower(${profiles.displayName})`,
              profiles.joinedAt,
              profiles.id,
              sql`${profiles}`,
            ),
          ],
          sql` union `,
        )}
      ) m (id, created_at)
      order by m.created_at desc, m.id desc
      limit ${pageRows}
    ) page`;
  return db
    .select({ n: sql<number>`asked.n::int`, ...userPageColumns })
    .from(asked)
    .innerJoin(user, sql`${user.id} = page.id`)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .orderBy(sql`asked.n`, desc(user.createdAt), desc(user.id))
    .prepare('admin_search_pages');
}
const searchPages = preparedPer(prepareSearchPages);

/** A search as asked: the text, its literal `LIKE` pattern, and the cursor (or none). */
interface SearchAsk {
  q: string;
  pattern: string;
  after: { t: string; id: string } | null;
}

/** Each search's rows (one more than a page), the searches of one moment in one round trip. */
const searchPageRows = batchedPer(async (db: DbOrTx, asks: readonly SearchAsk[]) => {
  const rows = await searchPages(db).execute({
    qs: asks.map((a) => a.q),
    patterns: asks.map((a) => a.pattern),
    ts: asks.map((a) => a.after?.t ?? null),
    ids: asks.map((a) => a.after?.id ?? null),
  });
  return rowsByAsk(asks.length, rows);
});

/** A page of the list without a search (first, or after a cursor); the same pages of one moment are read once. */
const listPageRows = batchedPer((db: DbOrTx, asks: readonly ({ t: string; id: string } | null)[]) =>
  Promise.all(
    asks.map((after) =>
      after
        ? userPages(db).after.execute({ t: after.t, id: after.id })
        : userPages(db).first.execute(),
    ),
  ),
);

/**
 * Newest members first, 25 a page, paged by (created_at, id) so page 4,000 costs what page 1 does
 * (index user_created_idx). The search matches the start of the e-mail or the display name, whatever
 * the case, through the lower(...) text_pattern_ops indexes of migration 0008.
 */
export async function listUsers(
  ctx: ServiceContext,
  input: { q?: string; cursor?: string },
): Promise<AdminUsersPage> {
  requireAdmin(ctx);
  const after = input.cursor ? userCursors.decode(input.cursor) : null;
  const q = input.q?.trim();
  const rows = q
    ? await searchPageRows(ctx.db, { q, pattern: prefixPattern(q), after })
    : await listPageRows(ctx.db, after);
  const page = rows.slice(0, USERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: page.map((r): AdminUserView => ({
      id: r.id,
      displayName: r.displayName ?? (r.name || null),
      email: r.email || null,
      isAdmin: r.isAdmin ?? false,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > USERS_PAGE_SIZE && last
        ? userCursors.encode(last.createdAt.toISOString(), last.id)
        : null,
  };
}

/**
 * Each asked page's members with an active cycle, their lines' inputs (`i`: the member's place in the
 * page, from 1), one row per page (`n`, from 1): the pages of lines asked at one moment go to the
 * database together, as one statement (`batchedPer`, decision 0027), each page as its ids joined by
 * commas (no id holds one: the route splits on them), so a moment's hundreds of ids are a dozen array
 * elements to send, and its hundreds of lines a dozen rows to read back (decision 0133).
 */
const prepareMemberLinePages = (db: DbOrTx) =>
  db
    .select({
      n: sql<number>`page.n::int`,
      lines: sql<
        Array<[number, ...MemberCycleInputs]>
      >`json_agg(json_build_array(asked.i, ${memberCycleInputs}))`,
    })
    .from(
      sql`unnest((select ${sql.placeholder('pages')}::text[])) with ordinality as page(ids, n)
        cross join lateral unnest(string_to_array(page.ids, ',')) with ordinality as asked(id, i)`,
    )
    .innerJoin(cycles, sql`${cycles.userId} = asked.id and ${cycles.isActive}`)
    .leftJoin(userSettings, eq(userSettings.userId, cycles.userId))
    .groupBy(sql`page.n`)
    .prepare('admin_member_lines');
const memberLineStatements = preparedPer(prepareMemberLinePages);

const memberLinePages = batchedPer(async (db: DbOrTx, pages: readonly (readonly string[])[]) => {
  // An id with a comma or a NUL is no member's: it asks for nothing, in its place (a NUL would fail
  // the whole statement, and with it every page of the moment).
  const joined = pages.map((ids) =>
    ids.map((id) => (id.includes(',') || id.includes('\u0000') ? '' : id)).join(','),
  );
  const rows = await memberLineStatements(db).execute({ pages: joined });
  return rowByAsk(pages.length, rows).map((row) => row?.lines ?? []);
});

/**
 * The cycle line of each member asked (issue 43: day, streak, mode, pause, at risk, by the streak
 * rule as kept), in the order asked; null for a member without an active cycle or with no such id.
 * The Users page asks it for the rows it shows (decision 0132).
 */
export async function listMemberLines(
  ctx: ServiceContext,
  input: { ids: readonly string[] },
): Promise<AdminMemberLines> {
  requireAdmin(ctx);
  const now = ctx.now();
  const lines: AdminMemberLines['lines'] = input.ids.map((id) => ({ id, cycle: null }));
  for (const [i, ...inputs] of await memberLinePages(ctx.db, input.ids)) {
    lines[i - 1].cycle = memberCycleLine(inputs, now);
  }
  return { lines };
}

/** The award dialog's member picker: id and display name, by name. */
export async function listMemberOptions(
  ctx: ServiceContext,
  input: { q?: string },
): Promise<AdminMembersList> {
  requireAdmin(ctx);
  const q = input.q?.trim();
  const members = await ctx.db
    .select({ id: profiles.id, displayName: profiles.displayName })
    .from(profiles)
    .where(q ? sql`lower(${profiles.displayName}) like lower(${prefixPattern(q)})` : undefined)
    .orderBy(profiles.displayName, profiles.id)
    .limit(50);
  return { members };
}
